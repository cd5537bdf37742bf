// Closed-days snapshots: the one module that stores, fingerprints, holds in memory and caches a
// period's closed-days values. A dashboard describes what a query sums, merges or flags over a
// period's days (a ClosedDaysQuery) and asks readClosedDays for the period's rows; how the
// closed days' part is stored and found is this module's business. Bench figures for each
// mechanism: bench/results/dashboards.md; the decisions: docs/decisions/ADR-0210, ADR-0281.
//
// - Periods: a set keeps runs only for the periods it names, those where they were measured to
//   pay; its other periods are read whole, one statement per query, with nothing stored or
//   looked up (a run's status read and lookups cost more than a short period's grouping).
//
// - Storage: the rows a query gives for the closed days (all but yesterday and today) are merged
//   once a day per period into its table (ClickHouse migrations 0039 to 0042, 0049), so a request merges
//   one stored row per key with the rollup rows of the days left open. Only for rows of sums,
//   mergeable states (exact sets, sketches) and per-key flags (keyFlagsQuery): merged in any
//   grouping they give the same figures as the whole period at once.
// - Runs: a run counts once its row in closed_days_runs exists, written after its rows, and
//   carries a fingerprint of the closed days' hourly event counts (events_hourly) and of the
//   snapshots' own SQL. Events reach a closed day only through a late spool flush or an import
//   (the collector moves older timestamps to the receipt time); the fingerprint then differs,
//   and requests read the whole period until a new run is stored. A request that finds no
//   current run answers from the whole period and starts the run after its own queries (the
//   worker also runs them just after midnight). Runs in flight in this process are shared.
// - Two runs a day per period (OpenDays): one through the day before yesterday, which no event
//   reaches once the day has begun, and one through yesterday, computed after it, so a request
//   reads today alone from the rollups. An event that reaches yesterday late sends requests back
//   to the first run until a new one through yesterday is stored: started by a request at most
//   once every THROUGH_YESTERDAY_RETRY_MS per kind and period.
// - Dictionaries (chDB): a key-flags snapshot's stored keys are held in memory as a ClickHouse
//   dictionary, so a request looks the keys seen since up instead of joining every stored key.
//   A dictionary holds today's latest run of its period and kind and, under key 0, a hash of that
//   run's id: a request uses it only when that is the run it reads, else the join. The process
//   defines them at first use (their source names the database, which a migration does not know)
//   and reloads one after each run it stores. A ClickHouse server keeps the join.
import { createHash, randomUUID } from 'node:crypto';
import { PERIOD_DAYS } from '@curb/contracts/analytics';
import type { ClickHouse } from '../clickhouse.ts';
import type { EngineProfile } from '../engine.ts';
import { serverClockWindow } from './period.ts';

export interface ClosedDaysQuery {
  /** Names the snapshot in closed_days_runs. */
  kind: string;
  /** Its table: as_of, days, run, then `columns`. */
  table: string;
  columns: string[];
  /**
   * SELECT from a rollup for the days `filter` keeps, grouped by its keys (sums and -State/-MergeState);
   * `period` keeps the whole period's days (for what a row's days alone cannot decide).
   */
  rows: (filter: string, period: string) => string;
  /** The stored rows (of `columns`) from the closed days' `rows`, when they are not those rows themselves. */
  stored?: (rows: string) => string;
  /**
   * The dashboard's statement from the stored closed days' rows (`closed`, null when there is no
   * current run) and `since`, `rows` over the rest of the period (or over all of it).
   */
  read: (closed: string | null, since: string) => string;
  /** The same from a current run whose stored keys `dictionary` holds in memory, on chDB. */
  lookup?: (closed: string, since: string, dictionary: RunDictionary) => string;
  /** The whole period's statement (no current run) runs on all threads: the longest of its request's reads. */
  parallelWhole?: boolean;
}

/** The rows of `closed` and `since` together, for statements that merge them per key. */
export const bothParts = (closed: string | null, since: string) => (closed ? `(${closed}\n  UNION ALL\n  ${since})` : `(${since})`);

