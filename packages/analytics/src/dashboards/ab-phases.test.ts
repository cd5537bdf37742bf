// A test's results per phase: a phase counts only what happened between its start and its end,
// and each variant is named by the text its units saw in that phase.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClickHouseWithEvents } from '../../../../test/harness.ts';
import { eventRows, type TestEvent } from '../../../../test/events.ts';
import { type AbPhase, abTestingDashboard } from './ab-testing.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouseWithEvents>>;
const now = Date.now();
const minutes = 60_000;
/** The owner rewrote variant B 90 minutes ago; before that, 10 days ago, the test's first texts changed too. */
const rewritten = now - 90 * minutes;
const earlier = now - 10 * 24 * 60 * minutes;

const ab = (name: string, visitor: number, variant: string, minutesAgo: number, extra: Partial<TestEvent> = {}): TestEvent => ({
  name,
  visitor,
  variant,
  minutesAgo,
  testType: 'audit_popup',
  ...extra,
});
const seen = (visitor: number, variant: string, minutesAgo: number, variantText: string, extra: Partial<TestEvent> = {}) =>
  ab('ab_impression', visitor, variant, minutesAgo, { variantText, ...extra });
const threeDaysAgo = 3 * 24 * 60;

const PHASES: AbPhase[] = [
  {
    testType: 'audit_popup',
    number: 1,
    startedAt: null,
    endedAt: earlier,
    startedBy: null,
    reason: null,
    copy: { A: 'First A', B: 'First B' },
  },
  {
    testType: 'audit_popup',
    number: 2,
    startedAt: earlier,
    endedAt: rewritten,
    startedBy: 'owner@curb.test',
    reason: 'Free Marketing Audit › Popup Creator › Variant A title',
    copy: { A: 'Old A', B: 'Old B' },
  },
  {
    testType: 'audit_popup',
    number: 3,
    startedAt: rewritten,
    endedAt: null,
    startedBy: 'owner@curb.test',
    reason: 'Free Marketing Audit › Popup Creator › Variant B title',
    copy: { A: 'Old A', B: 'New B' },
  },
];

beforeAll(async () => {
  ch = await createTestClickHouseWithEvents(
    eventRows(
      [
        // Phase 2, days ago (read from the daily rollup): A converts, B does not.
        seen(1, 'A', threeDaysAgo, 'Old A'),
        ab('ab_conversion', 1, 'A', threeDaysAgo),
        seen(2, 'B', threeDaysAgo, 'Old B'),
        // Phase 2, shortly before the rewrite; this unit converts only after it: counted in neither phase.
        seen(3, 'B', 120, 'Old B'),
        ab('ab_conversion', 3, 'B', 30),
        // Phase 3: B's new text, one unit converting; one unit saw another funnel's popup text.
        seen(4, 'B', 60, 'New B'),
        ab('ab_click', 4, 'B', 59),
        ab('ab_conversion', 4, 'B', 30),
        seen(5, 'A', 60, 'Old A'),
        seen(6, 'B', 45, 'Landing B'),
        seen(7, 'B', 40, 'New B'),
        // Left out: a bot, another test.
        seen(8, 'B', 20, 'New B', { bot: true }),
        ab('ab_conversion', 8, 'B', 19, { bot: true }),
        seen(9, 'A', 20, 'Headline A', { testType: 'headline' }),
      ],
      now,
    ),
  );
});
// The closed-days runs the requests start after their answers end before the database goes.
const started: Promise<unknown>[] = [];
afterAll(async () => {
  await Promise.allSettled(started);
  await ch.drop();
});

const dashboard = (days: number) => abTestingDashboard(ch, days, now, { background: (work) => started.push(work), phases: PHASES });
const counts = (rows: { variant: string; variantText: string; impressions: number; clicks: number; conversions: number }[]) =>
  rows.map((r) => [r.variant, r.variantText, r.impressions, r.clicks, r.conversions]);

describe('A/B results per phase', () => {
  it('counts each phase only from its start to its end, current phase first, and leaves out phases before the period', async () => {
    const { phases } = await dashboard(7);
    expect(phases.map((p) => p.number)).toEqual([3, 2]);
    const [current, before] = phases;
    expect(current).toMatchObject({
      startedAt: new Date(rewritten).toISOString(),
      endedAt: null,
      countedFrom: new Date(rewritten).toISOString(),
      copy: { A: 'Old A', B: 'New B' },
      reason: 'Free Marketing Audit › Popup Creator › Variant B title',
    });
    expect(counts(current!.rows)).toEqual([
      ['A', 'Old A', 1, 0, 0],
      ['B', 'New B', 3, 1, 1],
    ]);
    // Unit 3 saw the old text and converted after the rewrite: not a conversion of either text.
    expect(counts(before!.rows)).toEqual([
      ['A', 'Old A', 1, 0, 1],
      ['B', 'Old B', 2, 0, 0],
    ]);
    expect(before!.endedAt).toBe(new Date(rewritten).toISOString());
  });

  it('names each variant by the text most of its units saw, and lists the others it showed in the phase', async () => {
    const [current, before] = (await dashboard(7)).phases;
    expect(current!.otherTexts).toEqual({ B: ['Landing B'] });
    expect(before!.otherTexts).toEqual({});
  });

  it('gives each phase its own statistics', async () => {
    const [current, before] = (await dashboard(7)).phases;
    expect(current!.summary).toMatchObject({ testType: 'audit_popup', control: 'A', winner: 'B', totalExposures: 4, significant: false });
    expect(before!.summary).toMatchObject({ winner: 'A', totalExposures: 3, significant: false });
  });

  it('counts a phase that began before the period from the start of the period', async () => {
    const { phases } = await dashboard(30);
    expect(phases.map((p) => p.number)).toEqual([3, 2, 1]);
    expect(phases[1]!.countedFrom).toBe(new Date(earlier).toISOString());
    const first = phases[2]!;
    expect(first.startedAt).toBeNull();
    expect(Date.parse(first.countedFrom)).toBe(Math.floor(now / 86_400_000) * 86_400_000 - 29 * 86_400_000);
    expect(first.rows).toEqual([]);
    expect(first.summary).toBeNull();
  });

  it('counts a current phase that began before the period as the period itself, named by the texts its units saw', async () => {
    const only = (startedAt: number | null): AbPhase[] => [{ ...PHASES[2]!, number: 1, startedAt }];
    const whole = (await abTestingDashboard(ch, 7, now, { background: (w) => started.push(w), phases: only(null) })).phases[0]!;
    expect(counts(whole.rows)).toEqual([
      ['A', 'Old A', 2, 0, 1],
      ['B', 'New B', 5, 1, 2],
    ]);
    expect(whole.otherTexts).toEqual({ B: ['Old B', 'Landing B'] });
    // The same phase counted unit by unit from just after the period began gives the same answer.
    const periodStart = Math.floor(now / 86_400_000) * 86_400_000 - 6 * 86_400_000;
    const byUnits = (await abTestingDashboard(ch, 7, now, { background: (w) => started.push(w), phases: only(periodStart + 1) }))
      .phases[0]!;
    expect(counts(byUnits.rows)).toEqual(counts(whole.rows));
    expect(byUnits.otherTexts).toEqual(whole.otherTexts);
  });
});
