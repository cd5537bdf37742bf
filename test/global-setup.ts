// One embedded PostgreSQL server for the whole run, and a migrated database of each store that
// a test file copies for its own (see harness.ts): PostgreSQL's `CREATE DATABASE … TEMPLATE`
// copies in a fraction of the time every migration takes, and a copied chDB data directory
// costs a third of the CPU of migrating a new one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createSql, migratePostgres, startEmbeddedPostgres, startJobQueue, stopJobQueue } from '@curb/db';
import { freePort } from '@curb/runtime/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A database with every migration and the job queue's tables, for `CREATE DATABASE … TEMPLATE`. */
    postgresTemplate: string;
    /** A chDB data directory holding `database`, migrated, to copy before a process opens its store. */
    clickhouseTemplate: { path: string; database: string };
  }
}

const POSTGRES_TEMPLATE = 'curb_migrated';
const CLICKHOUSE_TEMPLATE = 't_migrated';

/** Migrates the template as the services would, then closes it to connections: a template with a session open cannot be copied. */
async function migratePostgresTemplate(adminUrl: string): Promise<void> {
  const admin = createSql(adminUrl, { max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE ${POSTGRES_TEMPLATE}`);
    const url = adminUrl.replace(/\/postgres$/, `/${POSTGRES_TEMPLATE}`);
    const sql = createSql(url, { max: 1 });
    try {
      await migratePostgres(sql);
    } finally {
      await sql.end({ timeout: 2 });
    }
    await stopJobQueue(await startJobQueue(url, () => {}), 1000);
    await admin.unsafe(`ALTER DATABASE ${POSTGRES_TEMPLATE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } finally {
    await admin.end();
  }
}

/** Migrates the chDB template in a child process (clickhouse-template.ts). */
function migrateClickHouseTemplate(path: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'clickhouse-template.ts'), path, CLICKHOUSE_TEMPLATE],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr.on('data', (c: Buffer) => (errors += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`migrating the chDB template failed (${code}):\n${errors}`))));
  });
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'curb-test-pg-'));
  const chDir = mkdtempSync(join(tmpdir(), 'curb-test-ch-template-'));
  // The chDB template needs no PostgreSQL: it migrates while the server starts.
  const clickhouse = migrateClickHouseTemplate(chDir);
  clickhouse.catch(() => {}); // a failure is thrown where it is awaited, not as an unhandled rejection meanwhile
  let pg: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  const teardown = async () => {
    await clickhouse.catch(() => {});
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(chDir, { recursive: true, force: true });
  };
  try {
    pg = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
    await Promise.all([migratePostgresTemplate(pg.url), clickhouse]);
  } catch (err) {
    await teardown();
    throw err;
  }
  project.provide('postgresUrl', pg.url);
  project.provide('postgresTemplate', POSTGRES_TEMPLATE);
  project.provide('clickhouseTemplate', { path: chDir, database: CLICKHOUSE_TEMPLATE });
  return teardown;
}
