// A lead's website audit (`audits`) through its life: queued with the lead, run by the worker
// (queued -> running -> done | failed), then read by the report page. The report e-mail's
// flags are in audit-mail.ts, the admin's list in audit-list.ts.
import type { AuditReport } from '@curb/contracts/audit';
import type { Db } from '../client.ts';

export type AuditStatus = 'queued' | 'running' | 'done' | 'failed';

export interface NewAudit {
  leadId: string;
  reportId: string;
  businessName: string;
  email: string;
  website: string | null;
  source: string;
}

/** Queues an audit (in the transaction that stores its lead and job); its id. */
export async function insertQueued(db: Db, audit: NewAudit): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    INSERT INTO audits (lead_id, report_id, business_name, email, website, source, status)
    VALUES (${audit.leadId}, ${audit.reportId}, ${audit.businessName}, ${audit.email}, ${audit.website}, ${audit.source}, 'queued')
    RETURNING id`;
  return row!.id;
}

export interface RunRow {
  id: string;
  report_id: string;
  business_name: string;
  website: string | null;
  status: AuditStatus;
}

/** What the worker needs to run the audit. */
export async function findForRun(db: Db, id: string): Promise<RunRow | undefined> {
  const [row] = await db<RunRow[]>`SELECT id, report_id, business_name, website, status FROM audits WHERE id = ${id}`;
  return row;
}

/** An attempt starts: counted, progress back to the start, an earlier attempt's error cleared. */
export async function markRunning(db: Db, id: string): Promise<void> {
  await db`UPDATE audits SET status = 'running', progress = 5, stage = 'Starting the analysis', error = NULL, attempts = attempts + 1,
    started_at = now() WHERE id = ${id}`;
}

/** Progress of a running attempt; ignored once the audit has ended. */
export async function setProgress(db: Db, id: string, progress: number, stage: string): Promise<void> {
  await db`UPDATE audits SET progress = ${progress}, stage = ${stage} WHERE id = ${id} AND status = 'running'`;
}

/** The report is stored and the audit done (with the report e-mail's job, in one transaction). */
export async function markReady(db: Db, id: string, report: AuditReport): Promise<void> {
  await db`UPDATE audits SET status = 'done', report = ${db.json(report as never)}, progress = 100, stage = 'Report ready', error = NULL,
    completed_at = now() WHERE id = ${id}`;
}

/** The audit failed for good; `reason` is shown on the report page. */
export async function markFailed(db: Db, id: string, reason: string): Promise<void> {
  await db`UPDATE audits SET status = 'failed', error = ${reason}, progress = 100, stage = 'Failed', completed_at = now() WHERE id = ${id}`;
}

/** Back in the queue until the job's next attempt; `stage` tells the page why. */
export async function requeue(db: Db, id: string, stage: string): Promise<void> {
  await db`UPDATE audits SET status = 'queued', progress = 0, stage = ${stage} WHERE id = ${id}`;
}

export interface ReportRow {
  id: string;
  email: string;
  report_id: string;
  business_name: string;
  website: string | null;
  status: AuditStatus;
  progress: number;
  stage: string;
  error: string | null;
  report: AuditReport | null;
}

/** The audit behind a report page address. */
export async function findByReportId(db: Db, reportId: string): Promise<ReportRow | undefined> {
  const [row] = await db<ReportRow[]>`
    SELECT id, email, report_id, business_name, website, status, progress, stage, error, report
    FROM audits WHERE report_id = ${reportId}`;
  return row;
}

/**
 * Fails an audit still queued or running an hour after it was requested (its job is lost for
 * good), so its page stops waiting; the stored error when it did.
 */
export async function failIfStale(db: Db, id: string, reason: string): Promise<string | undefined> {
  const [row] = await db<{ error: string }[]>`
    UPDATE audits SET status = 'failed', error = ${reason}, stage = 'Failed', completed_at = now()
    WHERE id = ${id} AND status IN ('queued', 'running') AND created_at < now() - interval '1 hour'
    RETURNING error`;
  return row?.error;
}

/**
 * Counts a view of the finished report by the lead; the first view at least `conversionAfter`
 * (an interval, e.g. '60 seconds') after the report was ready marks the lead as converted.
 */
export async function recordReportView(db: Db, id: string, conversionAfter: string): Promise<void> {
  await db`
    UPDATE audits SET report_viewed = true, report_view_count = report_view_count + 1, report_viewed_at = COALESCE(report_viewed_at, now()),
      report_converted_at = COALESCE(report_converted_at, CASE WHEN now() >= completed_at + ${conversionAfter} THEN now() END)
    WHERE id = ${id}`;
}
