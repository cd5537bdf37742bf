// The retargeting funnel's stored closed-days levels (funnel_progress) held in memory as one
// ClickHouse dictionary per period, on chDB: a request looks up the users seen since yesterday
// in it instead of probing every stored user with a join (50 M events, 90 days: ~2 M stored
// users, the funnel's statement 120 → 74 ms of one thread; ~64 MB for those 2 M users). Each
// dictionary holds today's latest run and, under key 0, that run's id: a request uses it only
// when that is the run it reads (funnel-progress.ts), else the join, so a dictionary not yet
// reloaded after a new run is never read. A ClickHouse server keeps the join (its dictionaries
// would be per node; the join needs nothing kept in step). funnel-progress.ts defines and reloads them.
import { PERIOD_DAYS } from '@curb/contracts/analytics';

const TODAY = `toDate(now('UTC'))`;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** The dictionary of a period's stored levels. */
export const levelsDictionary = (days: number) => `funnel_levels_${days}`;

/** Its definition in `database`: each stored user's level in today's latest run, and that run under key 0. */
export function levelsDictionaryDdl(database: string, days: number): string {
  if (!IDENTIFIER.test(database) || !(PERIOD_DAYS as readonly number[]).includes(days)) throw new Error('Invalid levels dictionary');
  const runs = `${database}.funnel_progress_runs WHERE as_of = ${TODAY} AND days = ${days}`;
  const source = `SELECT key, run, level FROM ${database}.funnel_progress
WHERE as_of = ${TODAY} AND days = ${days} AND run = (SELECT argMax(run, created_at) FROM ${runs})
UNION ALL
SELECT toUInt64(0) AS key, argMax(run, created_at) AS run, toUInt8(0) AS level FROM ${runs}`;
  return `CREATE OR REPLACE DICTIONARY ${levelsDictionary(days)} (key UInt64, run UUID, level UInt8)
PRIMARY KEY key
SOURCE(CLICKHOUSE(QUERY '${source.replace(/[\\']/g, (c) => `\\${c}`)}'))
LAYOUT(HASHED())
LIFETIME(0)`;
}

/** The statement that loads a period's dictionary again (after a new run is stored). */
export const reloadLevelsDictionarySql = (days: number) => `SYSTEM RELOAD DICTIONARY ${levelsDictionary(days)}`;
