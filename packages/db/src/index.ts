export { createSql, pingPostgres, type Sql } from './client.ts';
export { migratePostgres, loadMigrations, type Migration } from './migrate.ts';
export { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts';
export { startJobQueue, stopJobQueue, type JobQueue } from './jobs.ts';
