// The `audit-run` job: analyse a lead's website, store the report on its audit row and queue
// the report e-mail. The row moves queued -> running -> done | failed; the report page polls
// it and shows the progress or the reason of a failure. Audits run a few at a time
// (AUDIT_CONCURRENCY), never two of one site or one client at once (`workAuditRuns`).
import type { FastifyBaseLogger } from 'fastify';
import { Value } from '@sinclair/typebox/value';
import { analyseSite, buildReport, FetchError, type AnalyseOptions } from '@curb/audit';
import { REPORT_LAB_BUDGET } from '@curb/audit/lab/budget';
import { siteLabCache } from '@curb/audit/lab/cache';
import { embedBranding } from '@curb/audit/report/branding';
import { AuditRunJobSchema } from '@curb/contracts/audit';
import type { Config } from '@curb/contracts/config';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import type { MailSendJob } from '@curb/contracts/mail';
import { auditQueue, audits, type JobQueue, type Sql } from '@curb/db';

/** Queue defaults, applied to every audit-run job sent afterwards (by any service). */
export const AUDIT_RUN_QUEUE = { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 };

/**
 * Site problems that fail the audit at once, with their reason: what another attempt will not
 * fix (a bad or private address, a redirect loop, a domain that does not exist), and a site
 * that answers but refuses us: a refused, reset or unreachable connection, a DNS failure, a
 * TLS failure. Trying those again 30 s later held a worker slot twice for a site that is down.
 */
const FINAL = new Set([
  'invalid-url',
  'blocked-address',
  'too-many-redirects',
  'redirect-loop',
  'dns',
  'dns-temporary',
  'connection',
  'tls',
]);
/** A site too slow to answer may pass: tried once more, not twice. */
const RETRY_ONCE = new Set(['timeout']);

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
      ...REPORT_LAB_BUDGET,
      // The speed measured for this site's preview or advanced audit minutes ago, when good enough.
      labCache: siteLabCache,
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
      (siteProblem && (FINAL.has(err.code) || (RETRY_ONCE.has(err.code) && job.retryCount >= 1))) || job.retryCount >= job.retryLimit;
    if (!siteProblem) log.error({ err, auditId }, 'audit failed');
    if (final) {
      await audits.markFailed(sql, auditId, message);
      return 'failed';
    }
    await audits.requeue(sql, auditId, `Retrying soon: ${message}`);
    throw err;
  }
}

/** At shutdown, how long running audits may take to end before they go back to the queue. */
export const AUDIT_STOP_WAIT_MS = 1000;

export interface AuditScheduling {
  /** Audits run at once in this process (AUDIT_CONCURRENCY). */
  concurrency: number;
  /** How often to look for a job when nothing woke the worker (1 s). */
  pollMs?: number;
}

export interface AuditWorker {
  /** Looks for jobs now (a slot or a key was freed, a lead was stored). */
  wake(): void;
  /** Audits running in this process now. */
  readonly running: number;
  /**
   * Takes no more jobs; waits up to `waitMs` for the running audits, then hands those still
   * running back to the queue (failed as pg-boss fails its own workers' jobs at shutdown, so
   * they retry after the queue's delay instead of waiting for their expiry).
   */
  stop(waitMs: number): Promise<void>;
}

/**
 * Works the audit-run queue: up to `concurrency` audits at once, each job taken by
 * `auditQueue.takeNext`, which skips a job that shares its site, e-mail or client address with
 * a running audit (in any worker), so the others of that site or client wait while other
 * leads' audits proceed. pg-boss still records each outcome, retries and expires the jobs.
 */
export async function workAuditRuns(deps: AuditRunDeps, scheduling: AuditScheduling): Promise<AuditWorker> {
  const queue = JOB_QUEUES.auditRun;
  await deps.jobs.updateQueue(queue, { name: queue, ...AUDIT_RUN_QUEUE });
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  let wanted = false;
  let filling: Promise<void> | null = null;
  let takeFailing = false;
  /** Jobs given back to the queue at stop: their outcome here no longer counts. */
  const handedBack = new Set<string>();

  const execute = async (job: auditQueue.TakenJob) => {
    try {
      await runAuditJob(deps, job);
      if (!handedBack.has(job.id)) await deps.jobs.complete(queue, job.id);
    } catch (err) {
      if (handedBack.has(job.id)) return;
      const message = err instanceof Error ? err.message : String(err);
      await deps.jobs.fail(queue, job.id, { message }).catch((failErr: unknown) => {
        // The job stays active until pg-boss expires it, then runs again.
        deps.log.error({ err: failErr, jobId: job.id }, 'audit job outcome not recorded');
      });
    }
  };

  const fill = async () => {
    while (!stopped && running.size < scheduling.concurrency) {
      const job = await auditQueue.takeNext(deps.sql, queue);
      if (!job) return;
      const run = execute(job).finally(() => {
        running.delete(job.id);
        // Its slot and its keys are free: the next job may be one that waited for them.
        wake();
      });
      running.set(job.id, run);
    }
  };

  const wake = () => {
    wanted = true;
    if (filling || stopped) return;
    filling = (async () => {
      while (wanted && !stopped) {
        wanted = false;
        try {
          await fill();
          takeFailing = false;
        } catch (err) {
          // Said once when it starts failing (the database is away), not at every poll.
          if (!takeFailing) deps.log.error({ err }, 'audit jobs cannot be taken');
          takeFailing = true;
          break;
        }
      }
      filling = null;
    })();
  };

  const timer = setInterval(wake, scheduling.pollMs ?? 1000);
  timer.unref();
  wake();

  return {
    wake,
    get running() {
      return running.size;
    },
    async stop(waitMs: number) {
      stopped = true;
      clearInterval(timer);
      const settle = (work: Promise<unknown>) => Promise.race([work, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
      // A take in flight may still start an audit: it counts among the running ones.
      if (filling) await settle(filling);
      await settle(Promise.allSettled(running.values()));
      const unfinished = [...running.keys()];
      for (const id of unfinished) handedBack.add(id);
      await Promise.all(
        unfinished.map((id) => deps.jobs.fail(queue, id, { message: 'the worker stopped during the audit' }).catch(() => {})),
      );
    },
  };
}
