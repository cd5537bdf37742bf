// Run as a child process (chDB lets one process open a data directory, once): opens the embedded
// stores of a stopped product's data directory as they are and prints, as JSON, every table's row
// count (merging ClickHouse engines counted merged, FINAL) and the ids of the stored bot events.
// The backup tests compare these with an archive's manifest, on their own SQL.
import { join, resolve } from 'node:path';
import { openClickHouse } from '@curb/analytics';
import { createSql, startEmbeddedPostgres } from '@curb/db';
import { freePort } from '@curb/runtime/free-port';

const dir = resolve(process.argv[2]!);
const pg = await startEmbeddedPostgres({ dataDir: join(dir, 'postgres'), port: await freePort() });
const sql = createSql(pg.url, { max: 1 });
const ch = await openClickHouse({ kind: 'embedded', path: join(dir, 'clickhouse'), database: 'curb', poolSize: 1 });
try {
  const postgres: Record<string, number> = {};
  const tables = await sql<{ name: string }[]>`
    SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND (table_schema = 'public' OR (table_schema = 'pgboss' AND table_name IN ('job', 'archive')))
      AND table_name <> 'visitor_salts'
    ORDER BY 1`;
  for (const { name } of tables) {
    const [row] = await sql.unsafe<{ n: string }[]>(`SELECT count(*) AS n FROM ${name}`);
    postgres[name] = Number(row!.n);
  }
  const clickhouse: Record<string, number> = {};
  const chTables = await ch.query<{ name: string; engine: string }>(
    `SELECT name, engine FROM system.tables WHERE database = 'curb' AND engine LIKE '%MergeTree' AND name NOT LIKE '%\\_backfill'`,
  );
  for (const { name, engine } of chTables) {
    const merged = engine !== 'MergeTree';
    const [row] = await ch.query<{ n: string }>(`SELECT toString(count()) AS n FROM ${name}${merged ? ' FINAL' : ''}`);
    clickhouse[name] = Number(row!.n);
  }
  const bots = await ch.query<{ id: string }>('SELECT toString(event_id) AS id FROM events WHERE is_bot = 1');
  // Written to a pipe: process.exit below would cut a long line short unless it has drained.
  const line = `${JSON.stringify({ postgres, clickhouse, botEventIds: bots.map((r) => r.id) })}\n`;
  await new Promise<void>((resolve, reject) => process.stdout.write(line, (err) => (err ? reject(err) : resolve())));
} finally {
  await sql.end({ timeout: 2 });
  await pg.stop();
  await ch.close();
}
process.exit(0);
