// The owner's own funnels: how many visitors of the period did step 1, then step 2, … in order
// (ClickHouse's windowFunnel over each visitor's events of the period). A page step matches a
// page view whose path fits the pattern (`*` = any characters); an event step an event by name.
import { type FunnelStep, funnelStepLabel, type OwnerFunnel, type OwnerFunnelReport } from '@curb/contracts/traffic-attribution';
import type { ClickHouse } from '../clickhouse.ts';
import type { EngineProfile } from '../engine.ts';
import type { Statement } from '../stats/sql.ts';
import { SESSION_KEY } from '../visits.ts';
import { chTime, percent } from './period.ts';

/** A page pattern as an anchored regular expression: `*` is any run of characters, everything else literal. */
export function pagePattern(pattern: string): string {
  return `^${pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')}$`;
}

// Each step's value is bound ({s0:String}…), never written into the text.
const condition = (step: FunnelStep, i: number) =>
  step.kind === 'page' ? `(name = 'page_view' AND match(path, {s${i}:String}))` : `name = {s${i}:String}`;

/**
 * The statement for `steps`; the window (the period in ms, so events a second apart keep their
 * order) is an integer the caller computes.
 */
export function ownerFunnelSql(steps: readonly FunnelStep[], windowMs: number, engine: EngineProfile, visits?: string): string {
  const conditions = steps.map(condition);
  const kept = visits ? ` AND ${SESSION_KEY} ${engine.inSubquery} (${visits})` : '';
  return `
SELECT level, count() AS visitors FROM (
  SELECT windowFunnel(${Math.max(1, Math.ceil(windowMs))})(toUInt64(toUnixTimestamp64Milli(ts)), ${conditions.join(', ')}) AS level
  FROM events
  WHERE is_bot = 0 AND ts >= {from:DateTime64(3, 'UTC')} AND ts < {to:DateTime64(3, 'UTC')} AND (${conditions.join(' OR ')})${kept}
  GROUP BY visitor_id
)
WHERE level > 0 GROUP BY level
${engine.readSettings}`;
}

/**
 * Visitors who reached each step in order within [from, to), with conversion from the first step
 * and drop-off from the one before; `visits`: only the events of these visits (the Traffic
 * page's filters, stats filteredVisits).
 */
export async function ownerFunnelReport(
  ch: ClickHouse,
  funnel: OwnerFunnel,
  from: number,
  to: number,
  visits?: Statement | null,
): Promise<OwnerFunnelReport['steps']> {
  const params: Record<string, unknown> = { from: chTime(from), to: chTime(to), ...visits?.params };
  funnel.steps.forEach((step, i) => {
    params[`s${i}`] = step.kind === 'page' ? pagePattern(step.value) : step.value;
  });
  const rows = await ch.query<{ level: number; visitors: string | number }>(
    ownerFunnelSql(funnel.steps, to - from, ch.engine, visits?.sql),
    params,
  );
  const reached = funnel.steps.map((_, i) => rows.filter((r) => Number(r.level) > i).reduce((n, r) => n + Number(r.visitors), 0));
  return funnel.steps.map((step, i) => ({
    label: funnelStepLabel(step),
    visitors: reached[i]!,
    conversion: percent(reached[i]!, reached[0]!),
    dropOff: i === 0 ? 0 : percent(reached[i - 1]! - reached[i]!, reached[i - 1]!),
  }));
}
