// The stores a test file gets are copies of the run's migrated ones: every migration applied,
// nothing written to a copy reaches the original another file copies next, and a test that
// migrates itself still starts from empty.
import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadClickHouseMigrations } from '@curb/analytics';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import { appliedMigrations, createSql, loadMigrations } from '@curb/db';
import type { Stores } from '@curb/runtime';
import { copyClickHouseData, createTestClickHouse, createTestDatabase, createTestStores } from './harness.ts';

const versions = (migrations: { version: number }[]) => migrations.map((m) => m.version).sort((a, b) => a - b);
/** Every file under `dir` whose name is `name`. */
const named = (dir: string, name: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.name === name);

describe('test stores', () => {
  let stores: Stores;
  afterAll(() => stores?.close());

  it('come with every PostgreSQL and ClickHouse migration applied, and the job queue installed', async () => {
    stores = await createTestStores();
    expect(await appliedMigrations(stores.sql)).toEqual(versions(await loadMigrations()));
    const ch = await stores.ch.query<{ version: number }>('SELECT version FROM schema_migrations FINAL ORDER BY version');
    expect(ch.map((r) => Number(r.version))).toEqual(versions(await loadClickHouseMigrations()));
    expect(await stores.jobs.send(JOB_QUEUES.auditRun, {})).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('are copies: a table made in one is not in the template the next file copies', async () => {
    const template = inject('clickhouseTemplate');
    await stores.ch.command('CREATE TABLE copy_probe (n UInt8) ENGINE = MergeTree ORDER BY n');
    await stores.sql`CREATE TABLE copy_probe (n int)`;
    expect(named(template.path, 'copy_probe.sql')).toEqual([]);
    const next = await createTestDatabase({ migrated: true });
    const sql = createSql(next.url, { max: 1 });
    try {
      expect(await sql`SELECT to_regclass('copy_probe') AS t`).toEqual([{ t: null }]);
    } finally {
      await sql.end();
      await next.drop();
    }
  });

  it('copy chDB data with every link inside the copy', () => {
    const copy = mkdtempSync(join(tmpdir(), 'curb-ch-copy-'));
    try {
      copyClickHouseData(inject('clickhouseTemplate').path, copy);
      const links = readdirSync(copy, { recursive: true, withFileTypes: true }).filter((e) => e.isSymbolicLink());
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(realpathSync(join(link.parentPath, link.name)).startsWith(`${realpathSync(copy)}/`)).toBe(true);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('start empty when a test migrates them itself', async () => {
    const db = await createTestDatabase();
    const sql = createSql(db.url, { max: 1 });
    const ch = await createTestClickHouse();
    try {
      expect(await appliedMigrations(sql)).toBeNull();
      expect(await ch.query('SELECT name FROM system.tables WHERE database = currentDatabase()')).toEqual([]);
    } finally {
      await sql.end();
      await db.drop();
      await ch.drop();
    }
  });
});
