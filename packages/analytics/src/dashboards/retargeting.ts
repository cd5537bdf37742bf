// Retargeting dashboard: the five-step funnel from visit to lead (windowFunnel per user, see
// funnel-progress.ts), event counts by source, the latest sessions as journeys, traffic
// sources, and identified users.
//
// A "user" is the e-mail once the visitor identified (in any event of the period), else the
// visitor id: that is what joins an e-mail open (sent from the mail client) to the visit
// that led to the form.
import {
  JOURNEY_LIMIT,
  PERIOD_DAYS,
  RETARGETING_FUNNEL_STEPS,
  type FunnelStepRow,
  type RetargetingResponse,
  type TrafficSourceRow,
  type UserJourney,
} from '@curb/contracts/analytics';
import type { ClickHouse } from '../clickhouse.ts';
import { perEngine } from '../engine.ts';
import { type BackgroundWork, bothParts, closedDaysSnapshots, computeMissingLater, readClosedDays } from './closed-days.ts';
import { funnelLevels, funnelQuery, STEP_NAMES } from './funnel-progress.ts';
import { daysBetween, HUMAN_DAYS_IN_WINDOW, isoTime, lastDays, percent, serverClockWindow, type Window } from './period.ts';

export const JOURNEY_EVENT_LIMIT = 50;
export const DETAIL_ROW_LIMIT = 200;
export const TRAFFIC_ROW_LIMIT = 50;
/** The latest sessions the journeys' first pick looks at (see rankedPick). */
export const RECENT_SESSIONS = 2000;
const PICK_STAGES = ['recent', 'lastDay', 'window'] as const;

// The queries below that only need the period bind no parameters: chDB runs bound queries
// one at a time across the process, unbound ones in parallel. One constant statement per
// period (a closed set), its window on the server's clock, not `now` (see serverClockWindow).

type PeriodWindow = ReturnType<typeof serverClockWindow>;
const perPeriod = (sql: (window: PeriodWindow, days: number) => string) =>
  new Map(PERIOD_DAYS.map((days) => [days as number, sql(serverClockWindow(days), days)]));

function statement(statements: Map<number, string>, days: number): string {
  const sql = statements.get(days);
  if (!sql) throw new Error(`Unsupported period: ${days} days`);
  return sql;
}

/** Yesterday and today: the days every period includes. */
const SINCE_YESTERDAY = `date >= toDate(now('UTC')) - 1 AND date <= toDate(now('UTC'))`;
/** Human session rows since yesterday with a session id. */
const SESSIONS_SINCE_YESTERDAY = `is_bot = 0 AND ${SINCE_YESTERDAY} AND sid != ''`;

/** A pick's sessions from the rows of the sessions rollup that `picked` keeps. */
const sessionRows = (picked: string) => `
  SELECT session, any(sid) AS sessionId, any(visitor) AS visitor, max(last_seen) AS lastSeen, max(email) AS email
  FROM sessions WHERE ${picked} GROUP BY session`;

/**
 * The journeys' first pick: the sessions last seen after the latest RECENT_SESSIONS of them were,
 * from their activity sorted by time (ClickHouse migration 0048), with the e-mail each left since yesterday.
 * Here the latest sessions are the tail of the day, not every session since yesterday.
 */
/** The latest sessions' activity since yesterday: the rows last seen after the latest RECENT_SESSIONS were. */
const LATEST_ACTIVITY = `session_activity
    WHERE ${SINCE_YESTERDAY} AND last_seen > (SELECT min(last_seen) FROM (
      SELECT last_seen FROM session_activity WHERE ${SINCE_YESTERDAY}
      ORDER BY date DESC, last_seen DESC LIMIT 1 BY session LIMIT ${RECENT_SESSIONS}))`;
const LATEST_SESSIONS = `
  SELECT a.session AS session, a.sessionId AS sessionId, a.visitor AS visitor, a.lastSeen AS lastSeen, e.address AS email
  FROM (
    SELECT session, any(sid) AS sessionId, any(visitor) AS visitor, max(last_seen) AS lastSeen FROM ${LATEST_ACTIVITY}
    GROUP BY session
  ) AS a
  LEFT JOIN (
    SELECT session, max(email) AS address FROM session_activity WHERE ${SINCE_YESTERDAY} AND email != '' GROUP BY session
  ) AS e ON a.session = e.session`;

