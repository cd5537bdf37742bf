// Closed-days snapshots: what a dashboard query sums or merges over a period's closed days
// (all but yesterday and today), merged once a day per period and stored (migrations 0039 to
// 0042), so a request merges one stored row per key with the rollup rows since yesterday instead of
// every day's rows (90 days, 10 M events: event details 55 → 14 ms, unique users 40 → 14 ms).
// Only for rows of sums and mergeable states (exact sets, sketches): merged in any grouping
// they give the same figures as the whole period at once.
//
// As with funnel_progress: a run counts once its row in closed_days_runs exists, written
// after its rows, and carries a fingerprint of the closed days' event counts and of the
// snapshots' own SQL. Events reach a closed day only through a late spool flush or an import
// (the collector moves older timestamps to the receipt time); the fingerprint then differs,
// and requests read the whole period until a new run is stored. A request that finds no
// current run answers from the whole period and starts the run after its own queries, so the
// day's first request does not wait for it (the worker also runs them just after midnight).
//
// Each period has two runs a day (period.ts, OpenDays): one through the day before yesterday,
// which no event reaches once the day has begun, and one through yesterday, computed after it, so
// a request reads today alone from the rollups (a busy site's since-yesterday rows are most of
// its live work). An event that reaches yesterday late sends requests back to the first run until
// a new one through yesterday is stored: started by a request at most once every
// THROUGH_YESTERDAY_RETRY_MS per kind and period, so a stream of back-dated beacons costs a run
// now and then, not one per request, and a request within the wait starts nothing.
import { createHash, randomUUID } from 'node:crypto';
import { PERIOD_DAYS } from '@curb/contracts/analytics';
import type { ClickHouse } from '../clickhouse.ts';
import type { EngineProfile } from '../engine.ts';
import { closedDays, closedDaysFingerprints, fingerprintOf, OPEN_DAYS, type OpenDays, openDays, serverClockWindow } from './period.ts';
import { holdsRun, NOT_STORED, type RunDictionary, reloadRunDictionarySql, runDictionaryDdl, storedValue } from './run-dictionary.ts';

export interface ClosedDaysQuery {
  /** Names the snapshot in closed_days_runs. */
  kind: string;
  /** Its table: as_of, days, run, then `columns`. */
  table: string;
  columns: string[];
  /** SELECT from a rollup for the days `filter` keeps, grouped by its keys (sums and -State/-MergeState). */
  rows: (filter: string) => string;
  /** The stored rows (of `columns`) from the closed days' `rows`, when they are not those rows themselves. */
  stored?: (rows: string) => string;
  /**
   * The dashboard's statement from the stored closed days' rows (`closed`, null when there is no
   * current run) and `since`, `rows` over the rest of the period (or over all of it).
   */
  read: (closed: string | null, since: string) => string;
  /** The same from a current run whose stored keys `dictionary` holds in memory (run-dictionary.ts), on chDB. */
  lookup?: (closed: string, since: string, dictionary: RunDictionary) => string;
  /** The stored column the dictionary maps each key to: `flags` unless named here (`text` for a String column). */
  held?: { value: string; text: boolean };
}

/** The rows of `closed` and `since` together, for statements that merge them per key. */
export const bothParts = (closed: string | null, since: string) => (closed ? `(${closed}\n  UNION ALL\n  ${since})` : `(${since})`);

/**
 * A snapshot of flags per key (an A/B unit's, a session's): the stored rows hold each key's flags
 * under one 64-bit key, and, in rows with key 0 written in the same pass, the number of keys per
 * group and flags. A request reads those counts and moves each key seen since from its stored
 * flags to `combine(stored, since)`: only the keys seen since are joined, on one number, and no
 * stored key is counted per request.
 */
