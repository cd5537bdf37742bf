// `pnpm clickhouse:cluster-ddl`: prints the ClickHouse cluster's DDL, derived from the same
// migrations the services apply (packages/analytics/src/cluster-ddl.ts), for operators to apply
// on every node before the services start, and again after an upgrade:
//   pnpm -s clickhouse:cluster-ddl | clickhouse-client --multiquery
// `--cluster NAME` (the services' CLICKHOUSE_CLUSTER) and `--database NAME` default to curb.
import { parseArgs } from 'node:util';
import { loadClickHouseMigrations } from '@curb/analytics';
import { clusterDdlText } from '@curb/analytics/cluster-ddl';

const { values } = parseArgs({ options: { cluster: { type: 'string' }, database: { type: 'string' } } });
process.stdout.write(clusterDdlText(await loadClickHouseMigrations(), values));