/** What a lookup gives for a key the run did not store. */
const NOT_STORED = 255;

/**
 * A snapshot of flags per key: the stored rows hold each key's flags under one 64-bit key, and, in
 * rows with key 0 written in the same pass, the number of keys per group and flags. A request
 * reads those counts and moves each key seen since from its stored flags to `combine(stored,
 * since)`: only the keys seen since are joined (or looked up in memory), and no stored key is
 * counted per request.
 */
export interface KeyFlags {
  /** The columns of `rows` that group the counts (the A/B pair); stored with each key. */
  group: string[];
  /** A key as one UInt64 expression over the columns of `rows` (0, one chance in 2^64, would count with the counts). */
  key: string;
  /** Further columns of the rows since that `combine` reads (the funnel's steps). */
  carry?: string[];
  /** A key's flags (UInt8, below NOT_STORED) from its stored flags and its flags since (SQL over the two). */
  combine: (stored: string, now: string) => string;
}

/**
 * A snapshot of flags per key: `rows` gives each key's columns and flags; `read` gives the
 * dashboard's statement from rows (group..., flags, n) whose n add up, per group and flags, to
 * the number of keys.
 */
export function keyFlagsQuery(q: {
  kind: string;
  table: string;
  rows: (filter: string, period: string) => string;
  keys: KeyFlags;
  read: (counts: string) => string;
  parallelWhole?: boolean;
}): ClosedDaysQuery {
  const by = [...q.keys.group, 'flags'].join(', ');
  const counted = (from: string) => `SELECT ${by}, toInt64(count()) AS n FROM (${from}) GROUP BY ${by}`;
  const group = q.keys.group.map((g) => `${g}, `).join('');
  const carried = (q.keys.carry ?? []).map((c) => `, ${c}`).join('');
  // The stored counts, and each key seen since moved from its stored flags (NOT_STORED: a new key)
  // to its flags now; its stored flags joined from the run's rows, or looked up in memory.
  const moved = (closed: string, perKey: string) => `
  SELECT ${by}, toInt64(n) AS n FROM (${closed}) WHERE key = 0
  UNION ALL
  SELECT ${group}change.1 AS flags, sum(change.2) AS n
  FROM (
    SELECT ${group}arrayJoin(if(stored != ${NOT_STORED}, [(${q.keys.combine('stored', 'flags')}, 1), (stored, -1)], [(flags, 1)])) AS change
    FROM (${perKey})
  )
  GROUP BY ${by}
`;
  const recent = (since: string) => `SELECT ${q.keys.key} AS key, ${by}${carried} FROM (${since})`;
  const joined = (closed: string, since: string) => `
    SELECT ${group}r.flags AS flags${(q.keys.carry ?? []).map((c) => `, r.${c} AS ${c}`).join('')},
           if(c.found, c.flags, toUInt8(${NOT_STORED})) AS stored
    FROM (SELECT key, flags, toUInt8(1) AS found FROM (${closed}) WHERE key != 0) AS c
    RIGHT JOIN (${recent(since)}) AS r USING (key)`;
  const looked = (since: string, dictionary: RunDictionary) =>
    `SELECT ${group}flags${carried}, ${storedValue(dictionary, 'key')} AS stored FROM (${recent(since)})`;
  return {
    kind: q.kind,
    table: q.table,
    columns: ['key', ...q.keys.group, 'flags', 'n'],
    rows: q.rows,
    // Unlisted columns of a grouping set are 0: the sets without the key are the counts.
    stored: (rows) => `SELECT ${q.keys.key} AS key, ${by}, count() AS n FROM (${rows}) GROUP BY GROUPING SETS ((key, ${by}), (${by}))`,
    read: (closed, since) => q.read(closed ? moved(closed, joined(closed, since)) : counted(since)),
    lookup: (closed, since, dictionary) => q.read(moved(closed, looked(since, dictionary))),
    ...(q.parallelWhole && { parallelWhole: true }),
  };
}

// ---- Days and fingerprints

