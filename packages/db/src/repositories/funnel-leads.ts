// Leads of a funnel. A lead belongs to the funnel whose page or popup sent it (`funnel_id`),
// whose id is its form id, or the slug of its source ('Marketing Audit Page' →
// marketing-audit-page → marketing-audit); and every lead whose request queued an audit belongs
// to the free audit's funnel, whichever form sent it.
import type { Db } from '../client.ts';

/**
 * The Free Marketing Audit funnel (PostgreSQL migration 0040). The audit popup's requests (forms popup-image
 * and popup-standard, source 'Audit Popup') matched no funnel by form or source, so the funnel
 * counted 14 submissions where the Marketing Audits page counted 15 audits; now its
 * submissions are the audit requests, the same figure.
 */
const AUDIT_FUNNEL_ID = 'marketing-audit';

const SOURCE_SLUG = "trim(both '-' from regexp_replace(lower(l.source), '[^a-z0-9]+', '-', 'g'))";
/** Whether lead `l` belongs to funnel `f`; `audited` is SQL that is true when the lead has an audit. */
const belongs = (audited: string) =>
  `(l.funnel_id = f.id OR l.form_id = f.id OR ${SOURCE_SLUG} IN (f.id, f.id || '-page') OR (f.id = '${AUDIT_FUNNEL_ID}' AND ${audited}))`;
/**
 * Leads with `audited` (an audit was queued for them), `opened` (they opened a report e-mail) and
 * `returned` (they came back to a report): one hash join, not a lookup per lead and funnel. The
 * last two are the conversion events a funnel may count instead of submissions.
 */
const LEADS = `(SELECT l0.*, a0.lead_id IS NOT NULL AS audited,
          COALESCE(a0.opened, false) AS opened, COALESCE(a0.returned, false) AS returned
   FROM leads l0 LEFT JOIN (SELECT lead_id, bool_or(email_opened) AS opened, bool_or(report_converted_at IS NOT NULL) AS returned
                            FROM audits WHERE lead_id IS NOT NULL GROUP BY lead_id) a0 ON a0.lead_id = l0.id)`;
const BELONGS = belongs('l.audited');

export interface FunnelSubmission {
  businessName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  submittedAt: string;
}

export interface FunnelCounts {
  total: number;
  recent: number;
  /** Leads who opened a report e-mail. */
  opened: number;
  /** Leads who came back to their report. */
  returned: number;
}

/** Per funnel id: all its leads and those of the last `recentDays` days, with how many opened or came back. */
export async function countsPerFunnel(db: Db, recentDays: number): Promise<Map<string, FunnelCounts>> {
  const rows = await db.unsafe<({ id: string } & FunnelCounts)[]>(
    `SELECT f.id, count(l.id)::int AS total,
            count(l.id) FILTER (WHERE l.created_at > now() - make_interval(days => $1))::int AS recent,
            count(l.id) FILTER (WHERE l.opened)::int AS opened,
            count(l.id) FILTER (WHERE l.returned)::int AS returned
     FROM funnels f LEFT JOIN ${LEADS} l ON ${BELONGS}
     GROUP BY f.id`,
    [recentDays],
  );
  return new Map(rows.map((r) => [r.id, { total: r.total, recent: r.recent, opened: r.opened, returned: r.returned }]));
}

/** One funnel's leads in all and this (UTC) month, and the average overall score of their finished audits. */
export async function summary(
  db: Db,
  id: string,
): Promise<{ total: number; thisMonth: number; opened: number; returned: number; averageScore: number | null }> {
  const [row] = await db.unsafe<{ total: number; this_month: number; opened: number; returned: number; average_score: string | null }[]>(
    `SELECT count(l.id)::int AS total,
            count(l.id) FILTER (WHERE l.opened)::int AS opened,
            count(l.id) FILTER (WHERE l.returned)::int AS returned,
            count(l.id) FILTER (WHERE l.created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS this_month,
            (SELECT round(avg((a.report->'scores'->>'overall')::numeric), 1)
               FROM audits a JOIN leads l ON a.lead_id = l.id JOIN funnels f ON f.id = $1 AND ${belongs('true')}
              WHERE a.status = 'done' AND jsonb_typeof(a.report->'scores'->'overall') = 'number') AS average_score
     FROM funnels f LEFT JOIN ${LEADS} l ON ${BELONGS}
     WHERE f.id = $1`,
    [id],
  );
  return {
    total: row?.total ?? 0,
    thisMonth: row?.this_month ?? 0,
    opened: row?.opened ?? 0,
    returned: row?.returned ?? 0,
    averageScore: row?.average_score == null ? null : Number(row.average_score),
  };
}

/** A funnel's newest `limit` leads. */
export async function latest(db: Db, id: string, limit: number): Promise<FunnelSubmission[]> {
  return db.unsafe<FunnelSubmission[]>(
    `SELECT l.business_name AS "businessName", l.first_name AS "firstName", l.last_name AS "lastName", l.email,
            to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "submittedAt"
     FROM funnels f JOIN ${LEADS} l ON ${BELONGS}
     WHERE f.id = $1
     ORDER BY l.created_at DESC, l.id DESC
     LIMIT $2`,
    [id, limit],
  );
}
