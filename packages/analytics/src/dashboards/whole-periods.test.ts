// The periods the dashboards read whole (those their snapshot sets keep no runs for) give the
// rows their closed-days runs gave: the same snapshots with runs at every period, on generated
// traffic, read from today's runs (through yesterday, and through the day before yesterday once
// a late event outdates the other) against the product's whole-period read.
import { PERIOD_DAYS, RETARGETING_FUNNEL_STEPS } from '@curb/contracts/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClickHouse } from '../../../../test/harness.ts';
import { eventRows, holdClock, seededRandom, type TestEvent } from '../../../../test/events.ts';
import { migrateClickHouse } from '../migrate.ts';
import { abSnapshots } from './ab-testing.ts';
import { type ClosedDaysSnapshots, type ClosedDaysStatus, closedDaysSnapshots, readClosedDays } from './closed-days.ts';
import { retargetingSnapshots } from './retargeting.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
const now = holdClock();
const DAY_MINUTES = 24 * 60;

const TESTS = { popup: ['A', 'B'], headline: ['A', 'B', 'C'], cta: ['A', 'B'] } as const;
const SOURCES: Partial<TestEvent>[] = [
  {},
  { referrerDomain: 'google.com' },
  { referrerDomain: 'bing.com' },
  { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'spring' },
  { utmSource: 'facebook', utmMedium: 'cpc', utmCampaign: 'listings' },
];

/**
 * Visitors over the last 40 days (so that 30 days cut some off): visits with funnel steps in a
 * loose order from several sources, forms sent with addresses some visitors share, e-mails opened
 * from the mail client, A/B exposures with clicks and conversions, some on later days than the
 * exposure and some per session, and bots.
 */
function generate(seed: number): TestEvent[] {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const events: TestEvent[] = [];
  for (let visitor = 1; visitor <= 300; visitor++) {
    const bot = visitor % 23 === 0;
    for (let visit = 0, visits = 1 + Math.floor(next() * 3); visit < visits; visit++) {
      const start = Math.floor(next() * 40 * DAY_MINUTES);
      const session = `s${visitor}-${visit}`;
      const source = pick(SOURCES);
      for (let s = 0, steps = 1 + Math.floor(next() * 5); s < steps; s++) {
        const name = RETARGETING_FUNNEL_STEPS[Math.min(3, Math.floor(next() * next() * 5))]!;
        const minutesAgo = Math.max(0, start - Math.floor(next() * 30));
        events.push({ name, visitor, session, minutesAgo, bot, ...source });
        if (name !== 'form_start' || next() > 0.6) continue;
        const email = `owner${visitor % 70}@example.com`;
        events.push({ name: 'form_submit', visitor, session, minutesAgo, email, bot, ...source });
        if (next() < 0.6)
          events.push({ name: 'email_open', visitor: 50_000 + visitor, session: '', email, minutesAgo: Math.max(0, minutesAgo - 600) });
      }
      if (next() < 0.5) {
        const testType = pick(Object.keys(TESTS) as (keyof typeof TESTS)[]);
        const variant = pick(TESTS[testType]);
        const abUnit = next() < 0.3 ? `s:${session}` : undefined;
        const ab = { visitor, session, testType, variant, bot, ...(abUnit && { abUnit }) };
        events.push({ ...ab, name: 'ab_impression', minutesAgo: start, variantText: `${testType} ${variant}` });
        // A click or conversion up to three days after the exposure, or one without it.
        const later = () => Math.max(0, start - Math.floor(next() * 3 * DAY_MINUTES));
        if (next() < 0.4) events.push({ ...ab, name: 'ab_click', minutesAgo: later() });
        if (next() < 0.2) events.push({ ...ab, name: 'ab_conversion', minutesAgo: later() });
      }
    }
  }
  return events;
}

/** A read's rows per kind, each kind's rows in one order (a statement without ORDER BY gives any). */
const sorted = (rows: Record<string, unknown[]>) =>
  Object.fromEntries(Object.entries(rows).map(([kind, list]) => [kind, list.map((r) => JSON.stringify(r)).sort()]));

beforeAll(async () => {
  ch = await createTestClickHouse();
  await migrateClickHouse(ch);
  await ch.insert('events', eventRows(generate(40), now));
});
afterAll(() => ch.drop());

describe.each([
  ['A/B testing', () => abSnapshots(ch.engine)],
  ['retargeting', () => retargetingSnapshots(ch.engine)],
] as const)('%s over the periods it reads whole', (_name, product: () => ClosedDaysSnapshots) => {
  it('gives the rows its closed-days runs gave, from either run', async () => {
    const whole = PERIOD_DAYS.filter((days) => !product().periods.includes(days));
    expect(whole.length).toBeGreaterThan(0);
    // The same snapshots, with runs at every period.
    const withRuns = closedDaysSnapshots(ch.engine, product().queries, PERIOD_DAYS);
    for (const days of whole) {
      const read = await readClosedDays(ch, product(), days);
      expect(read.computeMissing).toBeNull();
      const before = await readClosedDays(ch, withRuns, days);
      expect(sorted(before.rows)).toEqual(sorted(read.rows));
      await before.computeMissing!();
      const fromRun = await readClosedDays(ch, withRuns, days);
      expect(fromRun.computeMissing).toBeNull(); // read from today's run through yesterday
      expect(sorted(fromRun.rows)).toEqual(sorted(read.rows));
      // Every snapshot holds rows: the comparison is not of empty answers.
      for (const rows of Object.values(read.rows)) expect(rows.length).toBeGreaterThan(0);
    }
    // A page view for yesterday at noon, received now: the runs through yesterday go out of date,
    // and the ones through the day before yesterday are read with yesterday and today.
    const yesterday = Math.floor((now % (DAY_MINUTES * 60_000)) / 60_000) + 12 * 60;
    await ch.insert('events', eventRows([{ name: 'page_view', visitor: 999, minutesAgo: yesterday, referrerDomain: 'yahoo.com' }], now));
    for (const days of whole) {
      const [status] = (await ch.query<ClosedDaysStatus>(withRuns.status(days))) as [ClosedDaysStatus];
      for (const q of withRuns.queries) {
        expect(status.current).toContain(q.kind);
        expect(status.currentThroughYesterday).not.toContain(q.kind);
      }
      const read = await readClosedDays(ch, product(), days);
      expect(sorted((await readClosedDays(ch, withRuns, days)).rows)).toEqual(sorted(read.rows));
    }
  });
});
