// Builds rows of the `events` table for the analytics tests: only what a test cares about is given.
import { randomUUID } from 'node:crypto';
import { afterAll, vi } from 'vitest';
import { chTime } from '@curb/analytics/dashboards/period';

/**
 * This file's "now", with Date held there until the file ends: the events a test builds (minutes
 * before now) and the dashboards' windows (from Date.now()) read one clock, so a run that crosses
 * midnight UTC keeps counting the same days. Timers still run in real time.
 */
export function holdClock(): number {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now });
  afterAll(() => {
    vi.useRealTimers();
  });
  return now;
}

export interface TestEvent {
  name: string;
  visitor: number;
  /** Minutes before `now`. */
  minutesAgo?: number;
  session?: string;
  email?: string;
  path?: string;
  referrerDomain?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  testType?: string;
  variant?: string;
  variantText?: string;
  /** The A/B assignment unit the tracker sends (props.ab_unit). */
  abUnit?: string;
  bot?: boolean;
  value?: number;
  /** Exact time in epoch ms (instead of minutesAgo). */
  at?: number;
  referrer?: string;
  utmContent?: string;
  utmTerm?: string;
  browser?: string;
  device?: string;
  country?: string;
  os?: string;
  screenSize?: string;
  /** props.form: the form a form_submit came from. */
  form?: string;
}

export function eventRows(events: TestEvent[], now = Date.now()): object[] {
  return events.map((e) => ({
    event_id: randomUUID(),
    ts: chTime(e.at ?? now - (e.minutesAgo ?? 60) * 60_000),
    name: e.name,
    visitor_id: String(e.visitor),
    session_id: e.session ?? `s${e.visitor}`,
    email: e.email ?? '',
    path: e.path ?? '/',
    referrer: e.referrer ?? '',
    referrer_domain: e.referrerDomain ?? '',
    utm_source: e.utmSource ?? '',
    utm_medium: e.utmMedium ?? '',
    utm_campaign: e.utmCampaign ?? '',
    utm_content: e.utmContent ?? '',
    utm_term: e.utmTerm ?? '',
    browser: e.browser ?? '',
    device: e.device ?? '',
    country: e.country ?? '',
    os: e.os ?? '',
    screen_size: e.screenSize ?? '',
    test_type: e.testType ?? '',
    variant: e.variant ?? '',
    value: e.value ?? 0,
    props: {
      ...(e.variantText && { variant_text: e.variantText }),
      ...(e.abUnit && { ab_unit: e.abUnit }),
      ...(e.form && { form: e.form }),
    },
    is_bot: e.bot ? 1 : 0,
  }));
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so a generated test's failure can be replayed. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
