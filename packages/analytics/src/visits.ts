// The visit builder: turns the sessions that newly stored events touched (`visit_touches`) into
// rows of `visits` (ClickHouse migration 0051). For each UTC day with touched sessions it reads those
// sessions' events from the day before to the day after (a visit is never longer), cancels each
// one's stored row and
// writes the rebuilt one in a single INSERT, so a sign-weighted sum never sees a visit twice.
// Runs one at a time per store (a second caller waits for the run under way, then runs again,
// so its own inserts are in). A visit is what the Traffic figures count: docs/traffic-metrics.md.
import { EVENTS } from '@curb/contracts/tracking';
import type { ClickHouse } from './clickhouse.ts';
import type { EngineProfile } from './engine.ts';
import { channelSql, sourceSql } from './stats/dimensions.ts';

/** A visit's key: the tracker's session id, else the visitor's day (events the server sent). */
export const SESSION_KEY = `if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts)))`;

/**
 * Touches are read once they are this old: an insert takes its `stored_at` before it is
 * visible, so a younger one may still be on its way; by then it has landed, and reading each
 * touch once keeps a quiet store from being rebuilt over and over.
 */
const SETTLE_MS = 1_000;

/** The attributes a visit takes from its first event. */
const FIRST_EVENT = [
  'referrer',
  'referrer_domain',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'country',
  'browser',
  'os',
  'device',
  'screen_size',
] as const;

const COLUMNS = [
  'sign',
  'start',
  'session',
  'visitor',
  'last_seen',
  'pageviews',
  'events',
  'bounce',
  'duration',
  'entry_page',
  'exit_page',
  ...FIRST_EVENT,
  'source',
  'channel',
  'lead',
  'consultation',
  'submitted',
  'pages',
  'page_views',
  'ev_path',
  'ev_name',
  'ev_form',
  'ev_count',
] as const;

const PAGE_VIEW = `name = '${EVENTS.pageView}'`;

/** The sessions the touches of one day and window name (the {day}, {since} and {upTo} parameters). */
const TOUCHED = `SELECT session FROM visit_touches
    WHERE stored_at > {since:DateTime64(3, 'UTC')} AND stored_at <= {upTo:DateTime64(3, 'UTC')} AND date = {day:Date}`;

/** The INSERT that rebuilds the visits of the sessions touched on one day. */
export function rebuildVisitsSql(engine: EngineProfile): string {
  const IN = engine.inSubquery;
  const touched = TOUCHED;
  return `
INSERT INTO visits (${COLUMNS.join(', ')})
SELECT -1 AS sign, ${COLUMNS.slice(1).join(', ')}
FROM visits FINAL
WHERE toDate(start) >= {day:Date} - 2 AND toDate(start) <= {day:Date} AND session ${IN} (${touched})
UNION ALL
SELECT 1 AS sign, ${COLUMNS.slice(1)
    .map((c) => (c === 'source' ? `${sourceSql('')} AS source` : c === 'channel' ? `${channelSql('')} AS channel` : c))
    .join(', ')}
FROM (
  SELECT min(first_ts) AS start, session, any(visitor) AS visitor, max(last_ts) AS last_seen,
         toUInt32(sumIf(n, ${PAGE_VIEW})) AS pageviews, toUInt32(sum(n)) AS events,
         toUInt8(pageviews = 1 AND countIf(name = '${EVENTS.engaged}') = 0) AS bounce,
         (toUnixTimestamp64Milli(last_seen) - toUnixTimestamp64Milli(start)) / 1000 AS duration,
         argMinIf(path, first_ts, ${PAGE_VIEW}) AS entry_page, argMaxIf(path, last_ts, ${PAGE_VIEW}) AS exit_page,
         ${FIRST_EVENT.map((c, i) => `tupleElement(argMin(first_event, first_ts), ${i + 1}) AS ${c}`).join(',\n         ')},
         max(name = '${EVENTS.lead}') AS lead, max(name = '${EVENTS.consultationBooked}') AS consultation,
         groupUniqArrayIf(form, name = '${EVENTS.formSubmit}') AS submitted,
         groupArrayIf(path, ${PAGE_VIEW}) AS pages, groupArrayIf(n, ${PAGE_VIEW}) AS page_views,
         groupArray(path) AS ev_path, groupArray(name) AS ev_name, groupArray(form) AS ev_form, groupArray(n) AS ev_count
  FROM (
    SELECT ${SESSION_KEY} AS session, path, name, if(name = '${EVENTS.formSubmit}', props['form'], '') AS form,
           toUInt32(count()) AS n, min(ts) AS first_ts, max(ts) AS last_ts, any(visitor_id) AS visitor,
           argMin(tuple(${FIRST_EVENT.join(', ')}), ts) AS first_event
    FROM events
    WHERE is_bot = 0 AND ts >= toDateTime64({day:Date} - 1, 3, 'UTC') AND ts < toDateTime64({day:Date} + 2, 3, 'UTC')
      AND ${SESSION_KEY} ${IN} (${touched})
    GROUP BY session, path, name, form
  )
  GROUP BY session
  HAVING pageviews > 0
)`;
}

