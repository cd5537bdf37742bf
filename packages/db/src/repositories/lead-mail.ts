// What the funnels' e-mails to a lead need: the lead, its funnel's stored config,
// its unsubscribe token, and for the report and the follow-up its audit. The follow-up is
// claimed on the audit before it is handed over, so a retried job never sends it twice.
import type { Db } from '../client.ts';

export interface LeadMailRow {
  lead_id: string;
  email: string;
  first_name: string | null;
  business_name: string | null;
  website: string | null;
  funnel_id: string | null;
  /** The funnel's stored config (completed by the caller), null without a funnel. */
  funnel_config: unknown;
  unsubscribe_token: string;
  unsubscribed_at: Date | null;
}

export interface AuditLeadMailRow extends LeadMailRow {
  audit_id: string;
  report_id: string;
  score: number | null;
  email_sent_at: Date | null;
  email_delivered: boolean;
  report_converted_at: Date | null;
  follow_up_sent_at: Date | null;
  /** A later request or message from the same address: the lead came back on its own. */
  came_back: boolean;
}

const LEAD_COLUMNS = `l.id AS lead_id, l.email, l.first_name, l.business_name, l.website, l.funnel_id, f.config AS funnel_config,
  l.unsubscribe_token, l.unsubscribed_at`;

export async function forLead(db: Db, leadId: string): Promise<LeadMailRow | undefined> {
  const [row] = await db.unsafe<LeadMailRow[]>(
    `SELECT ${LEAD_COLUMNS} FROM leads l LEFT JOIN funnels f ON f.id = l.funnel_id WHERE l.id = $1`,
    [leadId],
  );
  return row;
}

/** The audit's lead (undefined for an audit whose lead is gone). */
export async function forAudit(db: Db, auditId: string): Promise<AuditLeadMailRow | undefined> {
  const [row] = await db.unsafe<AuditLeadMailRow[]>(
    `SELECT ${LEAD_COLUMNS}, a.id AS audit_id, a.report_id, (a.report->'scores'->>'overall')::numeric::int AS score,
            a.email_sent_at, a.email_delivered, a.report_converted_at, a.follow_up_sent_at,
            EXISTS (SELECT 1 FROM leads n WHERE lower(n.email) = lower(l.email) AND n.created_at > l.created_at)
              OR EXISTS (SELECT 1 FROM contact_messages m
                         WHERE lower(m.email) = lower(l.email) AND m.created_at > l.created_at) AS came_back
     FROM audits a JOIN leads l ON l.id = a.lead_id LEFT JOIN funnels f ON f.id = l.funnel_id
     WHERE a.id = $1`,
    [auditId],
  );
  return row;
}

/** Claims the audit's follow-up; false when it was claimed (sent) already. */
export async function claimFollowUp(db: Db, auditId: string): Promise<boolean> {
  const rows = await db`UPDATE audits SET follow_up_sent_at = now() WHERE id = ${auditId} AND follow_up_sent_at IS NULL RETURNING id`;
  return rows.length === 1;
}

/** Gives a claim back when no transport took the follow-up (the job retries). */
export async function releaseFollowUp(db: Db, auditId: string): Promise<void> {
  await db`UPDATE audits SET follow_up_sent_at = NULL WHERE id = ${auditId}`;
}

/**
 * The lead of this token unsubscribes, with every earlier lead of its address (the first time is
 * kept); its address, or undefined for an unknown token. A later request is a new consent.
 */
export async function unsubscribe(db: Db, token: string): Promise<{ email: string } | undefined> {
  const [row] = await db<{ email: string }[]>`
    WITH me AS (SELECT email, created_at FROM leads WHERE unsubscribe_token = ${token})
    UPDATE leads l SET unsubscribed_at = COALESCE(l.unsubscribed_at, now())
    FROM me WHERE lower(l.email) = lower(me.email) AND l.created_at <= me.created_at
    RETURNING me.email`;
  return row;
}
