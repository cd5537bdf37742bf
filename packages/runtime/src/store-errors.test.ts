import { writeFile } from 'node:fs/promises';
import { createServer as createTcpServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSql } from '@curb/db';
import { createTestDatabase, testConfig } from '../../../test/harness.ts';
import { createServer } from './server.ts';
import { STORE_UNAVAILABLE_MESSAGE, storeUnavailable } from './store-errors.ts';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a store that is unavailable answers 503 with Retry-After, not 500', () => {
  it('maps a refused database connection, a terminated session, a full disk and a timeout', async () => {
    const refused = createSql(`postgres://postgres:x@127.0.0.1:${await closedPort()}/postgres`, { max: 1 });
    const db = await createTestDatabase();
    const sql = createSql(db.url, { max: 2 });
    const app = await createServer(testConfig());
    app.post('/refused', async () => refused`SELECT 1`);
    // The session ended by the server, as when PostgreSQL shuts down or is restarted.
    app.post('/terminated', async () => sql`SELECT pg_terminate_backend(pg_backend_pid())`);
    // /dev/full answers every write with ENOSPC, as a full disk does.
    app.post('/disk-full', async () => writeFile('/dev/full', 'lead'));
    // A statement stopped by its timeout (57014), as a stalled store ends.
    app.post('/slow', async () =>
      sql.begin(async (tx) => {
        await tx`SET LOCAL statement_timeout = 50`;
        await tx`SELECT pg_sleep(1)`;
      }),
    );
    app.post('/bug', async () => {
      throw new Error('a bug');
    });
    try {
      const answers: Record<string, unknown> = {};
      for (const path of ['/refused', '/terminated', '/disk-full', '/slow', '/bug']) {
        const res = await app.inject({ method: 'POST', url: path });
        answers[path] = [res.statusCode, res.headers['retry-after'] ?? null, res.json().message];
      }
      expect(answers).toEqual({
        '/refused': [503, '2', STORE_UNAVAILABLE_MESSAGE],
        '/terminated': [503, '2', STORE_UNAVAILABLE_MESSAGE],
        '/disk-full': [503, '10', STORE_UNAVAILABLE_MESSAGE],
        '/slow': [503, '2', STORE_UNAVAILABLE_MESSAGE],
        '/bug': [500, null, 'Something went wrong on our side. Please try again.'],
      });
    } finally {
      await app.close();
      await refused.end({ timeout: 0 });
      await sql.end({ timeout: 1 });
      await db.drop();
    }
  });

  it('finds the store error inside a wrapping error, and nothing in an ordinary one', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(storeUnavailable(new Error('job failed', { cause }))).toEqual({ reason: 'connection', retryAfterSeconds: 2 });
    expect(storeUnavailable(new AggregateError([cause]))).toEqual({ reason: 'connection', retryAfterSeconds: 2 });
    expect(storeUnavailable(Object.assign(new Error('could not extend file'), { code: '53100' }))?.reason).toBe('disk full');
    expect(storeUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))?.reason).toBe('restarting');
    expect(storeUnavailable(new Error('Connection terminated unexpectedly'))?.reason).toBe('connection');
    expect(storeUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
    expect(storeUnavailable('ECONNREFUSED')).toBeNull();
  });
});
