// The retargeting funnel (in-order steps per user, as windowFunnel) without reading the whole period on every
// request. Greedy in-order matching over time-sorted steps means a user's level over the
// period is their level after the closed days (all but yesterday and today), continued over
// the steps since. The closed days' levels are computed once per day and period into
// funnel_progress (migration 0034); a request reads that run's level counts and replays only
// the users seen on the days it leaves open. Events reach a closed day only through a late spool
// flush or an import (the collector moves timestamps older than a day to the receipt time): the
// run's fingerprint of the closed days' hourly event counts then differs and a new run is computed.
// As with the closed-days snapshots (closed-days.ts), each period has a run through the day before
// yesterday and one through yesterday, read when current, so a request replays today's users alone.
//
// A "user" is the visitor, and an e-mail open (sent from the mail client, another visitor
// id) counts for the first visitor who submitted that address in the period, up to the day
// of the open.
import { createHash, randomUUID } from 'node:crypto';
import { PERIOD_DAYS, RETARGETING_FUNNEL_STEPS } from '@curb/contracts/analytics';
import type { ClickHouse } from '../clickhouse.ts';
import { perEngine, type EngineProfile } from '../engine.ts';
import { defineRunDictionaries, mayStartThroughYesterday, reloadRunDictionary } from './closed-days.ts';
import { holdsRun, NOT_STORED, type RunDictionary, storedNumber, storedValue, storesKey } from './run-dictionary.ts';
import { closedDays, closedDaysFingerprints, fingerprintOf, OPEN_DAYS, type OpenDays, serverClockWindow } from './period.ts';

/** The funnel's event names as an SQL list. */
export const STEP_NAMES = RETARGETING_FUNNEL_STEPS.map((s) => `'${s}'`).join(', ');
const LEVELS = RETARGETING_FUNNEL_STEPS.length + 1;

// funnel_steps numbers the steps from 1 in this order, and each step (second, step) as one
// number, second × 8 + step (migration 0046), so a user's steps gather in a plain numeric array
// (per-user arrays of tuples cost the aggregation about a third more) and sort by time, then
// step. Of the page views only the user's earliest counts (see the migration).
const USER_STEPS = 'arraySort(arrayPushBack(groupArrayArray(other_steps), min(first_view)))';
/**
 * In-order matching: the level rises when the next step of the funnel comes. Over the
 * time-sorted steps this is what windowFunnel does with a window spanning the period, which
 * is what the dashboard asks (a step counts if it follows the previous one within the period).
 */
const FOLD_LEVEL = '(acc, x) -> toUInt8(if(x % 8 = acc + 1, acc + 1, acc))';

/**
 * The funnel key: the visitor, or for an e-mail open the address's first submitter in the
 * period if that submission was on or before the day of the open (a funnel_steps row is one
 * day). Decided per row, so the closed days never depend on what came since. The submitters
 * come from the map `submitters` (see below) or, for the opens on the days a run leaves open,
 * first from its closed days held in memory (`closed`): a closed day comes before any of them.
 */
function userKey(closed?: RunDictionary): string {
  const h = 'cityHash64(open_email)';
  const day = `transform(${h}, submitters.1, submitters.3, toDate('2149-06-06'))`;
  const since = `if(${day} <= date, transform(${h}, submitters.1, submitters.2, visitor), visitor)`;
  return `if(open_email != '', ${closed ? `if(${storesKey(closed, h)}, ${storedNumber(closed, h)}, ${since})` : since}, visitor)`;
}

/** Each submitted address (hashed) with its first submitter and day, over the identities rollup's days that `filter` keeps. */
const SUBMITTER_ROWS = (filter: string) => `
SELECT cityHash64(email) AS h, argMin(visitor, first_submit) AS v, toDate(min(first_submit)) AS d FROM identities
WHERE ${filter} AND first_submit IS NOT NULL GROUP BY h`;

/**
 * A submitter map: a constant (hashes, visitors, days) built once per query, from the
 * identities rollup (migration 0036: a row per day, address and visitor) rather than the
 * period's raw form submits.
 */
const submitters = (from: string) => `(SELECT (groupArray(h), groupArray(v), groupArray(d)) FROM (${from})) AS submitters`;

