// Real stores for integration tests: a fresh database on the run's embedded PostgreSQL
// and a fresh database in this process's chDB store, both migrated: copies of the databases
// global-setup.ts migrates once per run, rather than every migration again in every file.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, vi } from 'vitest';
import { migrateClickHouse, openClickHouse, type ClickHouse } from '@curb/analytics';
import { buildVisits } from '@curb/analytics/visits';
import { parseConfig, type Config } from '@curb/contracts/config';
import { createSql, startJobQueue, stopJobQueue } from '@curb/db';
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
/** The migrated database the process's data directory was copied with, until a test takes it. */
let untakenTemplate: string | undefined;
/**
 * chDB binds one data directory per process: every file in this process shares it. When the
 * first store opened wants a migrated database, the directory starts as a copy of the run's
 * migrated one (global-setup.ts), which costs a third of the CPU of migrating anew.
 */
function processClickHousePath(migrated: boolean): string {
  if (!chPath) {
    chPath = mkdtempSync(join(tmpdir(), `curb-test-ch-${process.pid}-`));
    const dir = chPath;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    if (migrated) {
      const template = inject('clickhouseTemplate');
      copyClickHouseData(template.path, dir);
      untakenTemplate = template.database;
    }
  }
  return chPath;
}

/**
 * A copy of a chDB data directory that refers to nothing in the original: its symbolic links
 * (database and table names to their `store/` directories) stay relative, where a plain
 * recursive copy would point them into the original, which the run deletes at its end.
 */
export function copyClickHouseData(from: string, to: string): void {
  cpSync(from, to, { recursive: true, verbatimSymlinks: true });
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

/**
 * A database of its own on the run's PostgreSQL: empty, or with `migrated` a copy of the
 * template global-setup.ts migrated (every migration and the job queue's tables).
 */
export async function createTestDatabase({ migrated = false } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = createSql(adminUrl, { max: 1 });
  await admin.unsafe(migrated ? `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}` : `CREATE DATABASE ${name}`);
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  return {
    url,
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * A database of its own in this process's chDB store: empty, or with `migrated` every migration
 * applied (the copied template's database for the first such store in a process).
 */
export async function createTestClickHouse({ migrated = false } = {}): Promise<ClickHouse & { drop(): Promise<void> }> {
  const path = processClickHousePath(migrated);
  const copied = migrated ? untakenTemplate : undefined;
  if (copied) untakenTemplate = undefined;
  const database = copied ?? `t_${randomBytes(6).toString('hex')}`;
  const ch = await openClickHouse({ kind: 'embedded', path, database, poolSize: 2 });
  if (migrated && !copied) await migrateClickHouse(ch);
  return Object.assign(ch, {
    async drop() {
      await ch.command(`DROP DATABASE IF EXISTS ${database}`);
      await ch.close();
    },
  });
}

/** A migrated ClickHouse of its own holding `events` rows (dashboard tests build them with eventRows). */
export async function createTestClickHouseWithEvents(events: object[]): Promise<Awaited<ReturnType<typeof createTestClickHouse>>> {
  const ch = await createTestClickHouse({ migrated: true });
  await ch.insert('events', events);
  await buildVisits(ch, { all: true });
  return ch;
}

/** Migrated stores as the services see them; `close` also drops both databases. */
export async function createTestStores(): Promise<Stores> {
  const pg = await createTestDatabase({ migrated: true });
  const sql = createSql(pg.url, { max: 5 });
  const ch = await createTestClickHouse({ migrated: true });
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
