import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness.ts';
import { createSql, type Sql } from './client.ts';
import { loadMigrations, migratePostgres } from './migrate.ts';

describe('migratePostgres', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let sql: Sql;
  beforeAll(async () => {
    db = await createTestDatabase();
    sql = createSql(db.url, { max: 4 });
  });
  afterAll(async () => {
    await sql.end();
    await db.drop();
  });

  it('applies every numbered file once, even when two processes migrate at the same time', async () => {
    const migrations = await loadMigrations();
    const versions = migrations.map((m) => m.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    const other = createSql(db.url, { max: 1 });
    const [a, b] = await Promise.all([migratePostgres(sql), migratePostgres(other)]);
    await other.end();
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(migrations.map((m) => m.version));
    const rows = await sql`SELECT version FROM schema_migrations ORDER BY version`;
    expect(rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
  });

  it('is idempotent and creates the business tables', async () => {
    expect(await migratePostgres(sql)).toEqual([]);
    const tables = await sql<{ table_name: string }[]>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`;
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        'leads',
        'audits',
        'contact_messages',
        'funnels',
        'settings',
        'admin_users',
        'admin_sessions',
        'schema_migrations',
      ]),
    );
  });

  it('rolls a failing migration back entirely', async () => {
    const bad = [
      ...(await loadMigrations()),
      { version: 9999, name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' },
    ];
    await expect(migratePostgres(sql, bad)).rejects.toThrow(/no_such_function/);
    const [row] = await sql`SELECT to_regclass('half_done') IS NOT NULL AS exists`;
    expect(row?.exists).toBe(false);
  });
});