const TODAY = `toDate(now('UTC'))`;
/** In the live statement: the days the run it reads leaves open (today alone after a run through yesterday). */
const OPEN = `is_bot = 0 AND date >= ${TODAY} - 1 + through_yesterday AND date <= ${TODAY}`;
/** The addresses (hashed) of the e-mails opened on those days: the only ones a request looks up. */
const OPENED = `SELECT cityHash64(open_email) FROM funnel_steps WHERE ${OPEN} AND open_email != ''`;

/** A period's stored levels in memory (run-dictionary.ts), on chDB. */
export const levelsDictionary = (days: number): RunDictionary => ({
  name: `funnel_levels_${days}`,
  value: 'level',
  table: 'funnel_progress',
  rows: `days = ${days}`,
  runs: 'funnel_progress_runs',
  runsFilter: `days = ${days}`,
});

/** A period's stored first submitters in memory (hashed address → visitor), on chDB. */
export const submittersDictionary = (days: number): RunDictionary => ({
  name: `funnel_submitters_${days}`,
  key: 'h',
  value: 'visitor',
  table: 'funnel_progress_submitters',
  rows: `days = ${days}`,
  runs: 'funnel_progress_runs',
  runsFilter: `days = ${days}`,
});

/** Both of a period's dictionaries: a request reads them only while both hold the run it reads. */
export const funnelDictionaries = (days: number): [RunDictionary, RunDictionary] => [levelsDictionary(days), submittersDictionary(days)];

/** Per period and days left open: the closed days' level per user, bound to the day and run they belong to. */
export const computeSql = perEngine(
  (engine) =>
    new Map(
      PERIOD_DAYS.map((days) => [
        days as number,
        Object.fromEntries(OPEN_DAYS.map((open) => [open, computeStatements(engine, days, open)])) as Record<OpenDays, ComputeStatements>,
      ]),
    ),
);

type ComputeStatements = { levels: string; submitters: string; run: string };

function computeStatements(engine: EngineProfile, days: number, open: OpenDays): ComputeStatements {
  const closed = closedDays(days, '{asOf:Date}', open);
  const levels = `INSERT INTO funnel_progress (as_of, days, run, key, level)
WITH ${submitters(SUBMITTER_ROWS(closed))}
SELECT {asOf:Date}, ${days}, {run:UUID}, ${userKey()} AS key,
       arrayFold(${FOLD_LEVEL}, ${USER_STEPS}, toUInt8(0))
FROM funnel_steps
WHERE ${closed}
GROUP BY key
${engine.readBackInsertSettings}`; // on a cluster, the levels are on their shards before the run is written
  // The closed days' first submitters, for the requests' e-mail opens on the days the run leaves open.
  const firstSubmitters = `INSERT INTO funnel_progress_submitters (as_of, days, run, h, visitor, day)
SELECT {asOf:Date}, ${days}, {run:UUID}, h, v, d FROM (${SUBMITTER_ROWS(closed)})
${engine.readBackInsertSettings}`;
  // Written last: a run counts only once this row exists.
  const levelCounts = Array.from({ length: LEVELS }, (_, l) => `countIf(level = ${l})`).join(', ');
  const run = `INSERT INTO funnel_progress_runs (as_of, days, fingerprint, run, levels)
SELECT {asOf:Date}, ${days}, {fingerprint:UInt64}, {run:UUID}, [${levelCounts}]
FROM funnel_progress WHERE as_of = {asOf:Date} AND days = ${days} AND run = {run:UUID}
${engine.readBackInsertSettings}`;
  return { levels, submitters: firstSubmitters, run };
}

/**
 * Per period, one constant statement without bound parameters (they overlap on chDB, see
 * period.ts): the fingerprints of the closed days (through the day before yesterday, through
 * yesterday), today's current run to read (through yesterday when there is one), and the users
 * seen on the days it leaves open with their closed level (if any) and their level now. An
 * e-mail open's submitter comes from one map of the addresses opened on those days: the run's
 * stored closed-days submitter, else the first since (a closed day's is the earlier). It is
 * small, where the whole period's identities were read per request (50 M events, 90 days: ~38
 * ms of one thread), and one map, where two (stored, since) each filtered the opened addresses
 * (the statement 74 → 53 ms). On chDB the run's submitters are looked up in memory instead, as
 * its levels are, and the map holds the submits since yesterday alone: no pass over the opened
 * addresses or the stored submitters (one thread, 50 M events: 69 → 58 ms; 10 M: 35 → 29 ms).
 */
