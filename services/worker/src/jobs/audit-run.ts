// The `audit-run` job: analyse a lead's website, store the report on its audit row and queue
// the report e-mail. The row moves queued -> running -> done | failed; the report page polls
// it and shows the progress or the reason of a failure.
import type { FastifyBaseLogger } from 'fastify';
import { Value } from '@sinclair/typebox/value';
import { analyseSite, buildReport, FetchError, type AnalyseOptions } from '@curb/audit';
import { embedBranding } from '@curb/audit/report/branding';
import { AuditRunJobSchema } from '@curb/contracts/audit';
import type { Config } from '@curb/contracts/config';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import type { MailSendJob } from '@curb/contracts/mail';
import { audits, type JobQueue, type Sql } from '@curb/db';

/** Queue defaults, applied to every audit-run job sent afterwards (by any service). */
export const AUDIT_RUN_QUEUE = { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 };

/** Site problems that another attempt will not fix: a domain that does not exist is one. */
const PERMANENT = new Set(['invalid-url', 'blocked-address', 'too-many-redirects', 'redirect-loop', 'dns']);
/** Network problems that may pass: tried once more, not twice, so a dead site costs seconds. */
const RETRY_ONCE = new Set(['dns-temporary', 'connection', 'timeout', 'tls']);

export interface AuditRunDeps {
  sql: Sql;
  jobs: JobQueue;
  config: Pick<Config, 'AUDIT_ALLOW_PRIVATE_NETWORKS' | 'CHROME_PATH'>;
  log: FastifyBaseLogger;
  /** Overrides for tests (fetch deadline, lab mode). */
  analyse?: Partial<AnalyseOptions>;
}

export interface AuditJob {
  id: string;
  data: unknown;
  retryCount: number;
  retryLimit: number;
}

export type AuditOutcome = 'done' | 'failed' | 'retrying' | 'skipped';

export async function runAuditJob(deps: AuditRunDeps, job: AuditJob): Promise<AuditOutcome> {
  const { sql, log } = deps;
  if (!Value.Check(AuditRunJobSchema, job.data)) {
    log.warn({ jobId: job.id }, 'audit-run job with invalid data dropped');
    return 'skipped';
  }
  const { auditId } = job.data;
  const audit = await audits.findForRun(sql, auditId);
  if (!audit || audit.status === 'done') return 'skipped';

  await audits.markRunning(sql, auditId);
  if (!audit.website?.trim()) {
    await audits.markFailed(sql, auditId, 'No website address was given with this audit request.');
    return 'failed';
  }

  // Progress writes are serialised and never fail the audit.
  let progressChain = Promise.resolve();
  const onProgress = (progress: number, stage: string) => {
    progressChain = progressChain.then(() => audits.setProgress(sql, auditId, progress, stage)).catch(() => {});
  };

  try {
    const analysis = await analyseSite(audit.website, {
      allowPrivateNetworks: deps.config.AUDIT_ALLOW_PRIVATE_NETWORKS,
      maxPages: 1,
      lab: 'lighthouse',
      chromePath: deps.config.CHROME_PATH ?? null,
      labBudgetMs: 90_000,
      onProgress,
      ...deps.analyse,
    });
    const built = buildReport({
      reportId: audit.report_id,
      businessName: audit.business_name,
      ctx: analysis.ctx,
      run: analysis.run,
      generatedAt: new Date(),
    });
    const report = await embedBranding(built, { allowPrivateNetworks: deps.config.AUDIT_ALLOW_PRIVATE_NETWORKS, ...deps.analyse?.policy });
    if (analysis.run.errors.length) log.error({ auditId, errors: analysis.run.errors }, 'audit checks threw');
    await progressChain;
    await sql.begin(async (tx) => {
      await audits.markReady(tx, auditId, report);
      const mail: MailSendJob = { kind: 'audit-report', auditId };
      // A failed send rolls the report back so this job retries; the mail job itself skips an
      // audit whose e-mail was already delivered.
      await deps.jobs.send(JOB_QUEUES.mailSend, mail, { retryLimit: 3, retryDelay: 60, retryBackoff: true });
    });
    log.info({ auditId, overall: report.scores.overall, ms: analysis.durationMs, lighthouse: analysis.ctx.lab.lighthouse }, 'audit done');
    return 'done';
  } catch (err) {
    await progressChain;
    const siteProblem = err instanceof FetchError;
    const message = siteProblem ? err.message : 'The analysis failed unexpectedly.';
    const final =
      (siteProblem && (PERMANENT.has(err.code) || (RETRY_ONCE.has(err.code) && job.retryCount >= 1))) || job.retryCount >= job.retryLimit;
    if (!siteProblem) log.error({ err, auditId }, 'audit failed');
    if (final) {
      await audits.markFailed(sql, auditId, message);
      return 'failed';
    }
    await audits.requeue(sql, auditId, `Retrying soon: ${message}`);
    throw err;
  }
}

/** Registers the audit-run handler on the worker's queue. */
export async function workAuditRuns(deps: AuditRunDeps): Promise<void> {
  await deps.jobs.updateQueue(JOB_QUEUES.auditRun, { name: JOB_QUEUES.auditRun, ...AUDIT_RUN_QUEUE });
  let workerId: string | undefined;
  workerId = await deps.jobs.work(JOB_QUEUES.auditRun, { batchSize: 1, includeMetadata: true }, async ([job]) => {
    if (!job) return;
    await runAuditJob(deps, job);
    // pg-boss pauses its polling interval (2 s) after every job; a line of audits that end
    // fast (dead domains) would then hold a real one back by minutes. Fetch the next at once.
    if (workerId) deps.jobs.notifyWorker(workerId);
  });
}
