// The retargeting funnel (in-order steps per user, as windowFunnel) as a closed-days snapshot
// (closed-days.ts): greedy in-order matching over time-sorted steps means a user's level over the
// period is their level after the closed days, continued over the steps since. A run stores each
// user's closed-days level (and the number of users per level, under key 0); a request moves only
// the users seen on the days the run leaves open from their stored level to the level their steps
// since lead to.
//
// A "user" is the visitor, and an e-mail open (sent from the mail client, another visitor id)
// counts for the first visitor who submitted that address in the period, up to the day of the open.
import { RETARGETING_FUNNEL_STEPS } from '@curb/contracts/analytics';
import { type EngineProfile, perEngine } from '../engine.ts';
import { keyFlagsQuery } from './closed-days.ts';

/** The funnel's event names as an SQL list. */
export const STEP_NAMES = RETARGETING_FUNNEL_STEPS.map((s) => `'${s}'`).join(', ');
const LEVELS = RETARGETING_FUNNEL_STEPS.length + 1;

// funnel_steps numbers the steps from 1 in this order, and each step (second, step) as one
// number, second × 8 + step (ClickHouse migration 0046), so a user's steps gather in a plain numeric array
// and sort by time, then step. Of the page views only the user's earliest counts (see the migration).
const USER_STEPS = 'arraySort(arrayPushBack(groupArrayArray(other_steps), min(first_view)))';
/**
 * In-order matching from level `from`: the level rises when the next step of the funnel comes.
 * Over the time-sorted steps this is what windowFunnel does with a window spanning the period.
 */
const fold = (steps: string, from: string) => `arrayFold((acc, x) -> toUInt8(if(x % 8 = acc + 1, acc + 1, acc)), ${steps}, ${from})`;

/**
 * The funnel key: the visitor, or for an e-mail open the address's first submitter in the
 * period if that submission was on or before the day of the open (a funnel_steps row is one
 * day). Decided per row, so a closed day's key never depends on what came since. The submitters
 * are those of the addresses opened on the rows' days, from the identities rollup (migration
 * 0036) over the whole period: a constant (hashes, visitors, days) built once per query.
 */
const userKey = (engine: EngineProfile, filter: string, period: string) => `
WITH (SELECT (groupArray(h), groupArray(v), groupArray(d)) FROM (
  SELECT cityHash64(email) AS h, argMin(visitor, first_submit) AS v, toDate(min(first_submit)) AS d FROM identities
  WHERE ${period} AND first_submit IS NOT NULL
    AND cityHash64(email) ${engine.inSubquery} (SELECT cityHash64(open_email) FROM funnel_steps WHERE ${filter} AND open_email != '')
  GROUP BY h)) AS submitters,
  cityHash64(open_email) AS opened,
  transform(opened, submitters.1, submitters.3, toDate('2149-06-06')) AS submitted
SELECT if(open_email != '' AND submitted <= date, transform(opened, submitters.1, submitters.2, visitor), visitor) AS key`;

/** The snapshot of each user's level (kind `funnel` of the retargeting dashboard's snapshots). */
export const funnelQuery = perEngine((engine) =>
  keyFlagsQuery({
    kind: 'funnel',
    table: 'funnel_levels_closed',
    // Each user's steps on the days `filter` keeps, and the level they reach from 0.
    rows: (filter, period) => `${userKey(engine, filter, period)}, ${USER_STEPS} AS steps, ${fold('steps', 'toUInt8(0)')} AS flags
FROM funnel_steps WHERE ${filter} GROUP BY key`,
    keys: { group: [], key: 'key', carry: ['steps'], combine: (stored) => fold('steps', stored) },
    read: (counts) => `SELECT toUInt8(flags) AS level, sum(n) AS users FROM (${counts}) GROUP BY level`,
    // The whole period (the day's first request) is the longest of the request's reads: all threads.
    parallelWhole: true,
  }),
);

/** Users per deepest step reached (windowFunnel levels 0..5), from the funnel snapshot's rows. */
export function funnelLevels(rows: { level: number | string; users: number | string }[]): { level: number; users: number }[] {
  const levels = Array.from({ length: LEVELS }, (_, level) => ({ level, users: 0 }));
  for (const row of rows) levels[Number(row.level)]!.users += Number(row.users);
  return levels;
}
