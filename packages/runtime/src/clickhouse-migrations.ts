// ClickHouse migrations for the services: under one PostgreSQL advisory lock and with the
// ledger in PostgreSQL, so the services of a cluster starting together apply each file once
// (ClickHouse has no transactional DDL and each node would keep its own bookkeeping). A
// database migrated before the ledger moved here is carried over from its own
// `schema_migrations` first, so no backfill runs twice.
import { clickHouseLedger, migrateClickHouse, type ClickHouse, type MigrationLedger } from '@curb/analytics';
import type { Sql } from '@curb/db';

// Any stable 64-bit key; the PostgreSQL migrations use another.
const CLICKHOUSE_MIGRATION_LOCK_KEY = 7_236_201_812;

function postgresLedger(sql: Sql, database: string): MigrationLedger {
  return {
    async applied() {
      return new Set(
        (await sql<{ version: number }[]>`SELECT version FROM clickhouse_migrations WHERE database = ${database}`).map((r) => r.version),
      );
    },
    async record({ version, name }) {
      await sql`INSERT INTO clickhouse_migrations (database, version, name) VALUES (${database}, ${version}, ${name})
        ON CONFLICT DO NOTHING`;
    },
  };
}

/** Applies pending ClickHouse migrations while holding the lock; answers the versions applied. */
export async function migrateClickHouseLocked(sql: Sql, ch: ClickHouse): Promise<number[]> {
  const session = await sql.reserve();
  try {
    await session`SELECT pg_advisory_lock(${CLICKHOUSE_MIGRATION_LOCK_KEY})`;
    try {
      const ledger = postgresLedger(session as unknown as Sql, ch.database);
      if ((await ledger.applied()).size === 0) {
        for (const version of await clickHouseLedger(ch).applied()) await ledger.record({ version, name: 'recorded on ClickHouse' });
      }
      return await migrateClickHouse(ch, { ledger });
    } finally {
      await session`SELECT pg_advisory_unlock(${CLICKHOUSE_MIGRATION_LOCK_KEY})`;
    }
  } finally {
    session.release();
  }
}