/**
 * How many of a period's last days a run leaves open, for each request to read from the daily
 * rollups: yesterday and today (2), or today alone (1). Events can reach yesterday all day (the
 * collector keeps a timestamp up to a day old), so a run through yesterday goes out of date with
 * one such event, and the run that leaves yesterday open stands in for it.
 */
export type OpenDays = 1 | 2;
/** Both, in the order they are computed: a run through yesterday is the later (the one a dictionary holds). */
export const OPEN_DAYS: readonly OpenDays[] = [2, 1];

/** Human traffic on the closed days (all but the `open` last) of the period that ends on `asOf` (an SQL Date expression). */
const closedDays = (days: number, asOf: string, open: OpenDays) =>
  `is_bot = 0 AND date >= ${asOf} - ${days - 1} AND date <= ${asOf} - ${open}`;
/** Human traffic on the `open` last days up to `asOf`, which a run leaves open. */
const openDays = (asOf: string, open: OpenDays) => `is_bot = 0 AND date >= ${asOf} - ${open - 1} AND date <= ${asOf}`;
/** Human traffic on every day of the period that ends on `asOf`. */
const periodDays = (days: number, asOf: string) => `is_bot = 0 AND date >= ${asOf} - ${days - 1} AND date <= ${asOf}`;

/**
 * Fingerprints of the events stored on the closed days of the period that ends on `asOf`, for
 * each of OPEN_DAYS, with `version` (the SQL that depends on them): their count per hour, from
 * the events_hourly rollup (a few thousand rows), read once for both. One changes when an event
 * reaches its closed days late or retention removes one. SQL: a tuple (fingerprintOf).
 */
function closedDaysFingerprints(days: number, asOf: string, version: string): string {
  return `(SELECT (cityHash64('${version}', 2, arraySort(groupArrayIf((hour, n), hour < toDateTime(${asOf} - 1, 'UTC')))),
                cityHash64('${version}', 1, arraySort(groupArray((hour, n)))))
   FROM (SELECT hour, sum(events) AS n FROM events_hourly
         WHERE is_bot = 0 AND hour >= toDateTime(${asOf} - ${days - 1}, 'UTC') AND hour < toDateTime(${asOf}, 'UTC')
         GROUP BY hour))`;
}
/** SQL: the fingerprint for `open` in the tuple `fingerprints` (closedDaysFingerprints). */
const fingerprintOf = (fingerprints: string, open: OpenDays) => `${fingerprints}.${OPEN_DAYS.indexOf(open) + 1}`;

// ---- Dictionaries (chDB)

const TODAY = `toDate(now('UTC'))`;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** A run's stored keys in memory: each key's flags, and under key 0 a hash of the run's id. */
export interface RunDictionary {
  name: string;
  /** The table of the stored keys, and which of its rows belong to the period (and kind). */
  table: string;
  rows: string;
  /** Which rows of closed_days_runs are the period's and kind's: the latest by created_at is loaded. */
  runsFilter: string;
}

/** The dictionary's definition in `database` (constant SQL: names and filters are the code's own). */
export function runDictionaryDdl(database: string, d: RunDictionary): string {
  if (![database, d.name, d.table].every((name) => IDENTIFIER.test(name))) throw new Error('Invalid run dictionary');
  const runs = `${database}.closed_days_runs WHERE as_of = ${TODAY} AND ${d.runsFilter}`;
  const source = `SELECT key, toUInt64(flags) AS value FROM ${database}.${d.table}
WHERE as_of = ${TODAY} AND ${d.rows} AND run = (SELECT argMax(run, created_at) FROM ${runs})
UNION ALL
SELECT toUInt64(0) AS key, cityHash64(argMax(run, created_at)) AS value FROM ${runs}`;
  return `CREATE OR REPLACE DICTIONARY ${d.name} (key UInt64, value UInt64)
PRIMARY KEY key
SOURCE(CLICKHOUSE(QUERY '${source.replace(/[\\']/g, (c) => `\\${c}`)}'))
LAYOUT(HASHED())
LIFETIME(0)`;
}

