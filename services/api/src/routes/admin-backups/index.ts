// GET /api/admin/backups: the daily backup's schedule and the last backups' outcomes, for the
// System Overview. The worker and the running product record them (runtime/backup).
import type { RouteApp } from '../../lib/route-app.ts';
import { resolve } from 'node:path';
import {
  BACKUP_AT_UTC,
  BACKUP_SETTINGS,
  BackupFailureSchema,
  BackupStatusSchema,
  BackupSuccessSchema,
  parseStored,
  type BackupFailure,
  type BackupStatus,
  type BackupSuccess,
} from '@curb/contracts/backup';
import type { Config } from '@curb/contracts/config';
import { settings } from '@curb/db';
import type { Stores } from '@curb/runtime';

export default async function adminBackupRoutes(app: RouteApp, opts: { config: Config; stores: Stores }): Promise<void> {
  const { config, stores } = opts;
  app.get('/api/admin/backups', { schema: { response: { 200: BackupStatusSchema } } }, async (_request, reply): Promise<BackupStatus> => {
    const [success, failure] = await Promise.all([
      settings.find(stores.sql, BACKUP_SETTINGS.category, BACKUP_SETTINGS.lastSuccess),
      settings.find(stores.sql, BACKUP_SETTINGS.category, BACKUP_SETTINGS.lastFailure),
    ]);
    reply.header('cache-control', 'no-store');
    return {
      schedule: config.BACKUP_DIR ? { dir: resolve(config.BACKUP_DIR), keep: config.BACKUP_KEEP, at: BACKUP_AT_UTC } : null,
      lastSuccess: parseStored<BackupSuccess>(BackupSuccessSchema, success),
      lastFailure: parseStored<BackupFailure>(BackupFailureSchema, failure),
    };
  });
}
