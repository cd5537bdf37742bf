// The e-mails the worker sends. Only the audit report today; the kind keeps room for others.
import { Type, type Static } from '@sinclair/typebox';

/**
 * Data of a `mail-send` job (queue `JOB_QUEUES.mailSend`): the audit whose report link (and
 * PDF) goes to the lead. The worker records emailSent / emailDelivered on the audit row.
 */
export const MailSendJobSchema = Type.Object(
  { kind: Type.Literal('audit-report'), auditId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export type MailSendJob = Static<typeof MailSendJobSchema>;

/** Tracking-pixel tokens: 128 random bits, base64url. */
export const OPEN_TOKEN_PATTERN = '^[A-Za-z0-9_-]{22}$';
