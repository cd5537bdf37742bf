// The job queue (pg-boss) lives in PostgreSQL beside the records it works on, so a lead,
// its audit row and the job that runs the audit can be written in one transaction.
import PgBoss from 'pg-boss';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import type { Tx } from './client.ts';

export type JobQueue = PgBoss;
/** The schema of pg-boss's tables (`job`, `archive`), which a person's erasure also reads. */
export const JOB_SCHEMA = 'pgboss';

export async function startJobQueue(url: string, onError: (err: Error) => void): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: url, schema: JOB_SCHEMA, max: 4, application_name: 'curb-jobs' });
  boss.on('error', onError);
  await boss.start();
  for (const queue of Object.values(JOB_QUEUES)) await boss.createQueue(queue);
  return boss;
}

/** pg-boss's `db` option over a postgres.js transaction: a job sent with it commits (or not) with the rows. */
export function jobDbIn(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // postgres.js refuses undefined, which pg-boss passes for unset options; it serialises
      // the job data itself, as the statement types that parameter jsonb.
      const params = values.map((v) => (v === undefined ? null : v));
      return { rows: (await tx.unsafe(text, params as never[])) as unknown[] };
    },
  };
}

/** Stops fetching new jobs and waits up to `timeoutMs` for running ones before closing. */
export async function stopJobQueue(boss: JobQueue, timeoutMs: number): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
}