// Journeys: sessions of identified visitors first, then the most recent, with the e-mail the
// visitor gave last; a session is identified if it or its visitor left an e-mail in the window.
// Picked in stages, each exact when it finds JOURNEY_LIMIT identified sessions, else the next:
// - recent: the sessions last seen after the latest RECENT_SESSIONS since yesterday were. Each
//   has its latest activity among the rows read, and any identified session left out was seen
//   earlier, so it would rank below.
// - lastDay: every session seen since yesterday; window: the whole window.
// Each stage reads its sessions' visitors' addresses from the window's identities.
// `sessions` gives (session, sessionId, visitor, lastSeen, email: the one the session left);
// `addresses` gives (visitor, identified: the e-mail the visitor gave last in the window).
function rankedPick(sessions: string, addresses: string): string {
  return `
SELECT toString(s.session) AS key, s.sessionId AS sessionId, toString(s.visitor) AS visitorId, s.lastSeen AS lastSeen,
       s.email != '' OR i.identified != '' AS known, i.identified AS identified
FROM (${sessions}
) AS s
LEFT JOIN (${addresses}) AS i ON s.visitor = i.visitor
ORDER BY known DESC, lastSeen DESC, sessionId
LIMIT ${JOURNEY_LIMIT}`;
}

/**
 * The periods whose closed days are kept in runs: 30 and 90 days, where they cost less than
 * reading the whole period; the 7 days are read whole, one statement per figure.
 */
export const RETARGETING_RUN_DAYS = [30, 90] as const;

/**
 * The funnel, sums and distinct counts over the period, each from a closed-days snapshot plus the
 * days it leaves open (closed-days.ts) for RETARGETING_RUN_DAYS, else over the whole period.
 */
export const retargetingSnapshots = perEngine((engine) =>
  closedDaysSnapshots(
    engine,
    [
      // Unique users: visitors (sessions rollup), with each identified person's visitors counted
      // once, by e-mail (identities rollup, ClickHouse migration 0036: only the visitors who gave one). The
      // addresses are counted by their 64-bit hash: a set of numbers, not strings, exact unless
      // two of them share a hash. The visitors are a `uniq` count: exact up to 65,536, within
      // about 1 % beyond (docs/decisions/, distinct counts).
      {
        kind: 'users',
        table: 'users_closed',
        columns: ['identified', 'identified_visitors', 'visitors'],
        rows: (days) => `
SELECT uniqExactState(cityHash64(email)) AS identified, uniqExactState(visitor) AS identified_visitors,
       (SELECT uniqState(visitor) FROM sessions WHERE ${days}) AS visitors
FROM identities
WHERE ${days}`,
        read: (closed, since) => `
SELECT uniqExactMerge(identified) AS identifiedUsers, uniqExactMerge(identified_visitors) AS identifiedVisitors,
       uniqMerge(visitors) AS visitors
FROM ${bothParts(closed, since)}`,
      },
      // Users per deepest step of the funnel (funnel-progress.ts).
      funnelQuery(engine),
      // Distinct counts from uniqCombined(12) sketches (see ClickHouse migration 0032).
      {
        kind: 'sources',
        table: 'sources_closed',
        columns: ['name', 'source', 'events', 'visitors'],
        rows: (days) => `
SELECT name, source, sum(events) AS events, uniqCombinedMergeState(12)(visitors) AS visitors
FROM sources_daily
WHERE ${days}
GROUP BY name, source`,
        read: (closed, since) => `
SELECT toString(name) AS event, toString(source) AS src, sum(events) AS count,
       -- The sketch's estimate can overshoot by a little; users can never outnumber their events.
       least(sum(events), uniqCombinedMerge(12)(visitors)) AS uniqueUsers
FROM ${bothParts(closed, since)}
GROUP BY event, src
ORDER BY count DESC, event, src
LIMIT ${DETAIL_ROW_LIMIT}`,
      },
      {
        kind: 'traffic',
        table: 'traffic_closed',
        columns: ['utm_source', 'utm_medium', 'utm_campaign', 'referrer_domain', 'events', 'sessions'],
        rows: (days) => `
SELECT utm_source, utm_medium, utm_campaign, referrer_domain, sum(events) AS events,
       uniqCombinedMergeState(12)(sessions) AS sessions
FROM traffic_daily
WHERE ${days}
GROUP BY utm_source, utm_medium, utm_campaign, referrer_domain`,
        read: (closed, since) => `
SELECT toString(utm_source) AS utmSource, toString(utm_medium) AS utmMedium, utm_campaign AS utmCampaign,
       toString(referrer_domain) AS referrer, uniqCombinedMerge(12)(sessions) AS sessionCount, sum(events) AS eventCount
FROM ${bothParts(closed, since)}
GROUP BY utmSource, utmMedium, utmCampaign, referrer
ORDER BY sessionCount DESC, eventCount DESC, utmSource, referrer
LIMIT ${TRAFFIC_ROW_LIMIT}`,
      },
    ],
    RETARGETING_RUN_DAYS,
  ),
);