export const liveSql = perEngine(
  (engine: EngineProfile) =>
    new Map(
      PERIOD_DAYS.map((days) => {
        // The computation's own text is part of the fingerprint: a run by an older version never counts.
        const compute = computeSql(engine).get(days)![2];
        const version = createHash('sha256')
          .update(compute.levels)
          .update(compute.submitters)
          .update(compute.run)
          .digest('hex')
          .slice(0, 16);
        const RUNS_TODAY = `funnel_progress_runs WHERE as_of = ${TODAY} AND days = ${days}`;
        const recent = (only: string, closedSubmitters?: RunDictionary) => `
SELECT ${userKey(closedSubmitters)} AS key, ${USER_STEPS} AS numbered
FROM funnel_steps WHERE ${OPEN} AND current${only} GROUP BY key`;
        const stored = `SELECT key, level, toUInt8(1) AS found FROM funnel_progress
  WHERE as_of = ${TODAY} AND days = ${days} AND run = latest.1`;
        const joined = `
  SELECT c.found AS found, c.level AS closedLevel, recent.numbered AS numbered
  FROM (${stored}) AS c RIGHT JOIN (${recent('')}) AS recent USING (key)`;
        const [levels, closedSubmitters] = funnelDictionaries(days);
        // The stored levels and the opens' stored submitters looked up in the period's dictionaries.
        const looked = `
  SELECT toUInt8(l != ${NOT_STORED}) AS found, if(l != ${NOT_STORED}, l, toUInt8(0)) AS closedLevel, numbered
  FROM (SELECT ${storedValue(levels, 'key')} AS l, numbered FROM (${recent(' AND from_dictionary', closedSubmitters)}))`;
        // The opened addresses' submitters from the run's table, each else the first on the days it leaves open.
        const storedOrSince = `
    SELECT h, argMin(v, since) AS v, argMin(d, since) AS d
    FROM (
      SELECT h, visitor AS v, day AS d, 0 AS since FROM funnel_progress_submitters
      WHERE as_of = ${TODAY} AND days = ${days} AND run = latest.1
      UNION ALL
      SELECT h, v, d, 1 AS since FROM (${SUBMITTER_ROWS(OPEN)})
    )
    WHERE h ${engine.inSubquery} (${OPENED})
    GROUP BY h`;
        const statement = (changes: string, withDictionary: boolean) => `
WITH
  ${closedDaysFingerprints(days, TODAY, version)} AS fingerprints,
  ${fingerprintOf('fingerprints', 2)} AS closed_fingerprint,
  ${fingerprintOf('fingerprints', 1)} AS yesterday_fingerprint,
  (SELECT argMax((run, fingerprint, levels), (fingerprint = yesterday_fingerprint, fingerprint = closed_fingerprint, created_at))
   FROM ${RUNS_TODAY}) AS latest,
  (SELECT countIf(fingerprint = closed_fingerprint) > 0 FROM ${RUNS_TODAY}) AS closed_stored,
  latest.2 IN (closed_fingerprint, yesterday_fingerprint) AS current,
  toUInt8(latest.2 = yesterday_fingerprint) AS through_yesterday,
  ${submitters(withDictionary ? SUBMITTER_ROWS(OPEN) : storedOrSince)}${
    withDictionary
      ? `,
  (SELECT notEmpty(latest.3) AND ${holdsRun(levels, 'latest.1')} AND ${holdsRun(closedSubmitters, 'latest.1')}) AS from_dictionary`
      : ''
  }
SELECT toString(${TODAY}) AS asOf, toString(closed_fingerprint) AS fingerprint, toString(yesterday_fingerprint) AS yesterdayFingerprint,
       notEmpty(latest.3) AS computed, current, through_yesterday AS throughYesterday, closed_stored AS closedStored,
       latest.3 AS closedLevels,
       groupArray((found, closedLevel, level, users)) AS changes${withDictionary ? ',\n       from_dictionary AS fromDictionary' : ''}
FROM (
  SELECT found, closedLevel, count() AS users, arrayFold(${FOLD_LEVEL}, numbered, closedLevel) AS level
  FROM (${changes})
  GROUP BY found, closedLevel, level
)`;
        const sql = {
          joined: statement(joined, false),
          // On chDB: the dictionary when it holds the run read, else no changes and fromDictionary 0 (the caller joins then).
          ...(engine.kind === 'chdb' && { withDictionary: statement(looked, true) }),
        };
        return [days as number, sql];
      }),
    ),
);