export interface KeyFlags {
  /** The columns of `rows` that group the counts (the A/B pair); stored with each key. */
  group: string[];
  /** A key as one UInt64 expression over the columns of `rows` (0, one chance in 2^64, would count with the counts). */
  key: string;
  /** A key's flags from its stored flags and its flags since (SQL over the two). */
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
  rows: (filter: string) => string;
  keys: KeyFlags;
  read: (counts: string) => string;
}): ClosedDaysQuery {
  const by = [...q.keys.group, 'flags'].join(', ');
  const counted = (from: string) => `SELECT ${by}, toInt64(count()) AS n FROM (${from}) GROUP BY ${by}`;
  const group = q.keys.group.map((g) => `${g}, `).join('');
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
  const recent = (since: string) => `SELECT ${q.keys.key} AS key, ${by} FROM (${since})`;
  const joined = (closed: string, since: string) => `
    SELECT ${group}r.flags AS flags, if(c.found, c.flags, toUInt8(${NOT_STORED})) AS stored
    FROM (SELECT key, flags, toUInt8(1) AS found FROM (${closed}) WHERE key != 0) AS c
    RIGHT JOIN (${recent(since)}) AS r USING (key)`;
  const looked = (since: string, dictionary: RunDictionary) =>
    `SELECT ${group}flags, ${storedValue(dictionary, 'key')} AS stored FROM (${recent(since)})`;
  return {
    kind: q.kind,
    table: q.table,
    columns: ['key', ...q.keys.group, 'flags', 'n'],
    rows: q.rows,
    // Unlisted columns of a grouping set are 0: the sets without the key are the counts.
    stored: (rows) => `SELECT ${q.keys.key} AS key, ${by}, count() AS n FROM (${rows}) GROUP BY GROUPING SETS ((key, ${by}), (${by}))`,
    read: (closed, since) => q.read(closed ? moved(closed, joined(closed, since)) : counted(since)),
    lookup: (closed, since, dictionary) => q.read(moved(closed, looked(since, dictionary))),
  };
}

const TODAY = `toDate(now('UTC'))`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UINT64 = /^\d{1,20}$/;

