// The worker's daily backup: scheduled when BACKUP_DIR is set, an archive per run with the events
// accepted before it flushed in, the newest BACKUP_KEEP kept, and the outcome on the admin's
// System Overview (GET /api/admin/backups), a failure included.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { BackupStatus } from '@curb/contracts/backup';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import type { Stores } from '@curb/runtime';
import { ARCHIVE_NAME, archiveName, type Manifest } from '@curb/runtime/backup/manifest';
import { createTestStores, testConfig } from '../../../../test/harness.ts';
import { composeApp } from '../../../launcher/src/compose.ts';
import { adminHeaders } from '../../../../test/admin-login.ts';
import { runScheduledBackup } from './backup.ts';

const root = mkdtempSync(join(tmpdir(), 'curb-scheduled-backup-'));
const backupDir = join(root, 'backups');
const config = testConfig({ DATA_DIR: join(root, 'data'), BACKUP_DIR: backupDir, BACKUP_KEEP: '2' });
let app: FastifyInstance;
let stores: Stores;
let admin: { cookie: string; origin: string };

beforeAll(async () => {
  stores = await createTestStores();
  app = await composeApp(config, stores);
  admin = await adminHeaders(app, stores);
});
afterAll(async () => {
  await app?.close();
  await stores?.close();
  rmSync(root, { recursive: true, force: true });
});

const status = async () => (await app.inject({ method: 'GET', url: '/api/admin/backups', headers: admin })).json<BackupStatus>();

describe('scheduled backups', () => {
  it('is scheduled daily, writes archives holding the spooled events, keeps the newest and shows the last success', async () => {
    const schedules = (await stores.jobs.getSchedules()) as Array<{ name: string; cron: string }>;
    expect(schedules.find((s) => s.name === JOB_QUEUES.backup)).toMatchObject({ cron: '30 3 * * *' });
    expect(await status()).toEqual({ schedule: { dir: backupDir, keep: 2, at: '03:30' }, lastSuccess: null, lastFailure: null });

    // Accepted just before: in the spool, flushed by the backup's cut.
    const beacon = await app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { name: 'page_view', path: '/before-the-backup' },
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/156.0' },
    });
    expect(beacon.statusCode).toBe(202);
    const first = await runScheduledBackup({ ...config, BACKUP_DIR: backupDir }, stores, app.log);
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', first.file, 'manifest.json'], { encoding: 'utf8' })) as Manifest;
    expect(manifest.clickhouse!.tables.find((t) => t.name === 'events')?.rows).toBe(1);
    expect(first.postgresRows).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) {
      // Archives are named to the second: the next starts in a second after the newest one's.
      const newest = readdirSync(backupDir).sort().at(-1)!;
      await vi.waitFor(() => expect(archiveName(new Date())).not.toBe(newest), { timeout: 2000, interval: 20 });
      await runScheduledBackup({ ...config, BACKUP_DIR: backupDir }, stores, app.log);
    }
    const kept = readdirSync(backupDir).sort();
    expect(kept).toHaveLength(2);
    expect(kept.every((name) => ARCHIVE_NAME.test(name))).toBe(true);
    const shown = await status();
    expect(shown.lastSuccess).toMatchObject({ trigger: 'schedule', file: join(backupDir, kept[1]!), notCovered: [] });
    expect(shown.lastFailure).toBeNull();
  }, 60_000);

  it('shows a failed backup', async () => {
    const blocked = join(root, 'not-a-directory');
    writeFileSync(blocked, '');
    await expect(runScheduledBackup({ ...config, BACKUP_DIR: blocked }, stores, app.log)).rejects.toThrow();
    const shown = await status();
    expect(shown.lastFailure).toMatchObject({ trigger: 'schedule', error: expect.any(String) });
    expect(Date.parse(shown.lastFailure!.at)).toBeGreaterThan(Date.parse(shown.lastSuccess!.at));
  });
});
