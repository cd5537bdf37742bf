import postgres from 'postgres';

export type Sql = postgres.Sql;
/** A transaction: what `sql.begin` hands its callback. */
export type Tx = postgres.TransactionSql;
/**
 * Where a repository statement runs: the pool, or a transaction when it must commit with
 * other writes. Functions that lock rows or must share a transaction take a `Tx` instead.
 */
export type Db = postgres.ISql;

/** One postgres.js pool per process; `max` stays small because pg-boss keeps its own pool. */
export function createSql(url: string, options: { max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    idle_timeout: 30,
    connect_timeout: 10,
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
