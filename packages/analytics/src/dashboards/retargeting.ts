// Retargeting dashboard: the spec's five-step funnel (windowFunnel per user), event counts
// by source, the latest sessions as journeys, traffic sources, and identified users.
//
// A "user" is the e-mail once the visitor identified (in any event of the period), else the
// visitor id: that is what joins an e-mail open (sent from the mail client) to the visit
// that led to the form.
import {
  JOURNEY_LIMIT,
  RETARGETING_FUNNEL_STEPS,
  type FunnelStepRow,
  type RetargetingResponse,
  type TrafficSourceRow,
  type UserJourney,
} from '@curb/contracts/analytics';
import type { ClickHouse } from '../clickhouse.ts';
import { chTime, HUMAN_EVENTS_IN_WINDOW, isoTime, lastDays, percent, type Window } from './period.ts';

// Visitors who identified in the window, with their latest e-mail. Small: only rows with an
// e-mail are grouped.
const IDENTITIES = `identities AS (
  SELECT visitor_id, cityHash64(argMax(email, ts)) AS uid
  FROM events
  WHERE ${HUMAN_EVENTS_IN_WINDOW} AND email != ''
  GROUP BY visitor_id
)`;
// Users are keyed by a 64-bit hash (of the e-mail, or the visitor id itself) rather than by
// strings: grouping millions of rows stays cheap.
const USER = "if(e.email != '', cityHash64(e.email), if(i.uid != 0, i.uid, e.visitor_id))";
const SOURCE = "multiIf(utm_source != '', toString(utm_source), referrer_domain != '', toString(referrer_domain), 'direct')";
const STEP_NAMES = RETARGETING_FUNNEL_STEPS.map((s) => `'${s}'`).join(', ');
const STEP_CONDITIONS = RETARGETING_FUNNEL_STEPS.map((s) => `e.name = '${s}'`).join(', ');

const FUNNEL_SQL = `
WITH ${IDENTITIES}
SELECT level, count() AS users
FROM (
  SELECT ${USER} AS user, windowFunnel({window:UInt64})(toDateTime(e.ts), ${STEP_CONDITIONS}) AS level
  FROM events AS e LEFT JOIN identities AS i ON e.visitor_id = i.visitor_id
  WHERE ${HUMAN_EVENTS_IN_WINDOW} AND e.name IN (${STEP_NAMES})
  GROUP BY user
)
GROUP BY level`;

const STEP_COUNTS_SQL = `
SELECT toString(name) AS event, count() AS count
FROM events
WHERE ${HUMAN_EVENTS_IN_WINDOW} AND name IN (${STEP_NAMES})
GROUP BY event`;

// Unique users = distinct e-mails of the identified visitors + the other visitors.
const USERS_SQL = `
WITH ${IDENTITIES}
SELECT (SELECT uniqExact(uid) FROM identities) AS identifiedUsers,
       identifiedUsers + (
         SELECT uniqExact(visitor_id) FROM events
         WHERE ${HUMAN_EVENTS_IN_WINDOW} AND email = '' AND visitor_id NOT IN (SELECT visitor_id FROM identities)
       ) AS totalUsers`;

// uniq: exact up to 65,536 visitors per row, a close estimate beyond.
const EVENT_DETAILS_SQL = `
SELECT toString(name) AS event, ${SOURCE} AS source, count() AS count, uniq(visitor_id) AS uniqueUsers
FROM events
WHERE ${HUMAN_EVENTS_IN_WINDOW}
GROUP BY event, source
ORDER BY count DESC, event, source
LIMIT {limit:UInt32}`;

// Journeys: sessions of identified visitors first, then the most recent ones (looked for in
// the last day before the whole window).
const IDENTIFIED_SESSIONS_SQL = `
SELECT session_id AS sessionId, max(ts) AS lastSeen
FROM events
WHERE ${HUMAN_EVENTS_IN_WINDOW} AND session_id != ''
  AND visitor_id IN (SELECT visitor_id FROM events WHERE ${HUMAN_EVENTS_IN_WINDOW} AND email != '')
GROUP BY session_id
ORDER BY lastSeen DESC, sessionId
LIMIT {limit:UInt32}`;

const RECENT_SESSIONS_SQL = `
SELECT session_id AS sessionId, max(ts) AS lastSeen
FROM events
WHERE ${HUMAN_EVENTS_IN_WINDOW} AND ts > {since:DateTime64(3)} AND session_id != '' AND session_id NOT IN {exclude:Array(String)}
GROUP BY session_id
ORDER BY lastSeen DESC, sessionId
LIMIT {limit:UInt32}`;

const SESSION_FACTS_SQL = `
SELECT s.sessionId AS sessionId, if(s.email != '', s.email, i.identified) AS email,
       s.totalEvents AS totalEvents, toString(s.firstSeen) AS firstSeen, toString(s.lastSeen) AS lastSeen
FROM (
  SELECT session_id AS sessionId, max(email) AS email, any(visitor_id) AS visitor_id,
         count() AS totalEvents, min(ts) AS firstSeen, max(ts) AS lastSeen
  FROM events
  WHERE ${HUMAN_EVENTS_IN_WINDOW} AND session_id IN {sessions:Array(String)}
  GROUP BY session_id
) AS s
LEFT JOIN (
  SELECT visitor_id, argMax(email, ts) AS identified FROM events
  WHERE ${HUMAN_EVENTS_IN_WINDOW} AND email != '' GROUP BY visitor_id
) AS i ON s.visitor_id = i.visitor_id`;

