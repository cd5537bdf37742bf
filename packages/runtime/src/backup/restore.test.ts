// A restore writes only what the product's own backup writes. Archives live off-site; one that
// was altered there must not plant a database cluster's files (its version stamp, pid file or
// configuration) in the data directory the restore starts servers on.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeArchive } from './archive.ts';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, isDataFile, MANIFEST_ENTRY, type Manifest } from './manifest.ts';
import { restoreArchive } from './restore.ts';

const dir = mkdtempSync(join(tmpdir(), 'curb-restore-crafted-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An archive whose manifest is well-formed and whose checksums hold, carrying `files` as DATA_DIR files. */
async function craftedArchive(name: string, files: Record<string, string>): Promise<string> {
  const entries = Object.entries(files).map(([path, text]) => ({ path, entry: `files/${path}`, bytes: Buffer.from(text) }));
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    productVersion: '0.1.0',
    createdAt: new Date().toISOString(),
    moment: new Date().toISOString(),
    running: false,
    postgres: null,
    clickhouse: null,
    files: entries.map((e) => ({ path: e.path, mode: 0o4755, entry: e.entry })),
    spooled: 0,
    notCovered: [],
    entries: Object.fromEntries(
      entries.map((e) => [e.entry, { bytes: e.bytes.length, sha256: createHash('sha256').update(e.bytes).digest('hex') }]),
    ),
  };
  const file = join(dir, name);
  const head = Buffer.from(JSON.stringify(manifest));
  await writeArchive(file, [
    { name: MANIFEST_ENTRY, source: head, size: head.length },
    ...entries.map((e) => ({ name: e.entry, source: e.bytes, size: e.bytes.length })),
  ]);
  return file;
}

describe('restore of an altered archive', () => {
  it.each([
    ['a cluster version stamp and pid file', { 'postgres/cluster/PG_VERSION': '16\n', 'postgres/cluster/postmaster.pid': '1\n' }],
    ['a cluster configuration', { 'postgres/cluster/postgresql.auto.conf': "restore_command = 'touch /tmp/owned'\n" }],
    ['a ClickHouse file', { 'clickhouse/metadata/default.sql': 'ATTACH DATABASE x' }],
    ['the product lock', { 'curb.pid': '1\n' }],
    ['a hidden file in the outbox', { 'outbox/.profile': 'x' }],
    ['a spool file that is not a segment', { 'spool/curb/run.sh': 'x' }],
  ])('refuses one carrying %s, writing nothing', async (_what, files) => {
    const archive = await craftedArchive(`${Object.keys(files)[0]!.replace(/\W/g, '-')}.tar.gz`, files);
    const target = join(dir, 'target');
    await expect(restoreArchive(archive, target)).rejects.toThrow(/which a Curb Appeal backup never holds .*Nothing was written\.$/);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.includes('.restoring-'))).toEqual([]);
  });

  it('restores the files a backup holds, without execute or set-id bits', async () => {
    const archive = await craftedArchive('ok.tar.gz', { 'outbox/2026/1.eml': 'Subject: hi\n\nhello\n', 'session-secret': 'k'.repeat(64) });
    const target = join(dir, 'restored');
    await restoreArchive(archive, target);
    const { statSync } = await import('node:fs');
    expect(statSync(join(target, 'outbox/2026/1.eml')).mode & 0o7777).toBe(0o644);
    expect(statSync(join(target, 'session-secret')).isFile()).toBe(true);
  });

  it('names what a backup holds: the session key, the outbox, the quarantine, spooled segments and the DKIM key', () => {
    for (const path of ['session-secret', 'outbox/a/b.eml', 'quarantine/x.ndjson', 'spool/curb/seg-1.ndjson', 'dkim/example.com/curb.pem'])
      expect(isDataFile(path)).toBe(true);
    for (const path of ['dkim/example.com/run.sh', 'dkim/curb.pem', 'dkim/../x/curb.pem']) expect(isDataFile(path)).toBe(false);
    for (const path of [
      'postgres/cluster/PG_VERSION',
      'outbox',
      'spool/curb/seg-1.tmp',
      'outbox/../x',
      'outbox//x',
      'session-secret/x',
      'quarantine/\u0001',
    ])
      expect(isDataFile(path)).toBe(false);
  });
});