// Every query here reads a few thousand rollup rows or a few sessions; the engine decides their
// threads (one each on chDB, where they all run at once on two cores) and how a subquery
// reaches the shards (engine.ts).
/** The dashboard's SQL on an engine (exported for the cluster rules' test). */
export const retargetingSql = perEngine((engine) => {
  const STEP_COUNTS_SQL = perPeriod(
    (window) => `
SELECT toString(name) AS event, sum(events) AS count
FROM events_daily
WHERE ${window.days} AND name IN (${STEP_NAMES})
GROUP BY event
${engine.readSettings}`,
  );

  // The stages of the journeys' pick (see rankedPick): the latest sessions, the sessions since
  // yesterday, then the whole window's, with their visitors' addresses from the window's identities.
  const PICK_SESSIONS_SQL = new Map(
    PICK_STAGES.map((stage) => [
      stage,
      perPeriod((window) => {
        const picked = stage === 'window' ? `${window.days} AND sid != ''` : SESSIONS_SINCE_YESTERDAY;
        const visitors =
          stage === 'window'
            ? ''
            : stage === 'recent'
              ? ` AND visitor ${engine.inSubquery} (SELECT visitor FROM ${LATEST_ACTIVITY})`
              : ` AND visitor ${engine.inSubquery} (SELECT visitor FROM sessions WHERE ${picked})`;
        const addresses = `SELECT visitor, argMax(email, last_seen) AS identified
  FROM identities WHERE ${window.days}${visitors} GROUP BY visitor`;
        return `${rankedPick(stage === 'recent' ? LATEST_SESSIONS : sessionRows(picked), addresses)}\n${engine.readSettings}`;
      }),
    ]),
  );

  // The picked sessions over the whole window (a session may have begun before {since}).
  const SESSION_FACTS_SQL = `
SELECT toString(session) AS key, max(email) AS email, sum(events) AS totalEvents,
       toString(min(first_seen)) AS firstSeen, toString(max(last_seen)) AS lastSeen
FROM sessions
WHERE ${HUMAN_DAYS_IN_WINDOW} AND session IN {keys:Array(UInt64)}
GROUP BY session
${engine.readSettings}`;

  // From the journeys' copy of the events (ClickHouse migration 0047), sorted by day and session: only the
  // granules of the days the sessions ran on that hold them are read.
  const JOURNEY_EVENTS_SQL = `
SELECT session_id AS sessionId, toString(name) AS event, toString(path) AS path, toString(ts) AS at
FROM journey_events
WHERE toDate(ts) IN {days:Array(Date)} AND ts >= {first:DateTime64(3)} AND ts <= {last:DateTime64(3)}
  AND session_id IN {sessions:Array(String)}
ORDER BY session_id, ts
LIMIT {perSession:UInt32} BY session_id
${engine.readSettings}`;

  return { STEP_COUNTS_SQL, PICK_SESSIONS_SQL, SESSION_FACTS_SQL, JOURNEY_EVENTS_SQL };
});

type N = string | number;

/**
 * `options.background` receives the closed-days runs a request starts when there is none for
 * today (the route logs a failure, tests wait for them).
 */
