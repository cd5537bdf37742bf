// Run by global-setup.ts in a process of its own (chDB binds one data directory per process, and
// the directory is only whole once that process has let go of it): migrates a chDB database at
// the given path, which each test process then copies for its first migrated database.
import { migrateClickHouse, openClickHouse } from '@curb/analytics';

const [path, database] = process.argv.slice(2);
if (!path || !database) throw new Error('usage: clickhouse-template.ts <path> <database>');
const ch = await openClickHouse({ kind: 'embedded', path, database, poolSize: 1 });
await migrateClickHouse(ch);
await ch.close();
