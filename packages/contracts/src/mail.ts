// The e-mails the worker sends: the audit report to the lead, and the owner's notice of every
// new lead and contact message; the funnels' confirmation and follow-up, and the owner's test
// of a template.
import { Type, type Static } from '@sinclair/typebox';

/**
 * Data of a `mail-send` job (queue `JOB_QUEUES.mailSend`). `audit-report`: the audit whose
 * report link (and PDF) goes to the lead; the worker records on the audit row that it tried
 * (email_sent), that a transport took the mail (email_delivered) and which one (mail_transport).
 * `lead-notification` / `contact-notification`: the stored submission the site's owner is told
 * about; queued in the transaction that stores it.
 */
export const MailSendJobSchema = Type.Union([
  Type.Object({ kind: Type.Literal('audit-report'), auditId: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('lead-notification'), leadId: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('contact-notification'), messageId: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
  // The funnel's confirmation to the lead, queued with the lead when the funnel sends one.
  Type.Object({ kind: Type.Literal('lead-confirmation'), leadId: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
  // The funnel's follow-up, queued to start its days after the report e-mail (once per audit).
  Type.Object({ kind: Type.Literal('follow-up'), auditId: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
  // The owner's "send test to me": a template filled with sample values, to the owner.
  Type.Object(
    {
      kind: Type.Literal('template-test'),
      to: Type.String({ maxLength: 254 }),
      type: Type.Union([Type.Literal('confirmation'), Type.Literal('notification'), Type.Literal('follow-up')]),
      subject: Type.String({ maxLength: 200 }),
      body: Type.String({ maxLength: 5000 }),
    },
    { additionalProperties: false },
  ),
]);
export type MailSendJob = Static<typeof MailSendJobSchema>;

/**
 * The ways a mail leaves the worker, recorded per report e-mail (`audits.mail_transport`): the
 * mail API, then SMTP, and the file outbox only when neither is configured.
 */
export type MailTransportName = 'mail-api' | 'smtp' | 'outbox';
/**
 * The transports that pass a mail on to its recipient. The outbox is a folder on the server
 * that nobody receives: a mail written there is neither sent nor delivered.
 */
export const SENDING_TRANSPORTS: readonly MailTransportName[] = ['mail-api', 'smtp'];
export const OUTBOX_TRANSPORT: MailTransportName = 'outbox';

/** Tracking-pixel tokens: 128 random bits, base64url. */
export const OPEN_TOKEN_PATTERN = '^[A-Za-z0-9_-]{22}$';
/** The open pixel's parameter: any text, since an unknown token still gets the pixel. */
export const OpenTokenParamsSchema = Type.Object({ token: Type.String() });

/** Whether mail reaches nobody but the outbox folder: neither a mail API nor SMTP is configured. */
export const mailOnlyToOutbox = (config: { MAIL_API_URL?: string | undefined; SMTP_URL?: string | undefined }) =>
  !config.MAIL_API_URL && !config.SMTP_URL;

/** The owner's test of a template, as queued: where it goes, and whether only to the outbox folder. */
export const TemplateTestQueuedSchema = Type.Object({ to: Type.String(), outboxOnly: Type.Boolean() });
export type TemplateTestQueued = Static<typeof TemplateTestQueuedSchema>;
