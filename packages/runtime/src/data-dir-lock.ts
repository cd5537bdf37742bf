import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StartupError } from './config.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * chDB binds a data directory to one process and embedded PostgreSQL to one postmaster:
 * a second product process on the same DATA_DIR must be refused, while a lock left by a
 * process that died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'curb.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
        throw new StartupError(
          `DATA_DIR ${dir} is in use by another Curb Appeal process (pid ${owner}): stop it or set DATA_DIR to another directory.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new StartupError(`Could not lock DATA_DIR ${dir}.`);
}
