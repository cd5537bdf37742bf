export { JsonLines, JsonLinesFile, openClickHouse, type ClickHouse, type ClickHouseTarget, type QueryParams } from './clickhouse.ts';
export {
  clickHouseLedger,
  migrateClickHouse,
  loadClickHouseMigrations,
  type ClickHouseMigration,
  type MigrationLedger,
} from './migrate.ts';
