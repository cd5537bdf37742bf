// The worker service as one Fastify plugin: the handlers of the pg-boss queues. The queue
// itself belongs to the stores, which drain it on shutdown before closing the database.
import type { FastifyInstance } from 'fastify';
import { computeDashboardClosedDays } from '@curb/analytics/dashboards/catalog';
import { collapseVisits } from '@curb/analytics/visits';
import type { Config } from '@curb/contracts/config';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import type { Stores } from '@curb/runtime';
import { sweepExpiredRecords } from './jobs/retention-sweep.ts';
import { AUDIT_STOP_WAIT_MS, workAuditRuns } from './jobs/audit-run.ts';
import { workMailSends } from './jobs/mail-send.ts';
import { scheduleBackups } from './jobs/backup.ts';
import { runWeeklyTrafficMail } from './jobs/weekly-traffic-mail.ts';
import { startVisitBuilder } from './jobs/visit-builder.ts';

export interface WorkerOptions {
  config: Config;
  stores: Stores;
}

export default async function worker(app: FastifyInstance, opts: WorkerOptions): Promise<void> {
  const { jobs, sql, ch } = opts.stores;
  await jobs.work(JOB_QUEUES.retentionSweep, async () => {
    const removed = await sweepExpiredRecords(sql);
    app.log.info({ removed }, 'retention sweep done');
  });
  await jobs.schedule(JOB_QUEUES.retentionSweep, '17 * * * *');
  // So that the day's first dashboards neither wait for their closed days nor read the whole
  // period, and the Traffic page reads one row per visit of the days just past.
  await jobs.work(JOB_QUEUES.funnelProgress, async () => {
    // A merge that fails leaves the visits correct, only slower to read: the closed days still run.
    const months = await collapseVisits(ch).catch((err: unknown) => {
      app.log.error({ err }, 'could not merge the recent visits; the Traffic page reads them unmerged until the next night');
      return 0;
    });
    await computeDashboardClosedDays(ch);
    app.log.info({ visitMonthsMerged: months }, 'dashboard closed days computed');
  });
  await jobs.schedule(JOB_QUEUES.funnelProgress, '1 0 * * *');
  const audits = await workAuditRuns({ sql, jobs, config: opts.config, log: app.log }, { concurrency: opts.config.AUDIT_CONCURRENCY });
  // Before the stores close (they close after the server): running audits get a second to end,
  // then go back to the queue.
  app.addHook('onClose', () => audits.stop(AUDIT_STOP_WAIT_MS));
  await workMailSends({ sql, jobs, config: opts.config, log: app.log });
  await jobs.work(JOB_QUEUES.weeklyTrafficMail, async () => {
    if ((await runWeeklyTrafficMail({ sql, ch, config: opts.config, log: app.log })) === 'sent') app.log.info('weekly traffic e-mail sent');
  });
  await jobs.schedule(JOB_QUEUES.weeklyTrafficMail, '7 * * * *');
  await scheduleBackups({ config: opts.config, stores: opts.stores, log: app.log });
  const visits = startVisitBuilder(ch, app.log);
  app.addHook('onClose', () => visits.stop());
}