const JOURNEY_EVENTS_SQL = `
SELECT session_id AS sessionId, toString(name) AS event, path, toString(ts) AS at
FROM events
WHERE ${HUMAN_EVENTS_IN_WINDOW} AND session_id IN {sessions:Array(String)}
ORDER BY session_id, ts
LIMIT {perSession:UInt32} BY session_id`;

const TRAFFIC_SQL = `
SELECT toString(utm_source) AS utmSource, toString(utm_medium) AS utmMedium, utm_campaign AS utmCampaign,
       toString(referrer_domain) AS referrer,
       uniq(if(session_id != '', cityHash64(session_id), visitor_id)) AS sessions, count() AS events
FROM events
WHERE ${HUMAN_EVENTS_IN_WINDOW}
GROUP BY utmSource, utmMedium, utmCampaign, referrer
ORDER BY sessions DESC, events DESC, utmSource, referrer
LIMIT {limit:UInt32}`;

export const JOURNEY_EVENT_LIMIT = 50;
export const DETAIL_ROW_LIMIT = 200;
export const TRAFFIC_ROW_LIMIT = 50;

type N = string | number;

export async function retargetingDashboard(ch: ClickHouse, days: number, now = Date.now()): Promise<RetargetingResponse> {
  const window = lastDays(days, now);
  const [levels, stepCounts, users, details, traffic, journeys] = await Promise.all([
    ch.query<{ level: N; users: N }>(FUNNEL_SQL, { ...window, window: days * 86_400 }),
    ch.query<{ event: string; count: N }>(STEP_COUNTS_SQL, window),
    ch.query<{ totalUsers: N; identifiedUsers: N }>(USERS_SQL, window),
    ch.query<{ event: string; source: string; count: N; uniqueUsers: N }>(EVENT_DETAILS_SQL, { ...window, limit: DETAIL_ROW_LIMIT }),
    ch.query<TrafficSourceRow & { sessions: N; events: N }>(TRAFFIC_SQL, { ...window, limit: TRAFFIC_ROW_LIMIT }),
    userJourneys(ch, window, now),
  ]);

  const counts = new Map(stepCounts.map((c) => [c.event, Number(c.count)]));
  const reached = funnelReach(levels.map((l) => ({ level: Number(l.level), users: Number(l.users) })));
  const funnelData: FunnelStepRow[] = RETARGETING_FUNNEL_STEPS.map((event, i) => ({
    step: i + 1,
    event,
    source: 'all',
    count: counts.get(event) ?? 0,
    uniqueUsers: reached[i]!,
    rate: i === 0 ? 100 : percent(reached[i]!, reached[i - 1]!, 1),
  }));
  const totalUsers = Number(users[0]?.totalUsers ?? 0);
  const identifiedUsers = Number(users[0]?.identifiedUsers ?? 0);
  return {
    days,
    funnelData,
    eventDetails: details.map((d) => ({ event: d.event, source: d.source, count: Number(d.count), uniqueUsers: Number(d.uniqueUsers) })),
    userJourneys: journeys,
    trafficSources: traffic.map((t) => ({ ...t, sessions: Number(t.sessions), events: Number(t.events) })),
    totalUsers,
    identifiedUsers,
    conversionRate: percent(identifiedUsers, totalUsers, 1),
  };
}

/** The first JOURNEY_LIMIT sessions: identified visitors' first, then the most recent. */
async function userJourneys(ch: ClickHouse, window: Window, now: number): Promise<UserJourney[]> {
  type Picked = { sessionId: string; lastSeen: string };
  const picked = await ch.query<Picked>(IDENTIFIED_SESSIONS_SQL, { ...window, limit: JOURNEY_LIMIT });
  for (const since of [chTime(now - 86_400_000), window.from]) {
    if (picked.length >= JOURNEY_LIMIT) break;
    const exclude = picked.map((p) => p.sessionId);
    const recent = await ch.query<Picked>(RECENT_SESSIONS_SQL, { ...window, since, exclude, limit: JOURNEY_LIMIT - picked.length });
    picked.push(...recent);
  }
  if (!picked.length) return [];
  const sessions = picked.map((p) => p.sessionId);
  const [facts, events] = await Promise.all([
    ch.query<{ sessionId: string; email: string; totalEvents: N; firstSeen: string; lastSeen: string }>(SESSION_FACTS_SQL, { ...window, sessions }),
    ch.query<{ sessionId: string; event: string; path: string; at: string }>(JOURNEY_EVENTS_SQL, { ...window, sessions, perSession: JOURNEY_EVENT_LIMIT }),
  ]);
  const factsById = new Map(facts.map((f) => [f.sessionId, f]));
  const bySession = new Map<string, UserJourney['events']>();
  for (const e of events) {
    const list = bySession.get(e.sessionId) ?? [];
    list.push({ event: e.event, path: e.path, timestamp: isoTime(e.at) });
    bySession.set(e.sessionId, list);
  }
  return sessions.flatMap((id) => {
    const f = factsById.get(id);
    if (!f) return [];
    return [{
      ...(f.email ? { email: f.email } : {}),
      sessionId: id,
      totalEvents: Number(f.totalEvents),
      firstSeen: isoTime(f.firstSeen),
      lastSeen: isoTime(f.lastSeen),
      events: bySession.get(id) ?? [],
    }];
  });
}

/** windowFunnel gives each user the deepest step reached; users at step k are those with level ≥ k. */
export function funnelReach(levels: { level: number; users: number }[], steps = RETARGETING_FUNNEL_STEPS.length): number[] {
  return Array.from({ length: steps }, (_, i) => levels.filter((l) => l.level >= i + 1).reduce((n, l) => n + l.users, 0));
}