export const reloadRunDictionarySql = (d: RunDictionary) => `SYSTEM RELOAD DICTIONARY ${d.name}`;
/** SQL: whether the dictionary holds the run `run` (an SQL UUID expression). */
const holdsRun = (d: RunDictionary, run: string) => `dictGetOrDefault('${d.name}', 'value', toUInt64(0), toUInt64(0)) = cityHash64(${run})`;
/** SQL: the stored flags of `key`, or NOT_STORED. */
const storedValue = (d: RunDictionary, key: string) => `toUInt8(dictGetOrDefault('${d.name}', 'value', ${key}, toUInt64(${NOT_STORED})))`;

// Per store and dictionary, whether it is defined (once per process, with the current definition).
const defined = new WeakMap<ClickHouse, Map<string, Promise<boolean>>>();

/** Defines the dictionaries on chDB; false elsewhere, or when one could not be defined (the join serves then). */
function defineRunDictionaries(ch: ClickHouse, dictionaries: RunDictionary[]): Promise<boolean> {
  if (ch.engine.kind !== 'chdb' || !dictionaries.length) return Promise.resolve(false);
  const mine = defined.get(ch) ?? new Map<string, Promise<boolean>>();
  defined.set(ch, mine);
  return Promise.all(
    dictionaries.map((d) => {
      let ready = mine.get(d.name);
      if (!ready) {
        ready = ch.command(runDictionaryDdl(ch.database, d)).then(
          () => true,
          () => false,
        );
        mine.set(d.name, ready);
      }
      return ready;
    }),
  ).then((all) => all.every(Boolean));
}

/** Loads a dictionary again, after a new run is stored (nothing when it is not defined). */
export async function reloadRunDictionary(ch: ClickHouse, d: RunDictionary): Promise<void> {
  if (await defineRunDictionaries(ch, [d])) await ch.command(reloadRunDictionarySql(d));
}

// ---- A dashboard's snapshots

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UINT64 = /^\d{1,20}$/;

/**
 * A set of snapshots (a dashboard's), with the statements to find, compute and read them on one
 * engine: runs for `periods` (some of PERIOD_DAYS), the whole period for the others.
 */
