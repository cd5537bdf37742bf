// The leads the Traffic page attributes to their visits, and the one lead whose journey the
// owner opens from Marketing Audits: the lead record with what its audits record (requested,
// e-mail opened, report opened again), never the visits themselves (those are in ClickHouse).
import type { Db } from '../client.ts';

export interface AttributionLeadRow {
  email: string;
  createdAt: number;
  auditRequested: boolean;
  emailOpened: boolean;
  reportOpened: boolean;
}

/** Leads created in [from, to), with their audits' flags. */
export async function created(db: Db, from: Date, to: Date): Promise<AttributionLeadRow[]> {
  const rows = await db<Array<Omit<AttributionLeadRow, 'createdAt'> & { createdAt: Date }>>`
    SELECT lower(l.email) AS email, l.created_at AS "createdAt", a.lead_id IS NOT NULL AS "auditRequested",
           COALESCE(a.opened, false) AS "emailOpened", COALESCE(a.returned, false) AS "reportOpened"
    FROM leads l
    LEFT JOIN (SELECT lead_id, bool_or(email_opened) AS opened, bool_or(report_converted_at IS NOT NULL) AS returned
               FROM audits WHERE lead_id IS NOT NULL GROUP BY lead_id) a ON a.lead_id = l.id
    WHERE l.created_at >= ${from} AND l.created_at < ${to}`;
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() }));
}

export interface JourneyAudit {
  leadId: string | null;
  email: string;
  /** When the lead was created (the audit's own time when the lead is gone). */
  createdAt: Date;
  audits: Array<{ requestedAt: Date; website: string | null; emailOpenedAt: Date | null; reportOpenedAt: Date | null }>;
}

/** The lead behind the Marketing Audits row `auditId` and every audit of that address; null when there is no such audit. */
export async function forAudit(db: Db, auditId: string): Promise<JourneyAudit | null> {
  const [row] = await db<Array<{ leadId: string | null; email: string; createdAt: Date }>>`
    SELECT a.lead_id AS "leadId", lower(a.email) AS email, COALESCE(l.created_at, a.created_at) AS "createdAt"
    FROM audits a LEFT JOIN leads l ON l.id = a.lead_id WHERE a.id = ${auditId}`;
  if (!row) return null;
  const audits = await db<JourneyAudit['audits']>`
    SELECT created_at AS "requestedAt", NULLIF(website, '') AS website, email_opened_at AS "emailOpenedAt",
           report_converted_at AS "reportOpenedAt"
    FROM audits WHERE lower(email) = ${row.email} ORDER BY created_at LIMIT 100`;
  return { ...row, audits };
}

export interface NewLeadRow {
  name: string;
  email: string;
  source: string;
  createdAt: Date;
}

/** The newest `limit` leads created in [from, to), newest first, as the weekly e-mail lists them. */
export async function newest(db: Db, from: Date, to: Date, limit: number): Promise<NewLeadRow[]> {
  return db<NewLeadRow[]>`
    SELECT COALESCE(NULLIF(business_name, ''), NULLIF(concat_ws(' ', first_name, last_name), ''), email) AS name,
           email, source, created_at AS "createdAt"
    FROM leads WHERE created_at >= ${from} AND created_at < ${to}
    ORDER BY created_at DESC LIMIT ${limit}`;
}
