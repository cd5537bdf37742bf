import postgres from 'postgres';

export type Sql = postgres.Sql;
/** A transaction: what `sql.begin` hands its callback. */
export type Tx = postgres.TransactionSql;
/**
 * Where a repository statement runs: the pool, or a transaction when it must commit with
 * other writes. Functions that lock rows or must share a transaction take a `Tx` instead.
 */
export type Db = postgres.ISql;

/**
 * A pool connection that could not connect waits this long (seconds) before the next try,
 * growing with the failures in a row: 50 ms, 100 ms, … at most 1 s. postgres.js's own delay
 * grows to 20 s, so a query sent while the database restarted waited up to 20 s after it was
 * back.
 */
export function reconnectDelaySeconds(failures: number): number {
  return Math.min(1, 0.05 * 2 ** Math.max(0, failures - 1));
}

/** One postgres.js pool per process; `max` stays small because pg-boss keeps its own pool. */
export function createSql(url: string, options: { max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    idle_timeout: 30,
    // A server that accepts the connection but does not answer (stopped, swapping) fails the
    // query after this many seconds instead of holding the request.
    connect_timeout: 5,
    backoff: reconnectDelaySeconds,
    onnotice: () => {},
  });
}

/** Round-trip time of a trivial query, or the error that stopped it. */
export async function pingPostgres(sql: Sql): Promise<{ ok: boolean; latencyMs: number; error?: string }> {
  const started = performance.now();
  try {
    await sql`SELECT 1`;
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch (err) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: (err as Error).message };
  }
}