export function closedDaysSnapshots(engine: EngineProfile, queries: ClosedDaysQuery[], periods: readonly number[]) {
  if (!periods.every((days) => (PERIOD_DAYS as readonly number[]).includes(days))) throw new Error('Unsupported closed-days period');
  const compute = (q: ClosedDaysQuery, days: number, open: OpenDays = 2) => `
INSERT INTO ${q.table} (as_of, days, run, ${q.columns.join(', ')})
SELECT {asOf:Date}, ${days}, {run:UUID}, ${q.columns.join(', ')}
FROM (${(q.stored ?? ((rows: string) => rows))(q.rows(closedDays(days, '{asOf:Date}', open), periodDays(days, '{asOf:Date}')))})
${engine.readBackInsertSettings}`;
  // The snapshots' own text is part of the fingerprint: a run by an older version never counts.
  const version = createHash('sha256')
    .update(queries.map((q) => compute(q, 0)).join('\n'))
    .digest('hex')
    .slice(0, 16);

  /** On chDB, the in-memory stored keys of a snapshot that can be read from them, per period. */
  const dictionary = (q: ClosedDaysQuery, days: number): RunDictionary | null =>
    engine.kind === 'chdb' && q.lookup
      ? {
          name: `${q.table}_${days}`,
          table: q.table,
          rows: `days = ${days} AND key != 0`,
          runsFilter: `days = ${days} AND kind = '${q.kind}'`,
        }
      : null;
  const dictionaries = (days: number) => queries.flatMap((q) => dictionary(q, days) ?? []);

  /**
   * Per period, unbound (chDB runs those in parallel): the day, the closed days' fingerprints (the
   * run through the day before yesterday's, and through yesterday's), the kinds with a current run
   * of each and, `withDictionaries`, those whose dictionary holds the run a request reads (through
   * yesterday when current).
   */
  const status = (days: number, withDictionaries = false) => {
    const held = queries.flatMap((q) => {
      const d = withDictionaries && dictionary(q, days);
      if (!d) return [];
      const read = `(SELECT argMax(run, (fingerprint = yesterday_fingerprint, created_at)) FROM closed_days_runs
         WHERE as_of = ${TODAY} AND days = ${days} AND kind = '${q.kind}' AND fingerprint IN (closed_fingerprint, yesterday_fingerprint))`;
      return [`if(${holdsRun(d, read)}, '${q.kind}', '')`];
    });
    return `
WITH ${closedDaysFingerprints(days, TODAY, version)} AS fingerprints,
     ${fingerprintOf('fingerprints', 2)} AS closed_fingerprint, ${fingerprintOf('fingerprints', 1)} AS yesterday_fingerprint
SELECT toString(${TODAY}) AS asOf, toString(closed_fingerprint) AS closedFingerprint,
       toString(yesterday_fingerprint) AS yesterdayFingerprint,
       groupUniqArrayIf(kind, runs.fingerprint = closed_fingerprint) AS current,
       groupUniqArrayIf(kind, runs.fingerprint = yesterday_fingerprint) AS currentThroughYesterday${
         held.length ? `, [${held.join(', ')}] AS held` : ''
       }
FROM closed_days_runs AS runs
WHERE as_of = ${TODAY} AND days = ${days}
${engine.readSettings}`;
  };

  // Written last: a run counts only once this row exists.
  const run = (days: number) => `
INSERT INTO closed_days_runs (as_of, days, kind, fingerprint, run)
SELECT {asOf:Date}, ${days}, {kind:String}, {fingerprint:UInt64}, {run:UUID}
${engine.readBackInsertSettings}`;

  /** The statement over the whole period, or over a current run plus the days it leaves open. */
  function read(q: ClosedDaysQuery, days: number, snapshot?: Snapshot, held = false): string {
    if (!snapshot) {
      const period = serverClockWindow(days).days;
      return `${q.read(null, q.rows(period, period))}${q.parallelWhole ? '' : `\n${engine.readSettings}`}`;
    }
    // Values this module read back from ClickHouse, checked, never a request's.
    if (!DATE.test(snapshot.asOf) || !UINT64.test(snapshot.fingerprint) || !OPEN_DAYS.includes(snapshot.open))
      throw new Error('Malformed closed-days run');
    const asOf = `toDate('${snapshot.asOf}')`;
    const current = `(SELECT argMax(run, created_at) FROM closed_days_runs
     WHERE as_of = ${asOf} AND days = ${days} AND kind = '${q.kind}' AND fingerprint = ${snapshot.fingerprint})`;
    const closed = `SELECT ${q.columns.join(', ')} FROM ${q.table} WHERE as_of = ${asOf} AND days = ${days} AND run = ${current}`;
    const since = q.rows(openDays(asOf, snapshot.open), periodDays(days, asOf));
    const d = held && dictionary(q, days);
    return `${d && q.lookup ? q.lookup(closed, since, d) : q.read(closed, since)}\n${engine.readSettings}`;
  }

  /** Every statement, for the catalog (a sample run stands for the ones a request reads). */
  const statements = () => [
    ...PERIOD_DAYS.flatMap((days) => queries.map((q) => read(q, days))),
    ...periods.flatMap((days) => {
      const samples = OPEN_DAYS.map((open) => ({ asOf: '2026-01-01', fingerprint: '1', open }));
      return [
        status(days),
        ...(dictionaries(days).length ? [status(days, true)] : []),
        ...dictionaries(days).flatMap((d) => [runDictionaryDdl('curb', d), reloadRunDictionarySql(d)]),
        run(days),
        ...queries.flatMap((q) => [
          ...OPEN_DAYS.map((open) => compute(q, days, open)),
          ...samples.flatMap((sample) => [read(q, days, sample), ...(dictionary(q, days) ? [read(q, days, sample, true)] : [])]),
        ]),
      ];
    }),
  ];

  return { compute, status, run, read, dictionary, dictionaries, queries, periods, statements };
}

