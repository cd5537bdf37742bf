// The report e-mail's flags on the audit row: sent, delivered (or why not), opened. The open
// token in the e-mail's pixel is the only way to set "opened".
import type { AuditReport } from '@curb/contracts/audit';
import { OUTBOX_TRANSPORT, SENDING_TRANSPORTS, type MailTransportName } from '@curb/contracts/mail';
import type { Db } from '../client.ts';
import type { AuditStatus } from './audits.ts';

/**
 * The report e-mail's flags as the owner reads them: SQL conditions over an `audits` row, for
 * the audit list, its totals and the dashboard's counts. The row records that a transport took
 * the mail (email_delivered, which also keeps the job from sending it twice) and which one
 * (mail_transport); only the mail API and the SMTP server pass a mail on, so one written to the
 * outbox folder is neither sent nor delivered.
 */
export const ownerFlags = {
  /** A mail service accepted the e-mail. */
  sent: (db: Db) => db`(email_sent AND mail_transport IN ${db(SENDING_TRANSPORTS)} AND mail_refused_at IS NULL)`,
  /** The mail service confirmed taking it (its acceptance: no bounces are read). */
  delivered: (db: Db) => db`(email_delivered AND mail_transport IN ${db(SENDING_TRANSPORTS)})`,
  /** Written to the outbox folder, where nobody receives it. */
  inOutbox: (db: Db) => db`(email_delivered AND mail_transport = ${OUTBOX_TRANSPORT})`,
  /** The recipient's server refused it for good: neither sent nor delivered. */
  refused: (db: Db) => db`(mail_refused_at IS NOT NULL AND NOT email_delivered)`,
};

export interface MailRow {
  id: string;
  email: string;
  status: AuditStatus;
  report: AuditReport | null;
  email_delivered: boolean;
  open_token: string | null;
}

/** What the report e-mail needs, and whether it already went out. */
export async function findForMail(db: Db, auditId: string): Promise<MailRow | undefined> {
  const [row] = await db<MailRow[]>`SELECT id, email, status, report, email_delivered, open_token FROM audits WHERE id = ${auditId}`;
  return row;
}

/** The e-mail is about to be handed over with this open token (the first send's time is kept). */
export async function markSent(db: Db, auditId: string, openToken: string): Promise<void> {
  await db`UPDATE audits SET open_token = ${openToken}, email_sent = true, email_sent_at = COALESCE(email_sent_at, now())
    WHERE id = ${auditId}`;
}

/** A transport accepted the e-mail (the outbox included: see ownerFlags); an earlier attempt's error is cleared. */
export async function markDelivered(db: Db, auditId: string, transport: MailTransportName): Promise<void> {
  await db`UPDATE audits SET email_delivered = true, email_delivered_at = now(), mail_transport = ${transport}, mail_error = NULL
    WHERE id = ${auditId}`;
}

/** The recipient's server refused the e-mail for good, with its reply; the job stops trying. */
export async function markRefused(db: Db, auditId: string, transport: MailTransportName, reply: string): Promise<void> {
  await db`UPDATE audits SET mail_refused_at = now(), mail_transport = ${transport}, mail_error = ${reply} WHERE id = ${auditId}`;
}

/** Report e-mails refused by their recipients' servers since `since`, for the System Overview. */
export async function refusedSince(db: Db, since: Date): Promise<number> {
  const [row] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM audits WHERE mail_refused_at >= ${since} AND NOT email_delivered`;
  return row!.n;
}

/** Why no transport took the e-mail (shown to the owner; the job retries). */
export async function recordFailure(db: Db, auditId: string, error: string): Promise<void> {
  await db`UPDATE audits SET mail_error = ${error} WHERE id = ${auditId}`;
}

/** The lead opened the e-mail (the first open's time is kept); the audit, or undefined for an unknown token. */
export async function recordOpen(db: Db, openToken: string): Promise<{ id: string; email: string; report_id: string } | undefined> {
  const [row] = await db<{ id: string; email: string; report_id: string }[]>`
    UPDATE audits SET email_opened = true, email_opened_at = COALESCE(email_opened_at, now())
    WHERE open_token = ${openToken} RETURNING id, email, report_id`;
  return row;
}
