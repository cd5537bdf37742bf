// Backup of a stopped product of an older schema, and the restore's refusals: a damaged or foreign
// archive (nothing written), a non-empty directory without --force. The archive restores into the
// current schema (the newer migrations run) and the restored product serves the old owner, lead,
// report and setting, and flushes the beacons its spool held.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startProduct, type RunningProduct } from '../process.ts';
import { BACKUP_LINE, getJson, pnpm, readManifest, signIn, waitForFlush } from './helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'curb-backup-stopped-'));
const old = join(root, 'old');
const archive = join(root, 'old.tar.gz');
const restored = join(root, 'restored');
let product: RunningProduct | undefined;
afterAll(async () => {
  if (product && product.child.exitCode === null) await product.stop();
  rmSync(root, { recursive: true, force: true });
});

interface OldData {
  admin: { email: string; password: string };
  reportId: string;
  gaId: string;
  events: number;
  spooled: number;
  postgresAt: number;
  clickhouseSkipped: number[];
}

/** Nothing of a refused restore is left: the target and its neighbours are as they were. */
const leftovers = () => readdirSync(root).filter((n) => n.includes('.restoring-') || n.includes('.replaced-'));

describe('pnpm backup of a stopped product, pnpm restore and its refusals', () => {
  let data: OldData;
  let counts: { postgres: number; clickhouse: number };

  it('backs up a stopped product of an older schema, its spool included', async () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'old-schema.ts'), old], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    data = JSON.parse(out.trim().split('\n').at(-1)!) as OldData;
    const backup = await pnpm('backup', ['--out', archive], { DATA_DIR: old });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Taken from the stopped product's data directory ${old}`);
    expect(backup.stdout).toContain(`(${data.spooled} spooled events)`);
    const [, file, pg, ch] = BACKUP_LINE.exec(backup.lastLine) ?? [];
    expect(file).toBe(archive);
    counts = { postgres: Number(pg), clickhouse: Number(ch) };
    const manifest = readManifest(archive);
    expect(manifest).toMatchObject({ running: false, spooled: data.spooled, notCovered: [] });
    expect(manifest.postgres!.migrations.at(-1)).toBe(data.postgresAt);
    for (const version of data.clickhouseSkipped) expect(manifest.clickhouse!.migrations).not.toContain(version);
    expect(manifest.clickhouse!.tables.find((t) => t.name === 'events')!.rows).toBe(data.events);
    expect(manifest.files.map((f) => f.path).sort()).toEqual([
      expect.stringMatching(/^outbox\//),
      expect.stringMatching(/^spool\/curb\/seg-/),
    ]);
    // The data directory is left as it was: no lock, no migration applied.
    expect(existsSync(join(old, 'curb.pid'))).toBe(false);
  }, 120_000);

  it('refuses a damaged archive, a foreign one and a file that is no archive, writing nothing', async () => {
    const damaged = join(root, 'damaged.tar.gz');
    copyFileSync(archive, damaged);
    const bytes = readFileSync(damaged);
    for (let i = 0; i < 16; i++) bytes[Math.floor(bytes.length / 2) + i]! ^= 0xff;
    writeFileSync(damaged, bytes);
    const foreign = join(root, 'foreign.tar.gz');
    writeFileSync(join(root, 'notes.txt'), 'not a backup\n');
    execFileSync('tar', ['-czf', foreign, '-C', root, 'notes.txt']);
    const cut = join(root, 'cut.tar.gz');
    writeFileSync(cut, readFileSync(archive).subarray(0, Math.floor(bytes.length * 0.8)));

    const target = join(root, 'never');
    for (const [file, why] of [
      [damaged, /damaged/],
      [cut, /damaged: it ends unexpectedly|damaged/],
      [foreign, /not a Curb Appeal backup/],
      [join(root, 'notes.txt'), /not a Curb Appeal backup/],
    ] as const) {
      const run = await pnpm('restore', [file, '--data-dir', target]);
      expect(run.code).toBe(1);
      expect(run.lastLine).toMatch(/^Refused .*Nothing was written\.$/);
      expect(run.lastLine).toMatch(why);
      expect(existsSync(target)).toBe(false);
      expect(leftovers()).toEqual([]);
    }
  }, 120_000);

  it('restores into the current schema, refuses a non-empty directory without --force, replaces it with', async () => {
    const first = await pnpm('restore', [archive, '--data-dir', restored]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.lastLine).toBe(`restored: ${restored} (postgres ${counts.postgres} rows, clickhouse ${counts.clickhouse} rows)`);
    expect(first.stdout).toMatch(/migrations run after loading: PostgreSQL \d+.*; ClickHouse \d+/);

    writeFileSync(join(restored, 'marker'), 'kept until --force');
    const refused = await pnpm('restore', [archive, '--data-dir', restored]);
    expect(refused.code).toBe(1);
    expect(refused.lastLine).toMatch(/is not empty .*add --force/);
    expect(existsSync(join(restored, 'marker'))).toBe(true);

    const forced = await pnpm('restore', [archive, '--data-dir', restored, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.lastLine).toBe(first.lastLine);
    expect(existsSync(join(restored, 'marker'))).toBe(false);
    expect(leftovers()).toEqual([]);
  }, 180_000);

  it('starts healthy on the restored directory: the old owner, lead, report, setting and spooled beacons', async () => {
    product = await startProduct(restored);
    expect(product.output()).toContain('PostgreSQL schema up to date');
    expect(product.output()).toContain('ClickHouse schema up to date');
    expect((await getJson(`${product.url}/api/health`)).body).toMatchObject({ status: 'ok' });
    const cookie = await signIn(product.url, data.admin);
    const audits = (await getJson(`${product.url}/api/admin/marketing-audits`, cookie)).body;
    expect(JSON.stringify(audits)).toContain('lead@old-schema.test');
    expect(await getJson(`${product.url}/api/audit-report/${data.reportId}`)).toMatchObject({
      status: 200,
      body: { status: 'ready', report: { scores: { overall: 64 } } },
    });
    expect((await getJson(`${product.url}/api/settings?category=analytics`)).body).toEqual([
      { key: 'google_analytics_id', value: data.gaId },
    ]);
    // The beacons the stopped product had accepted reach ClickHouse once it runs again.
    await waitForFlush(product.url);
    const metrics = (await getJson(`${product.url}/api/events/metrics`)).body as { flushed: number };
    expect(metrics.flushed).toBe(data.spooled);
    expect((await product.stop()).code).toBe(0);
  }, 120_000);
});
