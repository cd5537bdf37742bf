// Turns a validated wire event into a row of the ClickHouse `events` table.
import { createHash, randomUUID } from 'node:crypto';
import Bowser from 'bowser';
import { isbot } from 'isbot';
import { clickhouseTime, pageGroup } from '@curb/analytics/event-row';
import type { TrackedEvent } from '@curb/contracts/events';
import { screenSizeClass } from '@curb/contracts/stats';
import { countryOf } from './country.ts';

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
  os: string;
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

/** Bot flag (isbot; no user agent counts as a bot), browser family, operating system and device class (Bowser), cached per user agent. */
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

function browserAndDevice(ua: string): { browser: string; device: string; os: string } {
  if (!ua) return { browser: '', device: '', os: '' };
  const { browser, platform, os } = Bowser.parse(ua);
  const device = platform.type === 'mobile' || platform.type === 'tablet' ? platform.type : 'desktop';
  return { browser: browser.name ? (BROWSER_NAMES[browser.name] ?? browser.name) : 'Other', device, os: os.name || 'Other' };
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

const quote = JSON.stringify;

/**
 * The spool lines (JSONEachRow) for the events of one request. What the events share (receive
 * time, the cookieless visitor id, the user agent's facts) is worked out and written once per
 * request, not per event. A field holding its column's default (an empty string, no value, no
 * props, not a bot) is left out and ClickHouse fills it in: a batched beacon's lines are about
 * a fifth shorter and its serialisation about a third of a row object's JSON.stringify. The
 * event id comes first (recent-ids.ts reads it back from the spool).
 */
export function lineMaker(facts: RequestFacts, ua: UserAgentFacts): (event: TrackedEvent) => string {
  const receivedAt = clickhouseTime(facts.receivedAt);
  const received = `,"received_at":"${receivedAt}"`;
  const bot = ua.isBot ? ',"is_bot":1' : '';
  const browser = ua.browser ? `,"browser":${quote(ua.browser)}` : '';
  const device = ua.device ? `,"device":${quote(ua.device)}` : '';
  const os = ua.os ? `,"os":${quote(ua.os)}` : '';
  const countryCode = countryOf(facts.ip);
  const country = countryCode ? `,"country":${quote(countryCode)}` : '';
  const tail = `${bot}${browser}${device}${os}${country}}\n`;
  let anonymousId: string | undefined;
  return (event) => {
    const ts = event.ts === undefined ? receivedAt : clickhouseTime(eventTime(event.ts, facts.receivedAt));
    const visitor = event.visitorId
      ? consentedVisitorId(event.visitorId)
      : (anonymousId ??= visitorId(facts.dailySalt, facts.ip, facts.userAgent));
    const path = event.path ?? '';
    const eventId = quote(event.eventId ?? randomUUID());
    let line = `{"event_id":${eventId},"ts":"${ts}"${received},"name":${quote(event.name)},"visitor_id":"${visitor}"`;
    if (event.sessionId) line += `,"session_id":${quote(event.sessionId)}`;
    if (event.email) line += `,"email":${quote(event.email.toLowerCase())}`;
    if (path) line += `,"path":${quote(path)}`;
    line += `,"page_group":${quote(pageGroup(path))}`;
    if (event.referrer) {
      line += `,"referrer":${quote(event.referrer)}`;
      const domain = referrerDomain(event.referrer);
      if (domain) line += `,"referrer_domain":${quote(domain)}`;
    }
    const utm = event.utm;
    if (utm) {
      if (utm.source) line += `,"utm_source":${quote(utm.source)}`;
      if (utm.medium) line += `,"utm_medium":${quote(utm.medium)}`;
      if (utm.campaign) line += `,"utm_campaign":${quote(utm.campaign)}`;
      if (utm.content) line += `,"utm_content":${quote(utm.content)}`;
      if (utm.term) line += `,"utm_term":${quote(utm.term)}`;
    }
    if (event.testType) line += `,"test_type":${quote(event.testType)}`;
    if (event.variant) line += `,"variant":${quote(event.variant)}`;
    if (event.value !== undefined) line += `,"value":${quote(event.value)},"currency":"USD"`;
    if (event.screenWidth) line += `,"screen_size":"${screenSizeClass(event.screenWidth)}"`;
    if (event.props) {
      let props = '';
      for (const [key, value] of Object.entries(event.props)) props += `${props ? ',' : ''}${quote(key)}:${quote(String(value))}`;
      if (props) line += `,"props":{${props}}`;
    }
    return line + tail;
  };
}