/** A set of snapshots (a dashboard's, for its periods), with the statements to find, compute and read them on one engine. */
export function closedDaysSnapshots(engine: EngineProfile, queries: ClosedDaysQuery[], periods: readonly number[] = PERIOD_DAYS) {
  const compute = (q: ClosedDaysQuery, days: number, open: OpenDays = 2) => `
INSERT INTO ${q.table} (as_of, days, run, ${q.columns.join(', ')})
SELECT {asOf:Date}, ${days}, {run:UUID}, ${q.columns.join(', ')}
FROM (${(q.stored ?? ((rows: string) => rows))(q.rows(closedDays(days, '{asOf:Date}', open)))})
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
          value: q.held?.value ?? 'flags',
          text: q.held?.text ?? false,
          table: q.table,
          rows: `days = ${days} AND key != 0`,
          runs: 'closed_days_runs',
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
    if (!snapshot) return `${q.read(null, q.rows(serverClockWindow(days).days))}\n${engine.readSettings}`;
    // Values this module read back from ClickHouse, checked, never a request's.
    if (!DATE.test(snapshot.asOf) || !UINT64.test(snapshot.fingerprint) || !OPEN_DAYS.includes(snapshot.open))
      throw new Error('Malformed closed-days run');
    const asOf = `toDate('${snapshot.asOf}')`;
    const current = `(SELECT argMax(run, created_at) FROM closed_days_runs
     WHERE as_of = ${asOf} AND days = ${days} AND kind = '${q.kind}' AND fingerprint = ${snapshot.fingerprint})`;
    const closed = `SELECT ${q.columns.join(', ')} FROM ${q.table} WHERE as_of = ${asOf} AND days = ${days} AND run = ${current}`;
    const since = q.rows(openDays(asOf, snapshot.open));
    const d = held && dictionary(q, days);
    return `${d && q.lookup ? q.lookup(closed, since, d) : q.read(closed, since)}\n${engine.readSettings}`;
  }

  /** Every statement, for the catalog (a sample run stands for the ones a request reads). */
  const statements = () =>
    periods.flatMap((days) => {
      const samples = OPEN_DAYS.map((open) => ({ asOf: '2026-01-01', fingerprint: '1', open }));
      return [
        status(days),
        ...(dictionaries(days).length ? [status(days, true)] : []),
        ...dictionaries(days).flatMap((d) => [runDictionaryDdl('curb', d), reloadRunDictionarySql(d)]),
        run(days),
        ...queries.flatMap((q) => [
          ...OPEN_DAYS.map((open) => compute(q, days, open)),
          read(q, days),
          ...samples.flatMap((sample) => [read(q, days, sample), ...(dictionary(q, days) ? [read(q, days, sample, true)] : [])]),
        ]),
      ];
    });

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
 * Whether a request should start runs for `kind`: it lacks today's run through the day before
 * yesterday, or lacks the run through yesterday and may start one (mayStartThroughYesterday). Decided
 * from the status the request read, so a request within the wait costs no further statement.
 */
const runsDue = (ch: ClickHouse, status: ClosedDaysStatus, kind: string, days: number) =>
  !status.current.includes(kind) || (!status.currentThroughYesterday.includes(kind) && mayStartThroughYesterday(ch, `${kind}|${days}`));

/**
 * How long after a request started a run through yesterday another request may start one for
 * the same kind and period (the one before went out of date with a late event for yesterday).
 */
export const THROUGH_YESTERDAY_RETRY_MS = 10 * 60_000;
// Per store, per kind and period: when a request last started a run through yesterday.
const startedThroughYesterday = new WeakMap<ClickHouse, Map<string, number>>();

/**
 * Whether a request may start a run through yesterday for `id` (a kind and period) now, and if
 * so notes the time: at most once every THROUGH_YESTERDAY_RETRY_MS. The worker and tests do not ask.
 */
export function mayStartThroughYesterday(ch: ClickHouse, id: string): boolean {
  const now = Date.now();
  const started = startedThroughYesterday.get(ch) ?? new Map<string, number>();
  startedThroughYesterday.set(ch, started);
  if (now - (started.get(id) ?? -Infinity) < THROUGH_YESTERDAY_RETRY_MS) return false;
  started.set(id, now);
  return true;
}

// The computations in flight in this process, one per kind, period, day and fingerprint.
const computing = new Map<string, Promise<void>>();

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
 * Runs each snapshot's statement for the period: over its current run and the days it leaves
 * open, or over the whole period when there is none yet. Returns each kind's rows and, if runs
 * are missing, `computeMissing`, for the caller to start once its answer is ready (spare work,
 * not the answer).
 */
export async function readClosedDays<T extends Record<string, unknown[]>>(
  ch: ClickHouse,
  snapshots: ClosedDaysSnapshots,
  days: number,
): Promise<{ rows: T; computeMissing: (() => Promise<void>) | null }> {
  const each = readClosedDaysEach<T>(ch, snapshots, days);
  const [computeMissing, ...results] = await Promise.all([
    each.computeMissing,
    ...snapshots.queries.map((q) => each.rows[q.kind] as Promise<unknown[]>),
  ]);
  return { rows: Object.fromEntries(snapshots.queries.map((q, i) => [q.kind, results[i]])) as unknown as T, computeMissing };
}

/**
 * The same, each kind's rows as they come: for a caller that goes on from one kind's rows
 * while the others are read (the retargeting journeys from their first pick). The caller
 * awaits every promise (a failed status fails them all).
 */
export function readClosedDaysEach<T extends Record<string, unknown[]>>(
  ch: ClickHouse,
  snapshots: ClosedDaysSnapshots,
  days: number,
): { rows: { [K in keyof T]: Promise<T[K]> }; computeMissing: Promise<(() => Promise<void>) | null> } {
  // A dictionary that cannot answer (failed to load, dropped) leaves the tables to answer.
  const plainStatus = () => ch.query<ClosedDaysStatus>(snapshots.status(days));
  const status = defineRunDictionaries(ch, snapshots.dictionaries(days))
    .then((withDictionaries) =>
      withDictionaries ? ch.query<ClosedDaysStatus>(snapshots.status(days, true)).catch(plainStatus) : plainStatus(),
    )
    .then(([found]) => found!);
  const read = (q: ClosedDaysQuery, found: ClosedDaysStatus) => {
    const snapshot = snapshotOf(found, q.kind);
    const plain = () => ch.query(snapshots.read(q, days, snapshot));
    return snapshot && found.held?.includes(q.kind) ? ch.query(snapshots.read(q, days, snapshot, true)).catch(plain) : plain();
  };
  return {
    rows: Object.fromEntries(snapshots.queries.map((q) => [q.kind, status.then((found) => read(q, found))])) as {
      [K in keyof T]: Promise<T[K]>;
    },
    // Another request may have stored them since this one looked: computeClosedDays looks again.
    computeMissing: status.then((found) => {
      const due = snapshots.queries.filter((q) => runsDue(ch, found, q.kind, days)).map((q) => q.kind);
      return due.length ? () => computeClosedDays(ch, snapshots, days, due) : null;
    }),
  };
}

// Per store and dictionary, whether it is defined (once per process, with the current definition).
const defined = new WeakMap<ClickHouse, Map<string, Promise<boolean>>>();

/** Defines the dictionaries on chDB; false elsewhere, or when one could not be defined (the join serves then). */
export function defineRunDictionaries(ch: ClickHouse, dictionaries: RunDictionary[]): Promise<boolean> {
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
}
