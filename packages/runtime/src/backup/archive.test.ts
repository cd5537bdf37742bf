// The archive container: what is written is read back entry by entry (and by the system's tar),
// and what is not an archive, or is cut short or altered, is refused as such.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveError, readArchive, writeArchive } from './archive.ts';
import { archiveName, ARCHIVE_NAME, safeEntryName } from './manifest.ts';

const dir = mkdtempSync(join(tmpdir(), 'curb-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function entriesOf(file: string): Promise<Array<{ name: string; data: string }>> {
  const found: Array<{ name: string; data: string }> = [];
  await readArchive(file, async (entry) => {
    const chunks: Buffer[] = [];
    return {
      write: (chunk) => void chunks.push(Buffer.from(chunk)),
      end: () => void found.push({ name: entry.name, data: Buffer.concat(chunks).toString() }),
    };
  });
  return found;
}

describe('backup archive', () => {
  it('reads back every entry in order, names past 100 bytes and sizes on block boundaries included', async () => {
    const source = join(dir, 'source.bin');
    writeFileSync(source, 'y'.repeat(512));
    const long = `files/${'quarantine/'.repeat(9)}segment.ndjson`;
    const file = join(dir, 'ok.tar.gz');
    await writeArchive(file, [
      { name: 'manifest.json', source: Buffer.from('{"a":1}'), size: 7 },
      { name: 'postgres/empty.copy', source: Buffer.alloc(0), size: 0 },
      { name: 'clickhouse/t.native', source, size: 512 },
      { name: long, source: Buffer.from('z'.repeat(1000)), size: 1000 },
    ]);
    expect(await entriesOf(file)).toEqual([
      { name: 'manifest.json', data: '{"a":1}' },
      { name: 'postgres/empty.copy', data: '' },
      { name: 'clickhouse/t.native', data: 'y'.repeat(512) },
      { name: long, data: 'z'.repeat(1000) },
    ]);
    expect(execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual([
      'manifest.json',
      'postgres/empty.copy',
      'clickhouse/t.native',
      long,
    ]);
  });

  it('refuses a file that is not gzip, a gzip that is not tar, and an archive cut short', async () => {
    const plain = join(dir, 'plain.txt');
    writeFileSync(plain, 'hello');
    const gz = join(dir, 'plain.gz');
    writeFileSync(gz, gzipSync('hello, not a tar archive'));
    const whole = join(dir, 'whole.tar.gz');
    await writeArchive(whole, [{ name: 'manifest.json', source: Buffer.from('x'.repeat(100_000)), size: 100_000 }]);
    const cut = join(dir, 'cut.tar.gz');
    writeFileSync(cut, readFileSync(whole).subarray(0, 60));
    const refusal = (file: string) =>
      entriesOf(file).then(
        () => null,
        (err: unknown) => err,
      );
    expect(await refusal(plain)).toEqual(new ArchiveError('not a Curb Appeal backup: the file is not a gzip-compressed archive'));
    expect(await refusal(gz)).toEqual(new ArchiveError('not a Curb Appeal backup: the file is not a tar archive'));
    expect(await refusal(cut)).toBeInstanceOf(ArchiveError);
    expect(String(await refusal(cut))).toMatch(/damaged/);
  });

  it('names archives by their UTC time and keeps entries inside the archive folders', () => {
    const name = archiveName(new Date('2026-01-31T03:15:00.250Z'));
    expect(name).toBe('curb-backup-20260131-031500.tar.gz');
    expect(ARCHIVE_NAME.test(name)).toBe(true);
    expect(safeEntryName('files/outbox/1.eml')).toBe(true);
    for (const bad of ['../etc/passwd', 'files/../../x', '/abs', 'other/x', 'files//x', 'files/./x'])
      expect(safeEntryName(bad)).toBe(false);
  });
});