export type ClosedDaysSnapshots = ReturnType<typeof closedDaysSnapshots>;

/** A stored run to read: its day, its closed days' fingerprint and the days it leaves open. */
type Snapshot = { asOf: string; fingerprint: string; open: OpenDays };
/** What a period's status statement reports (`status`). */
export type ClosedDaysStatus = {
  asOf: string;
  closedFingerprint: string;
  yesterdayFingerprint: string;
  current: string[];
  currentThroughYesterday: string[];
  held?: string[];
};

/** The run of `kind` a request reads: through yesterday when current, else through the day before, else none. */
function snapshotOf(status: ClosedDaysStatus, kind: string): Snapshot | undefined {
  if (status.currentThroughYesterday.includes(kind)) return { asOf: status.asOf, fingerprint: status.yesterdayFingerprint, open: 1 };
  if (status.current.includes(kind)) return { asOf: status.asOf, fingerprint: status.closedFingerprint, open: 2 };
  return undefined;
}

/**
 * Whether a request should start runs for `kind`: none is being computed in this process, and it
 * lacks today's run through the day before yesterday, or lacks the run through yesterday and may
 * start one (mayStartThroughYesterday: a run through yesterday still to come after the one before
 * it does not count against the wait).
 */
const runsDue = (ch: ClickHouse, status: ClosedDaysStatus, kind: string, days: number) =>
  !working.get(ch)?.get(`${kind}|${days}`) &&
  (!status.current.includes(kind) || (!status.currentThroughYesterday.includes(kind) && mayStartThroughYesterday(ch, `${kind}|${days}`)));

/**
 * How long after a request started a run through yesterday another request may start one for
 * the same kind and period (the one before went out of date with a late event for yesterday).
 */
export const THROUGH_YESTERDAY_RETRY_MS = 10 * 60_000;
// Per store, per kind and period: when a request last started a run through yesterday.
const startedThroughYesterday = new WeakMap<ClickHouse, Map<string, number>>();

/** Whether a request may start a run through yesterday for `id` (a kind and period) now; if so notes the time. */
function mayStartThroughYesterday(ch: ClickHouse, id: string): boolean {
  const now = Date.now();
  const started = startedThroughYesterday.get(ch) ?? new Map<string, number>();
  startedThroughYesterday.set(ch, started);
  if (now - (started.get(id) ?? -Infinity) < THROUGH_YESTERDAY_RETRY_MS) return false;
  started.set(id, now);
  return true;
}

// The computations in flight in this process, one per kind, period, day and fingerprint.
const computing = new Map<string, Promise<void>>();
// Per store, per kind and period: how many computeClosedDays calls are working through it.
const working = new WeakMap<ClickHouse, Map<string, number>>();

function computeRun(ch: ClickHouse, snapshots: ClosedDaysSnapshots, q: ClosedDaysQuery, days: number, run: Snapshot): Promise<void> {
  const id = `${q.kind}|${days}|${run.asOf}|${run.fingerprint}`;
  let pending = computing.get(id);
  if (!pending) {
    const params = { asOf: run.asOf, fingerprint: BigInt(run.fingerprint), run: randomUUID(), kind: q.kind };
    const d = snapshots.dictionary(q, days);
    pending = ch
      .command(snapshots.compute(q, days, run.open), params)
      .then(() => ch.command(snapshots.run(days), params))
      .then(() => (d ? reloadRunDictionary(ch, d) : undefined))
      .finally(() => computing.delete(id));
    computing.set(id, pending);
  }
  return pending;
}

/**
 * A period's closed-days values: runs each snapshot's statement for the period, over its current
 * run and the days it leaves open, or over the whole period when there is none yet or the set
 * keeps no runs for the period (then nothing is looked up or started). Returns each
 * kind's rows and, if runs are missing, `computeMissing`, for the caller to start once its answer
 * is ready (spare work, not the answer: computeMissingLater).
 */
