// PostgreSQL's part of a backup (packages/runtime/src/backup): every table of the product copied
// out as COPY text inside one REPEATABLE READ transaction, so all of them are read at the same
// moment while the product keeps writing; and copied back into a database migrated to the
// archive's version, after which the restore runs the newer migrations. The embedded binaries
// ship no pg_dump: the schema is the migrations' (and pg-boss's own), the archive holds the rows.
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db, Sql, Tx } from './client.ts';

export interface PostgresTable {
  /** `schema.table` */
  name: string;
  /** Stored columns in table order (generated columns are computed again). */
  columns: string[];
}

export interface PostgresSequence {
  name: string;
  /** Its last value as text; null when it was never used. */
  value: string | null;
}

export interface PostgresSnapshot {
  /** The product's migrations applied (schema_migrations). */
  migrations: number[];
  /** pg-boss's schema version, when its tables exist. */
  jobQueueVersion: number | null;
  tables: PostgresTable[];
  sequences: PostgresSequence[];
  /** The ClickHouse migrations the ledger here records for `database` (runtime/clickhouse-migrations.ts). */
  clickHouseMigrations(database: string): Promise<number[]>;
  /** Writes a table's rows (COPY text) to `path`; answers how many. */
  copyOut(table: PostgresTable, path: string): Promise<number>;
}

/** pg-boss's tables that hold data (jobs); the others are its configuration, created at start. */
const JOB_TABLES = ['job', 'archive'];
/**
 * Left out of every archive: the day's salt of the cookieless visitor ids, deleted once its day
 * is over so that day's ids cannot be derived again; an archive kept for days must not keep it.
 * A restored product draws a new one (visitors of that day get a second id).
 */
const NEVER_ARCHIVED = ['public.visitor_salts'];

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (name: string) => name.split('.').map(ident).join('.');
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The same text for the same values on both sides of a backup. */
async function textSettings(tx: Tx): Promise<void> {
  await tx`SET LOCAL DateStyle = 'ISO, YMD'`;
  await tx`SET LOCAL IntervalStyle = 'postgres'`;
  await tx`SET LOCAL TimeZone = 'UTC'`;
  await tx`SET LOCAL extra_float_digits = 3`;
  await tx`SET LOCAL bytea_output = 'hex'`;
}

/** Counts the rows of COPY text as it passes (one line a row: newlines in values are escaped). */
function lineCounter(): Transform & { lines: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) counter.lines += 1;
      done(null, chunk);
    },
  }) as Transform & { lines: number };
  counter.lines = 0;
  return counter;
}

/**
 * postgres.js (3.4.9) pauses the connection's socket when a COPY's rows outrun the stream's buffer,
 * and only the stream's `_read` resumes it: when the last rows arrive with the end of the COPY
 * (a table of a few dozen KB, in one read), the stream ends with the socket still paused and the
 * next statement on the connection waits for ever. Asking the ended stream for more resumes it.
 */
function resumeAfterCopy(stream: unknown): void {
  (stream as { _read?: (size: number) => void })._read?.(0);
}

/**
 * Runs `work` inside one REPEATABLE READ, READ ONLY transaction: every table it copies is read as
 * of the transaction's snapshot, taken before `work` starts. `skipJobs`: job queues whose jobs stay
 * out (the backup's own).
 */
export async function withSnapshot<T>(
  sql: Sql,
  options: { skipJobs?: string[] },
  work: (snapshot: PostgresSnapshot) => Promise<T>,
): Promise<T> {
  const result = await sql.begin('ISOLATION LEVEL REPEATABLE READ READ ONLY', async (tx) => {
    await textSettings(tx);
    // The first query takes the snapshot.
    const tables = await tx<{ name: string; columns: string[] }[]>`
      SELECT n.nspname || '.' || c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND (n.nspname = 'public' OR (n.nspname = 'pgboss' AND c.relname = ANY(${JOB_TABLES})))
        AND n.nspname || '.' || c.relname <> ALL(${NEVER_ARCHIVED})
      GROUP BY n.nspname, c.relname
      ORDER BY n.nspname, c.relname`;
    const hasMigrations = tables.some((t) => t.name === 'public.schema_migrations');
    const migrations = hasMigrations
      ? (await tx<{ version: number }[]>`SELECT version FROM schema_migrations ORDER BY version`).map((r) => r.version)
      : [];
    const queueVersion = await jobQueueVersion(tx);
    const sequences = await tx<PostgresSequence[]>`
      SELECT schemaname || '.' || sequencename AS name, last_value::text AS value
      FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`;
    const skipped = (options.skipJobs ?? []).map(literal).join(', ');
    return work({
      migrations,
      jobQueueVersion: queueVersion,
      tables: tables.map((t) => ({ name: t.name, columns: t.columns })),
      sequences: sequences.map((s) => ({ name: s.name, value: s.value })),
      async clickHouseMigrations(database) {
        if (!tables.some((t) => t.name === 'public.clickhouse_migrations')) return [];
        const rows = await tx<{ version: number }[]>`
          SELECT version FROM clickhouse_migrations WHERE database = ${database} ORDER BY version`;
        return rows.map((r) => r.version);
      },
      async copyOut(table, path) {
        const filter = table.name.startsWith('pgboss.') && skipped ? ` WHERE name NOT IN (${skipped})` : '';
        const source = `SELECT ${table.columns.map(ident).join(', ')} FROM ${qualified(table.name)}${filter}`;
        const counter = lineCounter();
        const rows = await tx.unsafe(`COPY (${source}) TO STDOUT`).readable();
        try {
          await pipeline(rows, counter, createWriteStream(path));
        } finally {
          resumeAfterCopy(rows);
        }
        return counter.lines;
      },
    });
  });
  return result as T;
}

/** pg-boss's schema version in the database (after it has started once), or null. */
export async function jobQueueVersion(sql: Db): Promise<number | null> {
  const [row] = await sql<{ version: number | null }[]>`
    SELECT CASE WHEN to_regclass('pgboss.version') IS NULL THEN NULL ELSE 0 END AS version`;
  if (row?.version === null) return null;
  const [current] = await sql<{ version: number | null }[]>`SELECT max(version) AS version FROM pgboss.version`;
  return current?.version ?? null;
}

/**
 * Replaces the rows of `tables` with the files' (COPY text, as `withSnapshot` wrote them) in one
 * transaction, sets the sequences where they were, and answers each table's count afterwards.
 * Constraints between the tables are not checked while loading (session_replication_role), as
 * in pg_restore: the rows were consistent when they were read.
 */
export async function loadTables(
  sql: Sql,
  tables: Array<PostgresTable & { path: string }>,
  sequences: PostgresSequence[],
): Promise<Map<string, number>> {
  return sql.begin(async (tx) => {
    await textSettings(tx);
    await tx`SET LOCAL session_replication_role = replica`;
    if (tables.length) await tx.unsafe(`TRUNCATE ${tables.map((t) => qualified(t.name)).join(', ')}`);
    for (const table of tables) {
      const target = `${qualified(table.name)} (${table.columns.map(ident).join(', ')})`;
      await pipeline(createReadStream(table.path), await tx.unsafe(`COPY ${target} FROM STDIN`).writable());
    }
    for (const { name, value } of sequences) {
      if (value !== null) await tx`SELECT setval(${qualified(name)}::regclass, ${value}::bigint, true)`;
    }
    const counts = new Map<string, number>();
    for (const table of tables) {
      const [row] = await tx.unsafe<{ n: string }[]>(`SELECT count(*) AS n FROM ${qualified(table.name)}`);
      counts.set(table.name, Number(row!.n));
    }
    return counts;
  });
}
