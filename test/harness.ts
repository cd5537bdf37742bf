// Real stores for integration tests: a fresh database on the run's embedded PostgreSQL
// and a fresh database in this process's chDB store, both migrated.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, vi } from 'vitest';
import { migrateClickHouse, openClickHouse, type ClickHouse } from '@curb/analytics';
import { buildVisits } from '@curb/analytics/visits';
import { parseConfig, type Config } from '@curb/contracts/config';
import { createSql, migratePostgres, startJobQueue, stopJobQueue } from '@curb/db';
import type { Stores } from '@curb/runtime';
import type { AuditRunDeps } from '../services/worker/src/jobs/audit-run.ts';

const noop = () => {};
/** A logger that writes nothing, for the jobs a test runs outside a server (Fastify's logger shape). */
export const silentLog = {
  level: 'silent',
  info: noop,
  warn: noop,
  error: noop,
  debug: noop,
  fatal: noop,
  trace: noop,
  silent: noop,
  child: () => silentLog,
} as unknown as AuditRunDeps['log'];

let chPath: string | undefined;
/** chDB binds one data directory per process: every file in this process shares it. */
function processClickHousePath(): string {
  if (!chPath) {
    chPath = mkdtempSync(join(tmpdir(), `curb-test-ch-${process.pid}-`));
    const dir = chPath;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return chPath;
}

let dataDir: string | undefined;
/** Outbox, spool and other files a test server writes stay out of the repository's `.data`. */
function processDataDir(): string {
  if (!dataDir) {
    dataDir = mkdtempSync(join(tmpdir(), `curb-test-data-${process.pid}-`));
    const dir = dataDir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return dataDir;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', DATA_DIR: processDataDir(), ...overrides });
}

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = createSql(adminUrl, { max: 1 });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  return {
    url,
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function createTestClickHouse(): Promise<ClickHouse & { drop(): Promise<void> }> {
  const database = `t_${randomBytes(6).toString('hex')}`;
  const ch = await openClickHouse({ kind: 'embedded', path: processClickHousePath(), database, poolSize: 2 });
  return Object.assign(ch, {
    async drop() {
      await ch.command(`DROP DATABASE IF EXISTS ${database}`);
      await ch.close();
    },
  });
}

/** A migrated ClickHouse of its own holding `events` rows (dashboard tests build them with eventRows). */
export async function createTestClickHouseWithEvents(events: object[]): Promise<Awaited<ReturnType<typeof createTestClickHouse>>> {
  const ch = await createTestClickHouse();
  await migrateClickHouse(ch);
  await ch.insert('events', events);
  await buildVisits(ch, { all: true });
  return ch;
}

/** Migrated stores as the services see them; `close` also drops both databases. */
export async function createTestStores(): Promise<Stores> {
  const pg = await createTestDatabase();
  const sql = createSql(pg.url, { max: 5 });
  await migratePostgres(sql);
  const ch = await createTestClickHouse();
  await migrateClickHouse(ch);
  const jobs = await startJobQueue(pg.url, () => {});
  return {
    mode: 'embedded',
    sql,
    postgresUrl: pg.url,
    ch,
    jobs,
    async close() {
      await stopJobQueue(jobs, 1000);
      await sql.end({ timeout: 2 });
      await ch.drop();
      await pg.drop();
    },
  };
}

/** Waits until the collector in `app` has moved every accepted event from its spool to ClickHouse. */
export async function eventsStored(app: { inject(url: string): PromiseLike<{ json(): unknown }> }, timeout = 10_000): Promise<void> {
  const spooled = async () => ((await app.inject('/api/events/metrics')).json() as { spooled: number }).spooled;
  // Also called from hooks, where expect.poll is not available.
  await vi.waitFor(async () => expect(await spooled(), 'events not yet flushed').toBe(0), { timeout, interval: 50 });
}

/** JSON posts to an in-process app, each from a new client address under `prefix` (for
 *  example '10.1.0.'), so per-client limits do not throttle a test's own requests. */
interface JsonInjection {
  method: 'POST';
  url: string;
  payload: string;
  headers: Record<string, string>;
  remoteAddress: string;
}

export function jsonPoster<Response>(app: () => { inject(request: JsonInjection): Promise<Response> }, prefix: string) {
  let n = 1;
  return (url: string, payload: unknown) =>
    app().inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
      remoteAddress: `${prefix}${n++}`,
    });
}
