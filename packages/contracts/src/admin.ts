// The admin's marketing-audit list and the pagination shape every paged admin list answers
// with, so one table component pages them all.
import { Type, type Static } from '@sinclair/typebox';

/** The audit page shows 10 a page; one page never exceeds MAX_PAGE_SIZE rows. */
export const AUDIT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Deep enough for years of audits; keeps OFFSET from becoming a denial-of-service lever. */
export const MAX_PAGE = 100_000;
export const AUDIT_LIST_POLL_MS = 30_000;

export const PageQuerySchema = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: AUDIT_PAGE_SIZE }),
  },
  { additionalProperties: false },
);
export type PageQuery = Static<typeof PageQuerySchema>;

export const PaginationSchema = Type.Object({
  currentPage: Type.Integer({ minimum: 1 }),
  totalPages: Type.Integer({ minimum: 0 }),
  itemsPerPage: Type.Integer({ minimum: 1 }),
  totalItems: Type.Integer({ minimum: 0 }),
  hasPrevPage: Type.Boolean(),
  hasNextPage: Type.Boolean(),
});
export type Pagination = Static<typeof PaginationSchema>;

export function paginate(page: number, limit: number, totalItems: number): Pagination {
  const totalPages = Math.ceil(totalItems / limit);
  return { currentPage: page, totalPages, itemsPerPage: limit, totalItems, hasPrevPage: page > 1, hasNextPage: page < totalPages };
}

export const MarketingAuditRecordSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  businessName: Type.String(),
  email: Type.String(),
  website: Type.Union([Type.String(), Type.Null()]),
  source: Type.String(),
  reportId: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  /** A mail service (the mail API or the SMTP server) accepted the report e-mail; the outbox is not sending. */
  emailSent: Type.Boolean(),
  /** The mail service confirmed taking the e-mail for the lead (its acceptance: no bounces are read). */
  emailDelivered: Type.Boolean(),
  /** The report e-mail was written to the outbox folder instead (no mail service configured): it reached nobody. */
  emailInOutbox: Type.Boolean(),
  /** The recipient's server refused the report e-mail for good (an SMTP 5xx): not sent. */
  emailRefused: Type.Boolean(),
  /** That server's reply, when it refused. */
  mailRefusal: Type.Union([Type.String(), Type.Null()]),
  emailOpened: Type.Boolean(),
  /** The lead came back to the report (not the redirect right after submitting): a conversion. */
  reportViewed: Type.Boolean(),
  reportViewCount: Type.Integer({ minimum: 0 }),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
});
export type MarketingAuditRecord = Static<typeof MarketingAuditRecordSchema>;

export const MarketingAuditListSchema = Type.Object({
  recent: Type.Array(MarketingAuditRecordSchema),
  /** Totals over every audit, not only this page. */
  total: Type.Integer({ minimum: 0 }),
  emailsSent: Type.Integer({ minimum: 0 }),
  emailsDelivered: Type.Integer({ minimum: 0 }),
  /** Report e-mails written to the outbox folder: neither sent nor delivered. */
  emailsInOutbox: Type.Integer({ minimum: 0 }),
  /** Report e-mails refused by the recipient's server: neither sent nor delivered. */
  emailsRefused: Type.Integer({ minimum: 0 }),
  /** Audits whose report was opened at least once: the rows whose Views is above 0. */
  reportsViewed: Type.Integer({ minimum: 0 }),
  /** Of those, the leads who came back to their report later (a conversion). */
  reportsReturned: Type.Integer({ minimum: 0 }),
  /** Reports returned to per audit, in percent with one decimal (0 when there are no audits). */
  conversionRate: Type.Number({ minimum: 0, maximum: 100 }),
  pagination: PaginationSchema,
});
export type MarketingAuditList = Static<typeof MarketingAuditListSchema>;

/**
 * The audit list says what happened to the report e-mail and what the lead did in two columns,
 * so a lead's return never hides that their e-mail sat in the outbox. The e-mail, first match
 * wins: Email Sent is the mail API or the SMTP server taking it, a mail written to the outbox
 * folder is In outbox — not sent, an audit still queued or running is In Progress, one done whose
 * mail is on its way is Processing, and only an audit that failed (or a report that could not be
 * mailed) is Failed.
 */
export const IN_OUTBOX_BADGE = 'In outbox — not sent';
/** A refusal is said as such: the address does not take mail, nothing is wrong with the setup. */
export const REFUSED_BADGE = "Refused by the recipient's server";
export type DeliveryBadge = 'Email Sent' | typeof IN_OUTBOX_BADGE | typeof REFUSED_BADGE | 'Processing' | 'In Progress' | 'Failed';
type BadgeFlags = Pick<
  MarketingAuditRecord,
  'reportViewed' | 'emailOpened' | 'emailDelivered' | 'emailInOutbox' | 'emailRefused' | 'emailSent' | 'status'
>;
export function deliveryBadge(a: BadgeFlags): DeliveryBadge {
  if (a.emailDelivered) return 'Email Sent';
  if (a.emailInOutbox) return IN_OUTBOX_BADGE;
  if (a.emailRefused) return REFUSED_BADGE;
  if (a.emailSent) return 'Processing';
  if (a.status === 'queued' || a.status === 'running') return 'In Progress';
  if (a.status === 'done') return 'Processing';
  return 'Failed';
}

/** What the lead did, the furthest step: came back to the report (a conversion) or opened the e-mail; null: nothing yet. */
export type LeadBadge = 'Came back to the report' | 'Opened the e-mail';
export function leadBadge(a: BadgeFlags): LeadBadge | null {
  if (a.reportViewed) return 'Came back to the report';
  if (a.emailOpened) return 'Opened the e-mail';
  return null;
}

/** The outbox (embedded mode without a mail API or SMTP): mails written to disk instead of sent. */
export const OUTBOX_LIST_LIMIT = 50;
export const OUTBOX_ID_PATTERN = '^[A-Za-z0-9_-]{1,100}$';

export const OutboxMailSummarySchema = Type.Object({
  id: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  date: Type.String({ format: 'date-time' }),
  sizeBytes: Type.Integer(),
});
export type OutboxMailSummary = Static<typeof OutboxMailSummarySchema>;

/** Whether mail reaches anyone: the admin's first page warns when it goes to the outbox folder. */
export const MailServiceSchema = Type.Object({
  /** A mail API or an SMTP server is configured; false: every mail goes to the outbox folder. */
  configured: Type.Boolean(),
  /** The outbox folder on the server ($DATA_DIR/outbox). */
  outboxDir: Type.String(),
});
export type MailService = Static<typeof MailServiceSchema>;

export const OutboxListSchema = Type.Object({
  /** True when mail goes to the outbox (neither a mail API nor SMTP is configured). */
  inUse: Type.Boolean(),
  total: Type.Integer(),
  /** Newest first, at most OUTBOX_LIST_LIMIT. */
  mails: Type.Array(OutboxMailSummarySchema),
});
export type OutboxList = Static<typeof OutboxListSchema>;

export const OutboxMailSchema = Type.Object({
  id: Type.String(),
  from: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  date: Type.String({ format: 'date-time' }),
  text: Type.String(),
  attachments: Type.Array(Type.Object({ filename: Type.String(), contentType: Type.String(), sizeBytes: Type.Integer() })),
});
export type OutboxMail = Static<typeof OutboxMailSchema>;
