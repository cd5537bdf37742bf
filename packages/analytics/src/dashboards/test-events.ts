// Builds rows of the `events` table for dashboard tests: only what a test cares about is given.
import { randomUUID } from 'node:crypto';
import { chTime } from './period.ts';

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
}

export function eventRows(events: TestEvent[], now = Date.now()): object[] {
  return events.map((e) => ({
    event_id: randomUUID(),
    ts: chTime(now - (e.minutesAgo ?? 60) * 60_000),
    name: e.name,
    visitor_id: String(e.visitor),
    session_id: e.session ?? `s${e.visitor}`,
    email: e.email ?? '',
    path: e.path ?? '/',
    referrer_domain: e.referrerDomain ?? '',
    utm_source: e.utmSource ?? '',
    utm_medium: e.utmMedium ?? '',
    utm_campaign: e.utmCampaign ?? '',
    test_type: e.testType ?? '',
    variant: e.variant ?? '',
    value: e.value ?? 0,
    props: { ...(e.variantText && { variant_text: e.variantText }), ...(e.abUnit && { ab_unit: e.abUnit }) },
    is_bot: e.bot ? 1 : 0,
  }));
}
