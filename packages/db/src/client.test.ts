import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness.ts';
import { createSql } from './client.ts';

// postgres.js 3.4.9 wrote a dead transaction's ROLLBACK to a socket already gone, from a timer:
// an uncaught TypeError that ended the process, and a connection that hung every later query
// (porsager/postgres#1154, #1208). patches/postgres@3.4.9.patch refuses that write; a crash
// here fails the run as an unhandled error.
describe('a transaction whose session PostgreSQL ends (a restart, a kill)', () => {
  it('rejects, crashes nothing, and the pool serves the next queries', async () => {
    const db = await createTestDatabase();
    // One connection: the one that lost its session is the one that must work again.
    const sql = createSql(db.url, { max: 1 });
    const killer = createSql(db.url, { max: 1 });
    try {
      for (let round = 0; round < 3; round++) {
        let pid: number | undefined;
        const tx = sql
          .begin(async (t) => {
            pid = (await t<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]!.pid;
            await t`SELECT pg_sleep(5)`;
          })
          .then(
            () => null,
            (err: { code?: string }) => err.code,
          );
        await expect.poll(() => pid, { interval: 10 }).toBeDefined();
        await killer`SELECT pg_terminate_backend(${pid!})`;
        expect(await tx).toMatch(/^(CONNECTION_CLOSED|57P01|ECONNRESET)$/);
        // Let any write the dead transaction scheduled run (it used to throw here).
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await sql`SELECT ${round}::int AS round`).toEqual([{ round }]);
      }
      await expect(sql.begin(async (t) => t`SELECT pg_terminate_backend(pg_backend_pid())`)).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    } finally {
      await sql.end({ timeout: 1 });
      await killer.end();
      await db.drop();
    }
  });
});