/**
 * Per period, unbound: users per level over the whole period, for a request that finds no
 * current run (the first of the day when the worker has not run yet). No thread limit: it is
 * the longest of that request's queries.
 */
export const wholePeriodSql = perEngine(
  () =>
    new Map(
      PERIOD_DAYS.map((days) => {
        const window = serverClockWindow(days).days;
        return [
          days as number,
          `
WITH ${submitters(SUBMITTER_ROWS(window))}
SELECT level, count() AS users
FROM (
  SELECT ${userKey()} AS key, arrayFold(${FOLD_LEVEL}, ${USER_STEPS}, toUInt8(0)) AS level
  FROM funnel_steps
  WHERE ${window}
  GROUP BY key
)
GROUP BY level`,
        ];
      }),
    ),
);

/**
 * Per period, unbound: whether any run is stored for today. None (the day's first requests, before
 * the worker's run) means none is current, so the whole period answers without the live statement
 * before it (see readFunnelLevels).
 */
export const storedTodaySql = new Map(
  PERIOD_DAYS.map((days) => [
    days as number,
    `SELECT toString(${TODAY}) AS asOf, count() > 0 AS stored FROM funnel_progress_runs WHERE as_of = ${TODAY} AND days = ${days}`,
  ]),
);

type N = string | number;
type LiveRow = {
  asOf: string;
  /** The closed days' fingerprints: through the day before yesterday, through yesterday. */
  fingerprint: string;
  yesterdayFingerprint: string;
  /** Whether any run is stored today; whether the one read is current, and through yesterday; whether one through the day before is. */
  computed: N;
  current: N;
  throughYesterday: N;
  closedStored: N;
  closedLevels: N[];
  changes: [N, N, N, N][];
  /** With the dictionary: whether it held the run read (else `changes` is empty). */
  fromDictionary?: N;
};

// One computation per period, day and fingerprint in this process; kept once done, so a
// request that looked before the run was written waits for it instead of computing again.
const computing = new Map<string, Promise<void>>();

/** The fingerprint of the closed days a run leaving `open` days open covers, as `live` reported it. */
const liveFingerprint = (live: LiveRow, open: OpenDays) => (open === 1 ? live.yesterdayFingerprint : live.fingerprint);
/** Whether `live` found a current run leaving `open` days open. */
const hasRun = (live: LiveRow, open: OpenDays) => Number(open === 1 ? live.throughYesterday : live.closedStored) > 0;

/**
 * The computation of the closed days `live` reported on, leaving `open` days open: the one
 * already started or done, or a new one (also when `stale` is that one: its run has gone,
 * expired or removed).
 */
function closedDaysRun(ch: ClickHouse, days: number, live: LiveRow, open: OpenDays, stale?: Promise<void>): Promise<void> {
  const id = `${days}|${open}|${live.asOf}|${liveFingerprint(live, open)}`;
  let pending = computing.get(id);
  if (!pending || pending === stale) {
    for (const old of computing.keys()) if (!old.includes(`|${live.asOf}|`)) computing.delete(old);
    const sql = computeSql(ch.engine).get(days)![open];
    const params = { asOf: live.asOf, fingerprint: BigInt(liveFingerprint(live, open)), run: randomUUID() };
    pending = ch
      .command(sql.levels, params)
      .then(() => ch.command(sql.submitters, params))
      .then(() => ch.command(sql.run, params))
      .then(() => Promise.all(funnelDictionaries(days).map((d) => reloadRunDictionary(ch, d))))
      .then(() => {});
    pending.catch(() => computing.delete(id));
    computing.set(id, pending);
  }
  return pending;
}

type Levels = { level: number; users: number }[];

