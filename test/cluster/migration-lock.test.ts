// ClickHouse migrations as the services of a cluster run them: several at once against one
// PostgreSQL and one ClickHouse database apply each file exactly once, and a database whose
// versions were recorded on ClickHouse (before the ledger moved to PostgreSQL) is carried over
// without running a backfill again.
import { afterEach, describe, expect, it } from 'vitest';
import { clickHouseLedger, loadClickHouseMigrations, migrateClickHouse } from '@curb/analytics';
import { eventRows } from '../events.ts';
import { createSql, migratePostgres } from '@curb/db';
import { migrateClickHouseLocked } from '@curb/runtime/clickhouse-migrations';
import { createTestClickHouse, createTestDatabase } from '../harness.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function stores() {
  const pg = await createTestDatabase();
  const sql = createSql(pg.url, { max: 6 });
  await migratePostgres(sql);
  const ch = await createTestClickHouse();
  cleanups.push(async () => {
    await sql.end();
    await pg.drop();
    await ch.drop();
  });
  return { sql, ch };
}

describe('ClickHouse migrations under the PostgreSQL lock', () => {
  it('applies each file once when three services start together', async () => {
    const { sql, ch } = await stores();
    const runs = await Promise.all([migrateClickHouseLocked(sql, ch), migrateClickHouseLocked(sql, ch), migrateClickHouseLocked(sql, ch)]);
    const versions = (await loadClickHouseMigrations()).map((m) => m.version);
    expect(runs.flat().sort((a, b) => a - b)).toEqual(versions);
    expect(runs.filter((r) => r.length > 0)).toHaveLength(1);
    const ledger = await sql<
      { version: number }[]
    >`SELECT version FROM clickhouse_migrations WHERE database = ${ch.database} ORDER BY version`;
    expect(ledger.map((r) => r.version)).toEqual(versions);
  }, 60_000);

  it('carries over a database migrated with the ClickHouse ledger, backfills not run twice', async () => {
    const { sql, ch } = await stores();
    await migrateClickHouse(ch, { ledger: clickHouseLedger(ch) });
    await ch.insert(
      'events',
      eventRows([
        { name: 'page_view', visitor: 1 },
        { name: 'page_view', visitor: 2 },
      ]),
    );
    const daily = async () =>
      Number((await ch.query<{ n: string }>("SELECT sum(events) AS n FROM events_daily WHERE name = 'page_view'"))[0]!.n);
    expect(await daily()).toBe(2);
    expect(await migrateClickHouseLocked(sql, ch)).toEqual([]);
    expect(await daily()).toBe(2);
    const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM clickhouse_migrations WHERE database = ${ch.database}`;
    expect(row!.n).toBe((await loadClickHouseMigrations()).length);
  }, 60_000);
});
