export { JsonLines, openClickHouse, type ClickHouse, type ClickHouseTarget, type QueryParams } from './clickhouse.ts';
export { migrateClickHouse, loadClickHouseMigrations, type ClickHouseMigration } from './migrate.ts';
