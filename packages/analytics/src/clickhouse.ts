// One small interface over ClickHouse for both modes: an in-process chDB store (embedded)
// or a ClickHouse server (distributed), both through @clickhouse/client.
import { readFile } from 'node:fs/promises';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import { chdbProfile, clusterProfile, SERVER, type EngineProfile } from './engine.ts';

type ClickHouseConnection = NonNullable<Parameters<typeof createClient>[0]>['connection'];

export type QueryParams = Record<string, unknown>;

/** Rows already serialised as JSONEachRow text (one JSON object a line), sent as they are. */
export class JsonLines {
  constructor(readonly text: string) {}
}

/**
 * A file of JSONEachRow lines that no longer changes (a sealed spool segment). chDB reads it
 * itself (INSERT … FROM INFILE: parsed on its own threads, never a JavaScript string); a
 * ClickHouse server, which cannot see this disk, is sent its text.
 */
export class JsonLinesFile {
  constructor(readonly path: string) {}
}

/** A ClickHouse string literal. */
const literal = (value: string) => `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;

export interface ClickHouse {
  /** Rows of a SELECT; parameters are always bound as `{name:Type}`, never concatenated. */
  query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]>;
  command(sql: string, params?: QueryParams): Promise<void>;
  /**
   * JSONEachRow insert on the ingest connection, kept apart from the dashboards' pool so a
   * slow dashboard query never holds up event flushing. A deduplication token makes a
   * retried batch idempotent.
   */
  insert(table: string, rows: readonly object[] | JsonLines | JsonLinesFile, options?: { deduplicationToken?: string }): Promise<void>;
  ping(): Promise<{ ok: boolean; latencyMs: number; error?: string }>;
  close(): Promise<void>;
  readonly database: string;
  /** What the SQL must do differently on this engine (engine.ts). */
  readonly engine: EngineProfile;
}

export type ClickHouseTarget =
  | {
      kind: 'embedded';
      path: string;
      database: string;
      poolSize: number /** Threads per read (default: the cores). */;
      maxThreads?: number;
    }
  | { kind: 'server'; url: string; database?: string; poolSize: number /** Set on a cluster (CLICKHOUSE_CLUSTER). */; cluster?: string };

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export async function openClickHouse(target: ClickHouseTarget): Promise<ClickHouse> {
  return target.kind === 'embedded' ? openEmbedded(target) : openServer(target);
}

/**
 * chDB runs one query at a time per connection, and several connections to the same path
 * run in parallel: a pool of `poolSize` connections for queries plus one for inserts.
 * Queries with bound parameters are the exception: chdb-node runs those one at a time
 * across the whole process (its parameter state is not per connection), so their cost adds up.
 * chDB ignores the client's `database` option, so each connection `USE`s it once.
 */
async function openEmbedded(target: Extract<ClickHouseTarget, { kind: 'embedded' }>): Promise<ClickHouse> {
  if (!IDENTIFIER.test(target.database)) throw new Error(`Invalid ClickHouse database name: ${target.database}`);
  const connect = async () => {
    // chdb types its connection against its own copy of @clickhouse/client-common.
    const connection = createChdbConnection({ path: target.path }) as unknown as ClickHouseConnection;
    const client = createClient({ connection });
    await client.command({ query: `CREATE DATABASE IF NOT EXISTS ${target.database}` });
    await client.command({ query: `USE ${target.database}` });
    return client;
  };
  const ingest = await connect();
  const pool: ClickHouseClient[] = [];
  for (let i = 0; i < Math.max(1, target.poolSize); i++) pool.push(await connect());
  return wrap(pool, ingest, target.database, chdbProfile(target.maxThreads));
}

async function openServer(target: Extract<ClickHouseTarget, { kind: 'server' }>): Promise<ClickHouse> {
  const url = new URL(target.url);
  const database = target.database ?? (url.pathname.replace(/^\//, '') || 'default');
  url.pathname = '/';
  const client = createClient({
    url: url.toString(),
    database,
    max_open_connections: Math.max(2, target.poolSize * 2),
    request_timeout: 30_000,
    clickhouse_settings: { async_insert: 0 },
    // Failures reach the caller, which reports them once; the client would print each one too.
    log: { level: ClickHouseLogLevel.OFF },
  });
  return wrap([client], client, database, target.cluster ? clusterProfile(target.cluster) : SERVER);
}

function wrap(pool: ClickHouseClient[], ingest: ClickHouseClient, database: string, engine: EngineProfile): ClickHouse {
  const busy = new Map<ClickHouseClient, number>(pool.map((c) => [c, 0]));
  // Least-busy connection: with chDB a busy connection would queue the query behind another.
  async function withClient<T>(fn: (c: ClickHouseClient) => Promise<T>): Promise<T> {
    let best = pool[0]!;
    for (const c of pool) if (busy.get(c)! < busy.get(best)!) best = c;
    busy.set(best, busy.get(best)! + 1);
    try {
      return await fn(best);
    } finally {
      busy.set(best, busy.get(best)! - 1);
    }
  }
  return {
    database,
    engine,
    query: <T>(sql: string, params?: QueryParams) =>
      withClient(async (c) => (await c.query({ query: sql, query_params: params, format: 'JSONEachRow' })).json<T>()),
    command: (sql, params) => withClient(async (c) => void (await c.command({ query: sql, query_params: params }))),
    async insert(table, rows, options) {
      if (rows instanceof JsonLinesFile && engine.kind !== 'chdb') rows = new JsonLines(await readFile(rows.path, 'utf8'));
      if (rows instanceof JsonLines ? rows.text.length === 0 : Array.isArray(rows) && rows.length === 0) return;
      const clickhouse_settings = options?.deduplicationToken
        ? // The dashboards' rollup views deduplicate a retried block too, not only `events`.
          {
            insert_deduplication_token: options.deduplicationToken,
            insert_deduplicate: 1 as const,
            deduplicate_blocks_in_dependent_materialized_views: 1 as const,
          }
        : undefined;
      if (rows instanceof JsonLines || rows instanceof JsonLinesFile) {
        // Text already in JSONEachRow goes as it is, no parsing and re-serialising on the event
        // loop (the client only streams objects for JSON formats). The settings go in the
        // statement's own SETTINGS clause: chDB applies client settings as `SET …;` statements in
        // front, and a multi-statement text costs chDB a second pass over the whole data part
        // (about twice the insert's time for 50,000 events).
        if (!IDENTIFIER.test(table)) throw new Error(`Invalid table name: ${table}`);
        const settings = clickhouse_settings
          ? ` SETTINGS ${Object.entries(clickhouse_settings)
              .map(([k, v]) => `${k} = ${typeof v === 'string' ? literal(v) : v}`)
              .join(', ')}`
          : '';
        if (rows instanceof JsonLinesFile) {
          await ingest.command({ query: `INSERT INTO ${table} FROM INFILE ${literal(rows.path)}${settings} FORMAT JSONEachRow` });
          return;
        }
        const result = await ingest.exec({ query: `INSERT INTO ${table}${settings} FORMAT JSONEachRow\n${rows.text}` });
        result.stream.destroy();
        return;
      }
      await ingest.insert({ table, values: rows as object[], format: 'JSONEachRow', clickhouse_settings });
    },
    async ping() {
      const started = performance.now();
      try {
        await withClient((c) => c.query({ query: 'SELECT 1', format: 'JSONEachRow' }).then((r) => r.json()));
        return { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
      } catch (err) {
        return { ok: false, latencyMs: Math.round(performance.now() - started), error: (err as Error).message };
      }
    },
    async close() {
      const all = new Set([...pool, ingest]);
      await Promise.all([...all].map((c) => c.close()));
    },
  };
}