const liveRow = async (ch: ClickHouse, days: number) => {
  const sql = liveSql(ch.engine).get(days);
  if (!sql) throw new Error(`Unsupported period: ${days} days`);
  if (sql.withDictionary && (await defineRunDictionaries(ch, funnelDictionaries(days)))) {
    // A dictionary that cannot answer (failed to load, dropped) leaves the join to answer.
    const live = (await ch.query<LiveRow>(sql.withDictionary).catch(() => []))[0];
    // A run the dictionary has not loaded yet (it is reloaded after each run): join the table.
    if (live && (Number(live.fromDictionary) || !isCurrent(live))) return live;
  }
  return (await ch.query<LiveRow>(sql.joined))[0]!;
};
const isCurrent = (live: LiveRow) => Number(live.computed) > 0 && Number(live.current) > 0;

// Per store, the periods with a run seen today (the server's day): their requests go straight to the live statement.
const runSeen = new WeakMap<ClickHouse, Map<number, string>>();

/** Whether today may have a run of the period: once one is seen, without asking again that day. */
async function mayHaveRun(ch: ClickHouse, days: number): Promise<boolean> {
  const seen = runSeen.get(ch) ?? new Map<number, string>();
  runSeen.set(ch, seen);
  if (seen.get(days) === new Date().toISOString().slice(0, 10)) return true;
  const [today] = await ch.query<{ asOf: string; stored: N }>(storedTodaySql.get(days)!);
  if (!Number(today?.stored)) return false;
  seen.set(days, today!.asOf);
  return true;
}

/**
 * Users per deepest step reached (windowFunnel levels 0..5) over the last `days` days: from
 * today's run and the users seen on the days it leaves open, or, when there is no current run, over the
 * whole period, with `computeMissing` for the caller to start once its answer is ready (so
 * the day's first request does not wait for the run). A day's first requests, which find no
 * run stored today, start the whole period at once, where they waited for the live statement
 * (10 M events, 90 days: ~75 ms beside the request's other reads).
 */
export async function readFunnelLevels(
  ch: ClickHouse,
  days: number,
): Promise<{ levels: Levels; computeMissing: (() => Promise<void>) | null }> {
  const live = (await mayHaveRun(ch, days)) ? await liveRow(ch, days) : null;
  if (!live || !isCurrent(live)) {
    const whole = await ch.query<{ level: N; users: N }>(wholePeriodSql(ch.engine).get(days)!);
    const levels = Array.from({ length: LEVELS }, (_, level) => ({ level, users: 0 }));
    for (const row of whole) levels[Number(row.level)]!.users = Number(row.users);
    return { levels, computeMissing: () => computeFunnelProgress(ch, days) };
  }
  const levels = Array.from({ length: LEVELS }, (_, l) => Number(live.closedLevels[l] ?? 0));
  for (const [found, closedLevel, level, users] of live.changes) {
    if (Number(found)) levels[Number(closedLevel)]! -= Number(users);
    levels[Number(level)]! += Number(users);
  }
  // A run through yesterday that a late event outdated is started at most once every THROUGH_YESTERDAY_RETRY_MS.
  const due = !hasRun(live, 2) || (!hasRun(live, 1) && mayStartThroughYesterday(ch, `funnel|${days}`));
  return { levels: levels.map((users, level) => ({ level, users })), computeMissing: due ? () => computeFunnelProgress(ch, days) : null };
}

/**
 * Computes today's runs of the period's closed days that are missing, through the day before
 * yesterday and then through yesterday (the worker's job, a request's spare work).
 */
export async function computeFunnelProgress(ch: ClickHouse, days: number): Promise<void> {
  const live = await liveRow(ch, days);
  // The run through yesterday is always the later, so that it is the one the dictionaries hold.
  if (!hasRun(live, 2)) await storeRun(ch, days, live, 2);
  else if (hasRun(live, 1)) return;
  await storeRun(ch, days, live, 1);
}

async function storeRun(ch: ClickHouse, days: number, live: LiveRow, open: OpenDays): Promise<void> {
  const run = closedDaysRun(ch, days, live, open);
  await run;
  // A run done earlier in this process whose rows have gone (expired or removed): compute again.
  const after = await liveRow(ch, days);
  if (!hasRun(after, open) && liveFingerprint(after, open) === liveFingerprint(live, open)) await closedDaysRun(ch, days, after, open, run);
}
