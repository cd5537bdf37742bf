// The owner's list of marketing audits: one page, newest first, and the totals over all of them.
import type { MarketingAuditRecord } from '@curb/contracts/admin';
import type { ListFilter } from '@curb/contracts/privacy';
import type { Db } from '../client.ts';
import { ownerFlags } from './audit-mail.ts';
import { filterWhere } from './list-filter.ts';

export interface Totals {
  total: number;
  /** Report e-mails a mail service (mail API or SMTP) accepted; the outbox is not sending. */
  emails_sent: number;
  emails_delivered: number;
  /** Report e-mails written to the outbox folder instead, which reached nobody. */
  emails_in_outbox: number;
  /** Report e-mails the recipient's server refused. */
  emails_refused: number;
  /** Audits whose report was opened at least once (the rows whose Views is above 0). */
  reports_viewed: number;
  /** Leads who came back to their report later (a conversion), not the view right after asking. */
  reports_returned: number;
}

export async function totals(db: Db): Promise<Totals> {
  const [row] = await db<Totals[]>`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE ${ownerFlags.sent(db)})::int AS emails_sent,
           count(*) FILTER (WHERE ${ownerFlags.delivered(db)})::int AS emails_delivered,
           count(*) FILTER (WHERE ${ownerFlags.inOutbox(db)})::int AS emails_in_outbox,
           count(*) FILTER (WHERE ${ownerFlags.refused(db)})::int AS emails_refused,
           count(*) FILTER (WHERE report_view_count > 0)::int AS reports_viewed,
           count(*) FILTER (WHERE report_converted_at IS NOT NULL)::int AS reports_returned
    FROM audits`;
  return row!;
}

/** What the list's search reads: the business, the address, the site and the source. */
const searched = (db: Db) => db`concat_ws(' ', business_name, email, website, source)`;

/** How many audits the admin's filter keeps (the list's pages; the totals stay over every audit). */
export async function count(db: Db, filter: ListFilter): Promise<number> {
  const [row] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM audits WHERE ${filterWhere(db, filter, searched(db))}`;
  return row!.n;
}

/**
 * Page `page` (from 1) of `limit` audits the filter keeps, as the admin shows them; ties on time
 * broken by id so pages never overlap.
 */
export async function page(db: Db, page: number, limit: number, filter: ListFilter = {}): Promise<MarketingAuditRecord[]> {
  return db<MarketingAuditRecord[]>`
    SELECT id, business_name AS "businessName", email, NULLIF(website, '') AS website, source,
           report_id AS "reportId", to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
           ${ownerFlags.sent(db)} AS "emailSent", ${ownerFlags.delivered(db)} AS "emailDelivered",
           ${ownerFlags.inOutbox(db)} AS "emailInOutbox", ${ownerFlags.refused(db)} AS "emailRefused",
           CASE WHEN ${ownerFlags.refused(db)} THEN mail_error END AS "mailRefusal", email_opened AS "emailOpened",
           report_converted_at IS NOT NULL AS "reportViewed", report_view_count AS "reportViewCount", status
    FROM audits
    WHERE ${filterWhere(db, filter, searched(db))}
    ORDER BY created_at DESC, id DESC
    LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
}
