// Retargeting dashboard: the spec's five-step funnel (windowFunnel per user), event counts
// by source, the latest sessions as journeys, traffic sources, and identified users.
//
// A "user" is the e-mail once the visitor identified (in any event of the period), else the
// visitor id: that is what joins an e-mail open (sent from the mail client) to the visit
// that led to the form.
import {
  JOURNEY_LIMIT,
  RETARGETING_FUNNEL_STEPS,
  type EventDetailRow,
  type FunnelStepRow,
  type RetargetingResponse,
  type TrafficSourceRow,
  type UserJourney,
} from '@curb/contracts/analytics';
import type { ClickHouse } from '../clickhouse.ts';
import { HUMAN_EVENTS_IN_WINDOW, isoTime, lastDays, percent } from './period.ts';

const IDENTITIES = `identities AS (
  SELECT visitor_id, argMax(email, ts) AS identified
  FROM events
  WHERE ${HUMAN_EVENTS_IN_WINDOW} AND email != ''
  GROUP BY visitor_id
)`;
const USER = "if(e.email != '', e.email, if(i.identified != '', i.identified, toString(e.visitor_id)))";
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

const USERS_SQL = `
WITH ${IDENTITIES}
SELECT uniqExact(user) AS totalUsers, uniqExactIf(user, identified) AS identifiedUsers
FROM (
  SELECT ${USER} AS user, (e.email != '' OR i.identified != '') AS identified
  FROM events AS e LEFT JOIN identities AS i ON e.visitor_id = i.visitor_id
  WHERE ${HUMAN_EVENTS_IN_WINDOW}
)`;

const EVENT_DETAILS_SQL = `
SELECT toString(name) AS event, ${SOURCE} AS source, count() AS count, uniqExact(visitor_id) AS uniqueUsers
FROM events
WHERE ${HUMAN_EVENTS_IN_WINDOW}
GROUP BY event, source
ORDER BY count DESC, event, source
LIMIT {limit:UInt32}`;

const SESSIONS_SQL = `
WITH ${IDENTITIES}
SELECT s.sessionId AS sessionId, if(s.email != '', s.email, i.identified) AS email,
       s.totalEvents AS totalEvents, toString(s.firstSeen) AS firstSeen, toString(s.lastSeen) AS lastSeen
FROM (
  SELECT session_id AS sessionId, max(email) AS email, any(visitor_id) AS visitor_id,
         count() AS totalEvents, min(ts) AS firstSeen, max(ts) AS lastSeen
  FROM events
  WHERE ${HUMAN_EVENTS_IN_WINDOW} AND session_id != ''
  GROUP BY session_id
) AS s LEFT JOIN identities AS i ON s.visitor_id = i.visitor_id
ORDER BY email != '' DESC, lastSeen DESC, sessionId
LIMIT {limit:UInt32}`;

const JOURNEY_EVENTS_SQL = `
SELECT session_id AS sessionId, toString(name) AS event, path, toString(ts) AS at
FROM events
WHERE ${HUMAN_EVENTS_IN_WINDOW} AND session_id IN {sessions:Array(String)}
ORDER BY session_id, ts
LIMIT {perSession:UInt32} BY session_id`;

const TRAFFIC_SQL = `
SELECT toString(utm_source) AS utmSource, toString(utm_medium) AS utmMedium, utm_campaign AS utmCampaign,
       toString(referrer_domain) AS referrer,
       uniqExact(if(session_id != '', session_id, toString(visitor_id))) AS sessions, count() AS events
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
  const [levels, stepCounts, users, details, sessions, traffic] = await Promise.all([
    ch.query<{ level: N; users: N }>(FUNNEL_SQL, { ...window, window: days * 86_400 }),
    ch.query<{ event: string; count: N }>(STEP_COUNTS_SQL, window),
    ch.query<{ totalUsers: N; identifiedUsers: N }>(USERS_SQL, window),
    ch.query<{ event: string; source: string; count: N; uniqueUsers: N }>(EVENT_DETAILS_SQL, { ...window, limit: DETAIL_ROW_LIMIT }),
    ch.query<{ sessionId: string; email: string; totalEvents: N; firstSeen: string; lastSeen: string }>(SESSIONS_SQL, { ...window, limit: JOURNEY_LIMIT }),
    ch.query<TrafficSourceRow & { sessions: N; events: N }>(TRAFFIC_SQL, { ...window, limit: TRAFFIC_ROW_LIMIT }),
  ]);
  const journeyEvents = sessions.length
    ? await ch.query<{ sessionId: string; event: string; path: string; at: string }>(JOURNEY_EVENTS_SQL, {
        ...window,
        sessions: sessions.map((s) => s.sessionId),
        perSession: JOURNEY_EVENT_LIMIT,
      })
    : [];

  const eventDetails: EventDetailRow[] = details.map((d) => ({ event: d.event, source: d.source, count: Number(d.count), uniqueUsers: Number(d.uniqueUsers) }));
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

  const bySession = new Map<string, UserJourney['events']>();
  for (const e of journeyEvents) {
    const list = bySession.get(e.sessionId) ?? [];
    list.push({ event: e.event, path: e.path, timestamp: isoTime(e.at) });
    bySession.set(e.sessionId, list);
  }
  const userJourneys: UserJourney[] = sessions.map((s) => ({
    ...(s.email ? { email: s.email } : {}),
    sessionId: s.sessionId,
    totalEvents: Number(s.totalEvents),
    firstSeen: isoTime(s.firstSeen),
    lastSeen: isoTime(s.lastSeen),
    events: bySession.get(s.sessionId) ?? [],
  }));

  const totalUsers = Number(users[0]?.totalUsers ?? 0);
  const identifiedUsers = Number(users[0]?.identifiedUsers ?? 0);
  return {
    days,
    funnelData,
    eventDetails,
    userJourneys,
    trafficSources: traffic.map((t) => ({ ...t, sessions: Number(t.sessions), events: Number(t.events) })),
    totalUsers,
    identifiedUsers,
    conversionRate: percent(identifiedUsers, totalUsers, 1),
  };
}

/** windowFunnel gives each user the deepest step reached; users at step k are those with level ≥ k. */
export function funnelReach(levels: { level: number; users: number }[], steps = RETARGETING_FUNNEL_STEPS.length): number[] {
  return Array.from({ length: steps }, (_, i) => levels.filter((l) => l.level >= i + 1).reduce((n, l) => n + l.users, 0));
}
