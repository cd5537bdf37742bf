// The start-up of the embedded server on a data directory whose pid file names a process that
// is not its server (left stale, or planted by an altered archive): that process is never
// signalled, and the server starts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

const dir = mkdtempSync(join(tmpdir(), 'curb-pg-pidfile-'));
const bystander = spawn('sleep', ['120'], { stdio: 'ignore' });
afterAll(() => {
  bystander.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL and a pid file it did not write', () => {
  it('leaves the named process alone, drops the stale pid file and starts', async () => {
    const first = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
    await first.stop();
    const cluster = join(dir, 'cluster');
    writeFileSync(join(cluster, 'postmaster.pid'), `${bystander.pid}\n${cluster}\n1700000000\n5432\n\n127.0.0.1\n`);

    const warnings: string[] = [];
    const second = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), warn: (_d, message) => warnings.push(message) });
    try {
      expect(() => process.kill(bystander.pid!, 0)).not.toThrow();
      expect(bystander.exitCode).toBeNull();
      expect(warnings).toEqual([
        `removed a stale postmaster.pid naming pid ${bystander.pid}, which is not a PostgreSQL server on this data`,
      ]);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
