// Turns a validated wire event into a row of the ClickHouse `events` table.
import { createHash, randomUUID } from 'node:crypto';
import Bowser from 'bowser';
import { isbot } from 'isbot';
import { clickhouseTime, pageGroup, type EventRow } from '@curb/analytics/event-row';
import type { TrackedEvent } from '@curb/contracts/events';

/** A client clock further than this from ours is not trusted: the server time is used. */
export const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export interface RequestFacts {
  ip: string;
  userAgent: string;
  receivedAt: number;
  /** Rotates daily so a visitor cannot be followed across days without consent. */
  dailySalt: string;
}

export interface UserAgentFacts {
  isBot: boolean;
  browser: string;
  device: string;
}

/** Cookieless visitor id, as Plausible and Umami derive it: hash(salt + IP + user agent). */
export function visitorId(salt: string, ip: string, userAgent: string): string {
  const key = `${salt}|${ip}|${userAgent}`;
  let id = visitorIds.get(key);
  if (id === undefined) {
    id = createHash('sha256').update(key).digest().readBigUInt64BE(0).toString();
    // A visitor sends many beacons a day: remember recent ids (the salt is in the key, so a
    // new day never reuses yesterday's).
    if (visitorIds.size >= CACHE_MAX) visitorIds.clear();
    visitorIds.set(key, id);
  }
  return id;
}
const visitorIds = new Map<string, string>();
const CACHE_MAX = 10_000;

/** A consented first-party id is stable across days; it is hashed into the same id space. */
export function consentedVisitorId(id: string): string {
  return createHash('sha256').update(`consented|${id.toLowerCase()}`).digest().readBigUInt64BE(0).toString();
}

const uaCache = new Map<string, UserAgentFacts>();
const UA_CACHE_MAX = 2000;

/** Bot flag (isbot; no user agent counts as a bot), browser family and device class (Bowser), cached per user agent. */
export function classifyUserAgent(userAgent: string): UserAgentFacts {
  const cached = uaCache.get(userAgent);
  if (cached) return cached;
  const facts: UserAgentFacts = { isBot: !userAgent || isbot(userAgent), ...browserAndDevice(userAgent) };
  if (uaCache.size >= UA_CACHE_MAX) uaCache.clear();
  uaCache.set(userAgent, facts);
  return facts;
}

/** Bowser's names where the dashboards have used shorter ones. */
const BROWSER_NAMES: Record<string, string> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
  Chromium: 'Chrome',
};

function browserAndDevice(ua: string): { browser: string; device: string } {
  if (!ua) return { browser: '', device: '' };
  const { browser, platform } = Bowser.parse(ua);
  const device = platform.type === 'mobile' || platform.type === 'tablet' ? platform.type : 'desktop';
  return { browser: browser.name ? (BROWSER_NAMES[browser.name] ?? browser.name) : 'Other', device };
}

const referrerDomains = new Map<string, string>();

function referrerDomain(referrer: string): string {
  if (!referrer) return '';
  let domain = referrerDomains.get(referrer);
  if (domain === undefined) {
    try {
      domain = new URL(referrer).hostname.replace(/^www\./, '');
    } catch {
      domain = '';
    }
    if (referrerDomains.size >= CACHE_MAX) referrerDomains.clear();
    referrerDomains.set(referrer, domain);
  }
  return domain;
}

/** A timestamp this far ahead of the server is not a skewed clock but a malformed beacon. */
export function isFromTheFuture(event: TrackedEvent, receivedAt: number): boolean {
  return event.ts !== undefined && event.ts > receivedAt + MAX_CLOCK_SKEW_MS;
}

/**
 * The client's time when it is plausible (not ahead of us, at most a day old); otherwise the
 * time the server received the event.
 */
export function eventTime(ts: number | undefined, receivedAt: number): number {
  return ts !== undefined && ts <= receivedAt && receivedAt - ts <= MAX_CLOCK_SKEW_MS ? ts : receivedAt;
}

/**
 * Rows for the events of one request. What the events share (receive time, the cookieless
 * visitor id) is worked out once per request, not per event.
 */
export function rowMaker(facts: RequestFacts, ua: UserAgentFacts): (event: TrackedEvent) => EventRow {
  const receivedAt = clickhouseTime(facts.receivedAt);
  let anonymousId: string | undefined;
  return (event) => {
    const path = event.path ?? '';
    const referrer = event.referrer ?? '';
    return {
      event_id: event.eventId ?? randomUUID(),
      ts: event.ts === undefined ? receivedAt : clickhouseTime(eventTime(event.ts, facts.receivedAt)),
      received_at: receivedAt,
      name: event.name,
      visitor_id: event.visitorId
        ? consentedVisitorId(event.visitorId)
        : (anonymousId ??= visitorId(facts.dailySalt, facts.ip, facts.userAgent)),
      session_id: event.sessionId ?? '',
      email: event.email?.toLowerCase() ?? '',
      path,
      page_group: pageGroup(path),
      referrer,
      referrer_domain: referrerDomain(referrer),
      utm_source: event.utm?.source ?? '',
      utm_medium: event.utm?.medium ?? '',
      utm_campaign: event.utm?.campaign ?? '',
      utm_content: event.utm?.content ?? '',
      utm_term: event.utm?.term ?? '',
      test_type: event.testType ?? '',
      variant: event.variant ?? '',
      value: event.value ?? 0,
      currency: event.value !== undefined ? 'USD' : '',
      props: event.props ? Object.fromEntries(Object.entries(event.props).map(([k, v]) => [k, String(v)])) : {},
      is_bot: ua.isBot ? 1 : 0,
      browser: ua.browser,
      device: ua.device,
    };
  };
}
