// The daily backup: with BACKUP_DIR set, the worker writes the product's archive there at
// 03:30 UTC (runtime/backup: the same archive as `pnpm backup`, consistent to one moment while the
// site keeps taking traffic) and keeps the newest BACKUP_KEEP. Without it, no schedule is left.
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { BACKUP_CRON } from '@curb/contracts/backup';
import type { Config } from '@curb/contracts/config';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import type { Stores } from '@curb/runtime';
import { backupRunningProduct, pruneArchives } from '@curb/runtime/backup/backup';
import { archiveName } from '@curb/runtime/backup/manifest';

/** A large archive may take a while; one failed run is tried again an hour later, then the next day. */
const JOB_OPTIONS = { expireInSeconds: 6 * 3600, retryLimit: 1, retryDelay: 3600 };

type BackupConfig = Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'CLICKHOUSE_URL' | 'BACKUP_DIR' | 'BACKUP_KEEP'>;

/** One backup into BACKUP_DIR, then the oldest archives beyond BACKUP_KEEP go. */
export async function runScheduledBackup(
  config: BackupConfig & { BACKUP_DIR: string },
  stores: Pick<Stores, 'sql' | 'ch'>,
  log: FastifyBaseLogger,
) {
  const dir = resolve(config.BACKUP_DIR);
  // The backup creates the directory; a failure there is recorded like any other.
  const result = await backupRunningProduct(config, stores, join(dir, archiveName(new Date())), { trigger: 'schedule' });
  const pruned = await pruneArchives(dir, config.BACKUP_KEEP);
  log.info({ file: result.file, bytes: result.bytes, ms: result.ms, pruned: pruned.length }, 'backup written');
  return result;
}

export async function scheduleBackups(opts: { config: BackupConfig; stores: Stores; log: FastifyBaseLogger }): Promise<void> {
  const { config, stores, log } = opts;
  const { jobs } = stores;
  const dir = config.BACKUP_DIR;
  if (!dir) {
    // Set once and unset since: no archive is written any more.
    await jobs.unschedule(JOB_QUEUES.backup);
    return;
  }
  await jobs.work(JOB_QUEUES.backup, async () => {
    try {
      await runScheduledBackup({ ...config, BACKUP_DIR: dir }, stores, log);
    } catch (err) {
      log.error({ err }, 'backup failed');
      throw err;
    }
  });
  await jobs.schedule(JOB_QUEUES.backup, BACKUP_CRON, {}, JOB_OPTIONS);
}
