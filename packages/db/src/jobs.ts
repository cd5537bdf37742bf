// The job queue (pg-boss) lives in PostgreSQL beside the records it works on, so a lead,
// its audit row and the job that runs the audit can be written in one transaction.
import PgBoss from 'pg-boss';
import { JOB_QUEUES } from '@curb/contracts/jobs';

export type JobQueue = PgBoss;

export async function startJobQueue(url: string, onError: (err: Error) => void): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 4, application_name: 'curb-jobs' });
  boss.on('error', onError);
  await boss.start();
  for (const queue of Object.values(JOB_QUEUES)) await boss.createQueue(queue);
  return boss;
}

/** Stops fetching new jobs and waits up to `timeoutMs` for running ones before closing. */
export async function stopJobQueue(boss: JobQueue, timeoutMs: number): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
}
