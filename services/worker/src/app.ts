// The worker service as one Fastify plugin: pg-boss queues and their handlers. It starts
// with the server and, on close, stops taking jobs and lets running ones finish.
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '@curb/contracts/config';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import type { Stores } from '@curb/runtime';
import { sweepExpiredRecords } from './jobs/retention-sweep.ts';

export interface WorkerOptions {
  config: Config;
  stores: Stores;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs?: PgBoss;
  }
}

export default async function worker(app: FastifyInstance, opts: WorkerOptions): Promise<void> {
  const boss = new PgBoss({ connectionString: opts.stores.postgresUrl, schema: 'pgboss', max: 4, application_name: 'curb-worker' });
  boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
  await boss.start();

  await boss.createQueue(JOB_QUEUES.retentionSweep);
  await boss.work(JOB_QUEUES.retentionSweep, async () => {
    const removed = await sweepExpiredRecords(opts.stores.sql);
    app.log.info({ removed }, 'retention sweep done');
  });
  await boss.schedule(JOB_QUEUES.retentionSweep, '17 * * * *');

  app.decorate('jobs', boss);
  app.addHook('onClose', async () => {
    // Stop fetching, give running jobs most of the shutdown budget, then close the pool.
    await boss.stop({ graceful: true, wait: true, timeout: Math.max(500, opts.config.SHUTDOWN_TIMEOUT_MS - 1500) });
  });
}
