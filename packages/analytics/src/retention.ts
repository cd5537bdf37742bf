// How long tracking events (and the dashboards' rollups) are kept: a TTL in days, taken
// from the owner's settings (category `retention`, key `events_days`), 730 by default.
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, retentionProblem } from '@curb/contracts/retention';
import type { ClickHouse } from './clickhouse.ts';
import type { EngineProfile } from './engine.ts';

// The setting's key and bounds are shared with the admin API and form.
export { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, RETENTION_SETTING } from '@curb/contracts/retention';

const TTL_COLUMN: Record<string, string> = {
  events: 'toDateTime(ts)',
  events_daily: 'date',
  sessions: 'date',
  page_visitors: 'date',
  page_submitters: 'date',
  funnel_steps: 'date',
  sources_daily: 'date',
  traffic_daily: 'date',
  ab_units: 'date',
  identities: 'date',
  events_hourly: 'hour',
  journey_events: 'toDateTime(ts)',
  visits: 'toDateTime(start)',
  visit_hours: 'hour',
  visitor_consultations: 'date',
};

/** The stored setting as a number of days, or the default when unset or not a valid count. */
export function retentionDays(value: string | undefined): number {
  const days = value && /^\d{1,4}$/.test(value.trim()) ? Number(value) : NaN;
  return days >= MIN_RETENTION_DAYS && days <= MAX_RETENTION_DAYS ? days : DEFAULT_RETENTION_DAYS;
}

/**
 * The table that holds a rollup's rows on this engine and the ALTER that sets its TTL. On a
 * cluster `events` and the rollups are Distributed tables, which take no TTL: the shard tables
 * (`*_local`) take it, on every node (ON CLUSTER).
 */
export function retentionTarget(engine: EngineProfile, table: string, days: number): { table: string; alter: string } {
  const column = TTL_COLUMN[table];
  if (!column) throw new Error(`No retention for table ${table}`);
  const target = engine.kind === 'cluster' ? `${table}_local` : table;
  const onCluster = engine.cluster ? ` ON CLUSTER ${engine.cluster}` : '';
  return { table: target, alter: `ALTER TABLE ${target}${onCluster} MODIFY TTL ${column} + toIntervalDay(${days})` };
}

/**
 * Sets the TTL of the events table and its rollups to `days` where it differs. DDL takes no
 * bound parameters, so the value is an integer checked here, never text from a request.
 * Returns the tables that changed; throws when the store refuses (the caller tells the owner).
 */
export async function applyEventRetention(ch: ClickHouse, days: number): Promise<string[]> {
  const problem = retentionProblem(days);
  if (problem) throw new RangeError(problem);
  const targets = Object.keys(TTL_COLUMN).map((table) => ({ rollup: table, ...retentionTarget(ch.engine, table, days) }));
  const tables = await ch.query<{ name: string; create_table_query: string }>(
    'SELECT name, create_table_query FROM system.tables WHERE database = currentDatabase() AND name IN {names:Array(String)}',
    { names: targets.map((t) => t.table) },
  );
  const changed: string[] = [];
  for (const table of tables) {
    if (table.create_table_query.includes(`toIntervalDay(${days})`)) continue;
    const target = targets.find((t) => t.table === table.name)!;
    await ch.command(target.alter);
    changed.push(target.rollup);
  }
  return changed;
}
