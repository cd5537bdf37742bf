// Turns a validated wire event into a row of the ClickHouse `events` table.
import { createHash, randomUUID } from 'node:crypto';
import type { TrackedEvent } from '@curb/contracts/events';

/** Client clocks further than this from ours are not trusted. */
export const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export interface RequestFacts {
  ip: string;
  userAgent: string;
  isBot: boolean;
  receivedAt: number;
  /** Rotates daily so a visitor cannot be followed across days without consent. */
  dailySalt: string;
}

/** Spec grouping: audit/marketing → Marketing, service → Services, blog → Content, experience → About. */
export function pageGroup(path: string): string {
  const p = path.toLowerCase();
  if (p.includes('audit') || p.includes('marketing')) return 'Marketing';
  if (p.includes('service')) return 'Services';
  if (p.includes('blog')) return 'Content';
  if (p.includes('experience')) return 'About';
  return 'General';
}

/** Cookieless visitor id, as Plausible and Umami derive it: hash(salt + IP + user agent). */
export function visitorId(salt: string, ip: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}|${ip}|${userAgent}`).digest().readBigUInt64BE(0).toString();
}

function referrerDomain(referrer: string): string {
  try {
    return new URL(referrer).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

const ms = (t: number) => new Date(t).toISOString().replace('T', ' ').replace('Z', '');

export function toEventRow(event: TrackedEvent, facts: RequestFacts) {
  const ts = event.ts !== undefined && Math.abs(event.ts - facts.receivedAt) <= MAX_CLOCK_SKEW_MS ? event.ts : facts.receivedAt;
  const path = event.path ?? '';
  const referrer = event.referrer ?? '';
  return {
    event_id: event.eventId ?? randomUUID(),
    ts: ms(ts),
    received_at: ms(facts.receivedAt),
    name: event.name,
    visitor_id: visitorId(facts.dailySalt, facts.ip, facts.userAgent),
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
    props: Object.fromEntries(Object.entries(event.props ?? {}).map(([k, v]) => [k, String(v)])),
    is_bot: facts.isBot ? 1 : 0,
    browser: '',
    device: '',
  };
}

export type EventRow = ReturnType<typeof toEventRow>;
