// What `pnpm start` tells the operator, on a real product: the banner knows an admin that
// ADMIN_EMAIL created, the job queue's errors are JSON log lines, and a PostgreSQL server a
// killed run left behind is stopped with a warning that names it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSql } from '@curb/db';
import { startProduct } from './process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'curb-start-messages-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ADMIN = { ADMIN_EMAIL: 'owner@curb.test', ADMIN_PASSWORD: 'correct horse battery' };

/** The JSON lines of a product's output (the banner and start-up progress are plain text). */
function jsonLines(output: string): Array<Record<string, unknown> & { level: number; msg: string }> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

describe('pnpm start says what happened', () => {
  it('names the admin ADMIN_EMAIL created, and logs job queue errors as JSON', async () => {
    const product = await startProduct(dataDir, ADMIN);
    try {
      await expect.poll(() => product.output(), { timeout: 10_000 }).toContain('Stop: Ctrl-C');
      expect(product.output()).toContain('  Admin user: owner@curb.test (pnpm admin:create sets a new password, or adds another)');
      expect(product.output()).not.toContain('Create the admin user');

      // The job queue loses its connections: pg-boss reports it through the server's logger.
      const port = /PostgreSQL \(embedded\) listening on 127\.0\.0\.1:(\d+)/.exec(product.output())![1];
      const password = readFileSync(join(dataDir, 'postgres', 'password'), 'utf8').trim();
      const sql = createSql(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`, { max: 1 });
      try {
        await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'curb-jobs'`;
      } finally {
        await sql.end();
      }
      await expect
        .poll(() => jsonLines(product.output()).find((l) => l.msg === 'job queue error'), { timeout: 10_000 })
        .toMatchObject({
          level: 50,
          err: { message: expect.stringContaining('terminat') },
        });
      expect(product.output()).not.toMatch(/^job queue error/m);
    } finally {
      await product.stop();
    }
  }, 120_000);

  it('stops a PostgreSQL server a killed run left behind, with a warning naming its pid', async () => {
    const killed = await startProduct(dataDir, ADMIN);
    const pidFile = join(dataDir, 'postgres', 'cluster', 'postmaster.pid');
    const orphan = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    const exited = new Promise((resolve) => killed.child.once('exit', resolve));
    killed.child.kill('SIGKILL');
    await exited;
    expect(() => process.kill(orphan, 0)).not.toThrow(); // still running, on our data

    const next = await startProduct(dataDir, ADMIN);
    try {
      const warning = jsonLines(next.output()).find((l) => l.level === 40 && l.pid === orphan);
      expect(warning).toMatchObject({
        msg: `stopped a PostgreSQL server (pid ${orphan}) left running on this data by an earlier run that did not stop cleanly`,
        how: 'fast shutdown (SIGINT)',
      });
      expect(() => process.kill(orphan, 0)).toThrow();
    } finally {
      expect((await next.stop()).code).toBe(0);
    }
  }, 120_000);
});
