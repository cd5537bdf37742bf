import { writeFile } from 'node:fs/promises';
import { connect, createServer as createTcpServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSql } from '@curb/db';
import { createTestDatabase, testConfig } from '../../../test/harness.ts';
import { createServer } from './server.ts';
import { STORE_UNAVAILABLE_MESSAGE, storeUnavailable, withinStoreDeadline } from './store-errors.ts';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A TCP proxy to the database that can freeze: its connections stay open and nothing passes,
 * as with a PostgreSQL that is stopped (SIGSTOP) or a machine swapping.
 */
async function freezableProxy(target: URL) {
  const paused: Socket[] = [];
  let frozen = false;
  const server = createTcpServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    paused.push(client, upstream);
    if (frozen) for (const s of [client, upstream]) s.pause();
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
      for (const s of paused) s.pause();
    },
    thaw() {
      frozen = false;
      for (const s of paused) s.resume();
    },
    close() {
      for (const s of paused) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
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

  it('answers 503 while the database is frozen, and the write still lands once it wakes', async () => {
    const db = await createTestDatabase();
    const proxy = await freezableProxy(new URL(db.url));
    const sql = createSql(proxy.url, { max: 1 });
    const app = await createServer(testConfig());
    app.post('/write', async () => withinStoreDeadline(sql`INSERT INTO frozen_writes VALUES (1) RETURNING n`, 200));
    try {
      await sql`CREATE TABLE frozen_writes (n int)`;
      expect((await app.inject({ method: 'POST', url: '/write' })).statusCode).toBe(200);
      proxy.freeze();
      const started = performance.now();
      const frozen = await app.inject({ method: 'POST', url: '/write' });
      expect([frozen.statusCode, frozen.headers['retry-after'], frozen.json().message]).toEqual([503, '2', STORE_UNAVAILABLE_MESSAGE]);
      expect(performance.now() - started).toBeLessThan(2_000);
      proxy.thaw();
      // The insert that outlived its deadline was not cancelled: it commits once the server answers.
      await expect.poll(async () => (await sql`SELECT count(*)::int AS n FROM frozen_writes`)[0]!.n).toBe(2);
    } finally {
      await app.close();
      await sql.end({ timeout: 1 });
      await proxy.close();
      await db.drop();
    }
  });
});
