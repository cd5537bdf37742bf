export { JsonLines, openClickHouse, type ClickHouse, type ClickHouseTarget, type QueryParams } from './clickhouse.ts';
export { migrateClickHouse } from './migrate.ts';