export async function readClosedDays<T extends Record<string, unknown[]>>(
  ch: ClickHouse,
  snapshots: ClosedDaysSnapshots,
  days: number,
): Promise<{ rows: T; computeMissing: (() => Promise<void>) | null }> {
  const rowsOf = (results: unknown[][]) => Object.fromEntries(snapshots.queries.map((q, i) => [q.kind, results[i]])) as unknown as T;
  if (!snapshots.periods.includes(days)) {
    return { rows: rowsOf(await Promise.all(snapshots.queries.map((q) => ch.query(snapshots.read(q, days))))), computeMissing: null };
  }
  // A dictionary that cannot answer (failed to load, dropped) leaves the tables to answer.
  const plainStatus = () => ch.query<ClosedDaysStatus>(snapshots.status(days));
  const withDictionaries = await defineRunDictionaries(ch, snapshots.dictionaries(days));
  const [status] = (await (withDictionaries
    ? ch.query<ClosedDaysStatus>(snapshots.status(days, true)).catch(plainStatus)
    : plainStatus())) as [ClosedDaysStatus];
  const read = (q: ClosedDaysQuery) => {
    const snapshot = snapshotOf(status, q.kind);
    const plain = () => ch.query(snapshots.read(q, days, snapshot));
    return snapshot && status.held?.includes(q.kind) ? ch.query(snapshots.read(q, days, snapshot, true)).catch(plain) : plain();
  };
  const results = await Promise.all(snapshots.queries.map(read));
  // Another request may have stored them since this one looked: computeClosedDays looks again.
  const due = snapshots.queries.filter((q) => runsDue(ch, status, q.kind, days)).map((q) => q.kind);
  return {
    rows: rowsOf(results),
    computeMissing: due.length ? () => computeClosedDays(ch, snapshots, days, due) : null,
  };
}

/** What a dashboard does with the runs it starts after its answer: log a failure, or (tests) wait for them. */
export type BackgroundWork = (work: Promise<void>) => void;

/**
 * Starts, one after another, the runs the reads found missing, for a dashboard once its answer
 * is ready, and hands the work to `background` (a failed run is tried again by the next request).
 */
export function computeMissingLater(reads: { computeMissing: (() => Promise<void>) | null }[], background?: BackgroundWork): void {
  const missing = reads.flatMap((r) => (r.computeMissing ? [r.computeMissing] : []));
  if (!missing.length) return;
  const work = missing.reduce<Promise<void>>((chain, compute) => chain.then(compute), Promise.resolve());
  if (background) background(work);
  else work.catch(() => {});
}

/**
 * Computes the missing runs of the period now, of every kind (the worker's job after midnight,
 * tests) or of the `kinds` a request found due.
 */
export async function computeClosedDays(ch: ClickHouse, snapshots: ClosedDaysSnapshots, days: number, kinds?: string[]): Promise<void> {
  if (!snapshots.periods.includes(days)) throw new Error(`No closed-days runs for ${days} days`);
  const mine = working.get(ch) ?? new Map<string, number>();
  working.set(ch, mine);
  const ids = snapshots.queries.filter((q) => !kinds || kinds.includes(q.kind)).map((q) => `${q.kind}|${days}`);
  for (const id of ids) mine.set(id, (mine.get(id) ?? 0) + 1);
  try {
    const [status] = (await ch.query<ClosedDaysStatus>(snapshots.status(days))) as [ClosedDaysStatus];
    // One after another: this is spare work, not an answer. Per kind, the run through yesterday is
    // always the later, so that it is the one its dictionary holds.
    for (const q of snapshots.queries) {
      if (kinds && !kinds.includes(q.kind)) continue;
      if (!status.current.includes(q.kind))
        await computeRun(ch, snapshots, q, days, { asOf: status.asOf, fingerprint: status.closedFingerprint, open: 2 });
      else if (status.currentThroughYesterday.includes(q.kind)) continue;
      await computeRun(ch, snapshots, q, days, { asOf: status.asOf, fingerprint: status.yesterdayFingerprint, open: 1 });
    }
  } finally {
    for (const id of ids) mine.set(id, mine.get(id)! - 1);
  }
}