export async function retargetingDashboard(
  ch: ClickHouse,
  days: number,
  now = Date.now(),
  options?: { background: BackgroundWork },
): Promise<RetargetingResponse> {
  const window = lastDays(days, now);
  const { STEP_COUNTS_SQL } = retargetingSql(ch.engine);
  const [closed, stepCounts, journeys] = await Promise.all([
    readClosedDays<{
      funnel: { level: N; users: N }[];
      users: { identifiedUsers: N; identifiedVisitors: N; visitors: N }[];
      sources: { event: string; src: string; count: N; uniqueUsers: N }[];
      traffic: (Omit<TrafficSourceRow, 'sessions' | 'events'> & { sessionCount: N; eventCount: N })[];
    }>(ch, retargetingSnapshots(ch.engine), days),
    ch.query<{ event: string; count: N }>(statement(STEP_COUNTS_SQL, days)),
    userJourneys(ch, window, days),
  ]);
  // The closed days' runs this request found missing, computed after its answer.
  computeMissingLater([closed], options?.background);
  const { users, sources: details, traffic } = closed.rows;

  const counts = new Map(stepCounts.map((c) => [c.event, Number(c.count)]));
  const reached = funnelReach(funnelLevels(closed.rows.funnel));
  const funnelData: FunnelStepRow[] = RETARGETING_FUNNEL_STEPS.map((event, i) => ({
    step: i + 1,
    event,
    source: 'all',
    count: counts.get(event) ?? 0,
    uniqueUsers: reached[i]!,
    rate: i === 0 ? 100 : percent(reached[i]!, reached[i - 1]!, 1),
  }));
  const identifiedUsers = Number(users[0]?.identifiedUsers ?? 0);
  const totalUsers = Math.max(
    identifiedUsers,
    Number(users[0]?.visitors ?? 0) - Number(users[0]?.identifiedVisitors ?? 0) + identifiedUsers,
  );
  return {
    days,
    funnelData,
    eventDetails: details.map((d) => ({ event: d.event, source: d.src, count: Number(d.count), uniqueUsers: Number(d.uniqueUsers) })),
    userJourneys: journeys,
    trafficSources: traffic.map(({ sessionCount, eventCount, ...t }) => ({
      ...t,
      sessions: Number(sessionCount),
      events: Number(eventCount),
    })),
    totalUsers,
    identifiedUsers,
    conversionRate: percent(identifiedUsers, totalUsers, 1),
  };
}

type Picked = { key: string; sessionId: string; visitorId: string; lastSeen: string; known: N; identified: string };

/**
 * The first JOURNEY_LIMIT sessions: identified visitors' first, then the most recent. The later
 * stages of the pick run while it holds too few identified sessions.
 */
async function userJourneys(ch: ClickHouse, window: Window, days: number): Promise<UserJourney[]> {
  const { PICK_SESSIONS_SQL, SESSION_FACTS_SQL, JOURNEY_EVENTS_SQL } = retargetingSql(ch.engine);
  let picked: Picked[] = [];
  for (const stage of PICK_STAGES) {
    picked = await ch.query<Picked>(statement(PICK_SESSIONS_SQL.get(stage)!, days));
    if (picked.filter((p) => Number(p.known)).length >= JOURNEY_LIMIT) break;
  }
  if (!picked.length) return [];
  // 64-bit ids travel as text and bind as BigInt: a JS number would lose their low digits.
  const keys = picked.map((p) => BigInt(p.key));
  type Facts = { key: string; email: string; totalEvents: N; firstSeen: string; lastSeen: string };
  const facts = await ch.query<Facts>(SESSION_FACTS_SQL, { ...window, keys });
  const events = await ch.query<{ sessionId: string; event: string; path: string; at: string }>(JOURNEY_EVENTS_SQL, {
    sessions: picked.map((p) => p.sessionId),
    days: [...new Set(facts.flatMap((f) => daysBetween(f.firstSeen, f.lastSeen)))],
    first: facts.reduce((m, f) => (f.firstSeen < m ? f.firstSeen : m), window.to),
    last: facts.reduce((m, f) => (f.lastSeen > m ? f.lastSeen : m), window.from),
    perSession: JOURNEY_EVENT_LIMIT,
  });
  const factsByKey = new Map(facts.map((f) => [f.key, f]));
  const bySession = new Map<string, UserJourney['events']>();
  for (const e of events) {
    const list = bySession.get(e.sessionId) ?? [];
    list.push({ event: e.event, path: e.path, timestamp: isoTime(e.at) });
    bySession.set(e.sessionId, list);
  }
  return picked.flatMap((p) => {
    const f = factsByKey.get(p.key);
    if (!f) return [];
    const email = f.email || p.identified;
    return [
      {
        ...(email ? { email } : {}),
        sessionId: p.sessionId,
        totalEvents: Number(f.totalEvents),
        firstSeen: isoTime(f.firstSeen),
        lastSeen: isoTime(f.lastSeen),
        events: bySession.get(p.sessionId) ?? [],
      },
    ];
  });
}

/** windowFunnel gives each user the deepest step reached; users at step k are those with level ≥ k. */
export function funnelReach(levels: { level: number; users: number }[], steps = RETARGETING_FUNNEL_STEPS.length): number[] {
  return Array.from({ length: steps }, (_, i) => levels.filter((l) => l.level >= i + 1).reduce((n, l) => n + l.users, 0));
}
