// The owner's uploaded images in the backup: every media/<uuid>/<width>.webp goes into the
// archive and comes back on restore; anything else found in the media folder stays out, and an
// archive that names any other file there is refused before anything is written.
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeArchive } from './archive.ts';
import { createBackup } from './backup.ts';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, isDataFile, type Manifest } from './manifest.ts';
import { restoreArchive } from './restore.ts';

const root = mkdtempSync(join(tmpdir(), 'curb-media-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const files = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => statSync(join(dir, p)).isFile())
    .sort();

/** An archive holding only DATA_DIR files, each named as given. */
async function craftedArchive(file: string, named: Array<{ path: string; mode?: number }>): Promise<void> {
  const body = Buffer.from('RIFF....WEBP');
  const sha = createHash('sha256').update(body).digest('hex');
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    productVersion: 'test',
    createdAt: new Date().toISOString(),
    moment: new Date().toISOString(),
    running: false,
    postgres: null,
    clickhouse: null,
    files: named.map((f) => ({ path: f.path, mode: f.mode ?? 0o644, entry: `files/${f.path}` })),
    spooled: 0,
    notCovered: [],
    entries: Object.fromEntries(named.map((f) => [`files/${f.path}`, { bytes: body.length, sha256: sha }])),
  };
  const head = Buffer.from(JSON.stringify(manifest));
  await writeArchive(file, [
    { name: 'manifest.json', source: head, size: head.length },
    ...named.map((f) => ({ name: `files/${f.path}`, source: body, size: body.length })),
  ]);
}

describe('uploaded images in the backup', () => {
  const id = randomUUID();

  it('go into the archive and come back on restore, and nothing else of the media folder does', async () => {
    const dataDir = join(root, 'source');
    mkdirSync(join(dataDir, 'media', id), { recursive: true });
    for (const w of [320, 640]) writeFileSync(join(dataDir, 'media', id, `${w}.webp`), `image ${w}`);
    // What the api never writes there: a page, a script, a file outside an image's folder.
    writeFileSync(join(dataDir, 'media', id, 'index.html'), '<script>alert(1)</script>');
    writeFileSync(join(dataDir, 'media', 'run.sh'), 'echo hi');
    mkdirSync(join(dataDir, 'media', 'not-a-uuid'));
    writeFileSync(join(dataDir, 'media', 'not-a-uuid', '320.webp'), 'x');
    chmodSync(join(dataDir, 'media', id, '640.webp'), 0o755);

    const archive = join(root, 'media.tar.gz');
    await createBackup({ dataDir, sql: null, ch: null, running: false, notCovered: [] }, archive);
    const restored = join(root, 'restored');
    await restoreArchive(archive, restored);
    expect(files(restored)).toEqual([`media/${id}/320.webp`, `media/${id}/640.webp`]);
    expect(readFileSync(join(restored, 'media', id, '640.webp'), 'utf8')).toBe('image 640');
    expect(statSync(join(restored, 'media', id, '640.webp')).mode & 0o777).toBe(0o644);
  });

  it('an archive naming any other file in the media folder is refused, nothing written', async () => {
    for (const path of [
      'media/evil.html',
      `media/${id}/index.html`,
      `media/${id}/320.webp.sh`,
      'media/../media/x/1.webp',
      `media/${id}/0.webp`,
    ]) {
      expect(isDataFile(path), path).toBe(false);
      const archive = join(root, `bad-${randomUUID()}.tar.gz`);
      await craftedArchive(archive, [{ path: `media/${id}/320.webp` }, { path }]);
      const target = join(root, `target-${randomUUID()}`);
      await expect(restoreArchive(archive, target)).rejects.toThrow(/Refused .*damaged|Refused/);
      expect(existsSync(target)).toBe(false);
    }
    expect(isDataFile(`media/${id}/1920.webp`)).toBe(true);
    // The same archive with the image alone restores (and keeps no mode beyond rw-r--r--).
    const good = join(root, 'good.tar.gz');
    await craftedArchive(good, [{ path: `media/${id}/320.webp`, mode: 0o4777 }]);
    const target = join(root, 'good-target');
    await restoreArchive(good, target);
    expect(files(target)).toEqual([`media/${id}/320.webp`]);
    expect(statSync(join(target, 'media', id, '320.webp')).mode & 0o7777).toBe(0o644);
  });
});