interface BuilderState {
  /** `stored_at` of the touches read up to (ClickHouse DateTime64 text); null until read from `visit_builds`. */
  since: string | null;
  running: Promise<unknown>;
}

const EPOCH = '1970-01-01 00:00:00.000';

const states = new WeakMap<ClickHouse, BuilderState>();

async function buildOnce(ch: ClickHouse, state: BuilderState, all: boolean): Promise<number> {
  const [latest] = await ch.query<{ latest: string; settled: string }>(
    `SELECT toString(max(stored_at)) AS latest,
            toString(maxIf(stored_at, stored_at <= now64(3) - toIntervalMillisecond(${SETTLE_MS}))) AS settled
     FROM visit_touches ${ch.engine.readSettings}`,
  );
  // A builder that starts again goes on from where the last one got to.
  state.since ??=
    (await ch.query<{ since: string }>(`SELECT toString(max(stored_at)) AS since FROM visit_builds ${ch.engine.readSettings}`))[0]?.since ??
    EPOCH;
  const upTo = all ? latest!.latest : latest!.settled;
  if (upTo <= state.since) return 0;
  const window = { since: state.since, upTo };
  const days = await ch.query<{ day: string }>(
    `SELECT toString(date) AS day FROM visit_touches
     WHERE stored_at > {since:DateTime64(3, 'UTC')} AND stored_at <= {upTo:DateTime64(3, 'UTC')}
     GROUP BY date ORDER BY date ${ch.engine.readSettings}`,
    window,
  );
  for (const { day } of days) await ch.command(rebuildVisitsSql(ch.engine), { ...window, day });
  // Touches not yet settled are read again next time.
  state.since = latest!.settled < upTo ? latest!.settled : upTo;
  if (days.length && state.since > EPOCH) await ch.insert('visit_builds', [{ stored_at: state.since }]);
  return days.length;
}

/**
 * Brings `visits` up to the events stored so far; the number of days rebuilt. The worker calls it
 * every second for the touches that have settled; `all` also reads the newest ones, for a caller
 * that has just inserted events and reads visits next (tests, the benchmark).
 */
export function buildVisits(ch: ClickHouse, options: { all?: boolean } = {}): Promise<number> {
  let state = states.get(ch);
  if (!state) {
    state = { since: null, running: Promise.resolve() };
    states.set(ch, state);
  }
  const current = state;
  const run = current.running.then(() => buildOnce(ch, current, options.all ?? false));
  current.running = run.catch(() => undefined);
  return run;
}

/**
 * Merges each month of visits that has more than one part into one part, so that a visit is one
 * row again: the builder writes a new version of a visit (and cancels the old) every time its
 * events grow, and a cancelled pair disappears only when a merge brings both rows together, which
 * background merges of unequal parts may never do. Left alone, a third of the rows read were
 * cancelled versions (10 M events), and every Traffic statement read three times the rows it
 * counts. The worker runs it after midnight for the months of the last `days` days (a visit is
 * rebuilt only while it is recent); `all` does every month. The months merged.
 */
export async function collapseVisits(ch: ClickHouse, options: { days?: number; all?: boolean } = {}): Promise<number> {
  const table = ch.engine.kind === 'cluster' ? 'visits_local' : 'visits';
  const onCluster = ch.engine.cluster ? ` ON CLUSTER ${ch.engine.cluster}` : '';
  const days = Math.floor(options.days ?? 2);
  const months = await ch.query<{ id: string }>(
    `SELECT partition_id AS id FROM system.parts
     WHERE database = currentDatabase() AND table = {table:String} AND active
       ${options.all ? '' : `AND partition_id >= toString(toYYYYMM(today() - ${days}))`}
     GROUP BY id HAVING count() > 1 ORDER BY id`,
    { table },
  );
  for (const { id } of months) {
    if (!/^\d{6}$/.test(id)) throw new Error(`Unexpected visits partition ${id}`);
    await ch.command(`OPTIMIZE TABLE ${table}${onCluster} PARTITION ID '${id}' FINAL`);
  }
  return months.length;
}
