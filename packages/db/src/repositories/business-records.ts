// Counts across the business records, for the system dashboard's data-source states: a
// source is live once it holds rows.
import type { Db } from '../client.ts';
import { ownerFlags } from './audit-mail.ts';

export interface RecordCounts {
  leads: number;
  /** Audits whose report e-mail a mail service accepted (not those written to the outbox). */
  sent: number;
  /** Audits whose report e-mail the recipient's server refused. */
  refused: number;
  /** Finished audit reports. */
  reports: number;
  admins: number;
}

export async function counts(db: Db): Promise<RecordCounts> {
  const [row] = await db<RecordCounts[]>`
    SELECT (SELECT count(*) FROM leads)::int AS leads,
           (SELECT count(*) FROM audits WHERE ${ownerFlags.sent(db)})::int AS sent,
           (SELECT count(*) FROM audits WHERE ${ownerFlags.refused(db)})::int AS refused,
           (SELECT count(*) FROM audits WHERE status = 'done')::int AS reports,
           (SELECT count(*) FROM admin_users)::int AS admins`;
  return row!;
}
