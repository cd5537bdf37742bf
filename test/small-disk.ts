// A small disk of a test's own (a tmpfs, which needs root) that the test fills to the last byte,
// as a full disk refuses writes. Without root there is no such disk: `mounted` is false and the
// test takes a directory away instead, which refuses writes the same way.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  path: string;
  mounted: boolean;
  /** Writes a file until the disk refuses even a byte. */
  fill(): void;
  /** Removes what fill() wrote. */
  free(): void;
  remove(): void;
}

export function smallDisk(size = '1m'): SmallDisk {
  const path = mkdtempSync(join(tmpdir(), 'curb-small-disk-'));
  let mounted = false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', path], { stdio: 'ignore' });
    mounted = true;
  } catch {}
  const filler = join(path, 'filler');
  return {
    path,
    mounted,
    fill() {
      for (let bytes = 64 * 1024; bytes >= 1; bytes = Math.floor(bytes / 2)) {
        try {
          for (;;) writeFileSync(filler, Buffer.alloc(bytes, 1), { flag: 'a' });
        } catch {}
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    remove() {
      if (mounted) execFileSync('umount', [path], { stdio: 'ignore' });
      rmSync(path, { recursive: true, force: true });
    },
  };
}
