// `pnpm clickhouse:ddl`: prints the single-node ClickHouse schema, the same migrations the
// services apply at start, for operators who provision by hand:
//   pnpm -s clickhouse:ddl | clickhouse-client --database curb --multiquery
// (create the database first). The cluster variant: `pnpm clickhouse:cluster-ddl`.
import { loadClickHouseMigrations } from '@curb/analytics';

const migrations = await loadClickHouseMigrations();
process.stdout.write(
  migrations
    .map(({ version, name, statements }) =>
      [`-- ${String(version).padStart(4, '0')} ${name}`, ...statements.map((s) => `${s};\n`)].join('\n'),
    )
    .join('\n'),
);
