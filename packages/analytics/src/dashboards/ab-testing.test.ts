import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type createTestClickHouse, createTestClickHouseWithEvents } from '../../../../test/harness.ts';
import { abSnapshots, abTestingDashboard, summariseTests } from './ab-testing.ts';
import { reloadRunDictionarySql } from './closed-days.ts';
import { eventRows, type TestEvent } from '../../../../test/events.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
const now = Date.now();

const popup = (name: string, visitor: number, variant: string, extra: Partial<TestEvent> = {}): TestEvent => ({
  name,
  visitor,
  variant,
  testType: 'popup',
  variantText: variant === 'A' ? 'Get your free audit' : 'See what you are missing',
  ...extra,
});

beforeAll(async () => {
  ch = await createTestClickHouseWithEvents(
    eventRows(
      [
        // Variant A: 4 visitors exposed (visitor 1 twice), 2 clicked, 1 converted.
        popup('ab_impression', 1, 'A'),
        popup('ab_impression', 1, 'A'),
        popup('ab_click', 1, 'A'),
        popup('ab_conversion', 1, 'A'),
        popup('ab_impression', 2, 'A', { utmSource: 'newsletter' }),
        popup('ab_click', 2, 'A'),
        popup('ab_impression', 3, 'A'),
        popup('ab_impression', 4, 'A'),
        // Variant B: 3 exposed, 3 clicked, 2 converted.
        popup('ab_impression', 5, 'B', { referrerDomain: 'google.com' }),
        popup('ab_click', 5, 'B'),
        popup('ab_conversion', 5, 'B'),
        popup('ab_impression', 6, 'B'),
        popup('ab_click', 6, 'B'),
        popup('ab_conversion', 6, 'B'),
        popup('ab_impression', 7, 'B'),
        popup('ab_click', 7, 'B'),
        // Left out: a bot, a conversion without exposure, an exposure before the window.
        popup('ab_impression', 8, 'A', { bot: true }),
        popup('ab_conversion', 8, 'A', { bot: true }),
        popup('ab_conversion', 9, 'B'),
        popup('ab_impression', 10, 'B', { minutesAgo: 8 * 24 * 60 }),
        // Another test.
        { name: 'ab_impression', visitor: 11, testType: 'headline', variant: 'A' },
        // Without consent the variant is drawn per session: one cookieless visitor, two sessions,
        // one in each arm, the second converting.
        { name: 'ab_impression', visitor: 20, session: 's20a', testType: 'cta', variant: 'A', abUnit: 's:s20a' },
        { name: 'ab_impression', visitor: 20, session: 's20b', testType: 'cta', variant: 'B', abUnit: 's:s20b' },
        { name: 'ab_conversion', visitor: 20, session: 's20b', testType: 'cta', variant: 'B', abUnit: 's:s20b' },
      ],
      now,
    ),
  );
});
afterAll(() => ch.drop());
// The runs the requests start after their answers, awaited before a test that counts them.
const started: Promise<unknown>[] = [];
const dashboard = (days: number) => abTestingDashboard(ch, days, now, { background: (w) => started.push(w) });

describe('A/B testing dashboard', () => {
  it('counts exposed visitors, their clicks and conversions per variant, bots and strays left out', async () => {
    const d = await dashboard(7);
    expect(d.days).toBe(7);
    expect(d.conversionRates.filter((r) => r.testType !== 'cta')).toEqual([
      { testType: 'headline', variant: 'A', variantText: '', impressions: 1, clicks: 0, conversions: 0, clickRate: 0, conversionRate: 0 },
      {
        testType: 'popup',
        variant: 'A',
        variantText: 'Get your free audit',
        impressions: 4,
        clicks: 2,
        conversions: 1,
        clickRate: 50,
        conversionRate: 25,
      },
      {
        testType: 'popup',
        variant: 'B',
        variantText: 'See what you are missing',
        impressions: 3,
        clicks: 3,
        conversions: 2,
        clickRate: 100,
        conversionRate: 66.67,
      },
    ]);
  });

  it('counts the unit each variant was assigned to, so no unit sits in two arms', async () => {
    const d = await dashboard(7);
    const cta = d.conversionRates.filter((r) => r.testType === 'cta').map((r) => [r.variant, r.impressions, r.conversions]);
    expect(cta).toEqual([
      ['A', 1, 0],
      ['B', 1, 1],
    ]);
    // Counted by visitor, the same person would have been in both arms.
    const [byVisitor] = await ch.query<{ arms: string }>(
      "SELECT uniqExact(variant) AS arms FROM events WHERE test_type = 'cta' AND visitor_id = 20",
    );
    expect(Number(byVisitor!.arms)).toBe(2);
    const [inTwoArms] = await ch.query<{ n: string }>(
      'SELECT count() AS n FROM (SELECT test_type, unit FROM ab_units GROUP BY test_type, unit HAVING uniqExact(variant) > 1)',
    );
    expect(Number(inTwoArms!.n)).toBe(0);
  });

  it('gives per test the winner, uplift, p-value, chance to beat control, SRM and the under-powered flag', async () => {
    const d = await dashboard(7);
    const popupTest = d.tests.find((t) => t.testType === 'popup')!;
    expect(popupTest).toMatchObject({ control: 'A', winner: 'B', totalExposures: 7, underpowered: true, significant: false });
    // 4 vs 3 exposures: χ² = (0.5² + 0.5²) / 3.5 = 0.142857, p = erfc(√0.0714285) = 0.70546.
    expect(popupTest.srm.chiSquare).toBeCloseTo(0.1429, 4);
    expect(popupTest.srm.pValue).toBeCloseTo(0.7054569861112734, 8);
    expect(popupTest.srm.mismatch).toBe(false);
    const [a, b] = popupTest.variants;
    expect(a).toMatchObject({ variant: 'A', isControl: true, uplift: null, pValue: null, chanceToBeatControl: null });
    // 25 % → 66.67 %: +166.67 %; pooled p = 3/7, z = 1.10240, p = 0.270289 (Python).
    expect(b!.uplift).toBeCloseTo(166.67, 2);
    // Its interval on the log rate ratio, exp(ln(8/3) ± 1.95996 · √(0.75/1 + (1/3)/2)) − 1 (Python).
    expect([b!.upliftLow, b!.upliftHigh]).toEqual([-59.17, 1641.53]);
    expect(b!.pValue).toBeCloseTo(0.2702893848016987, 10);
    expect(b!.chanceToBeatControl).toBeGreaterThan(0.8);
    expect(d.tests.find((t) => t.testType === 'headline')!.winner).toBe('A');
  });

  it('lists the raw daily counts by event and source', async () => {
    const d = await dashboard(7);
    const today = new Date(now - 3600_000).toISOString().slice(0, 10);
    expect(d.rawData).toEqual(
      expect.arrayContaining([
        { date: today, testType: 'popup', variant: 'A', event: 'ab_impression', source: 'direct', count: 4 },
        { date: today, testType: 'popup', variant: 'A', event: 'ab_impression', source: 'newsletter', count: 1 },
        { date: today, testType: 'popup', variant: 'B', event: 'ab_impression', source: 'google.com', count: 1 },
        { date: today, testType: 'popup', variant: 'B', event: 'ab_conversion', source: 'direct', count: 3 },
      ]),
    );
    expect(d.rawData.some((r) => r.count === 0)).toBe(false);
  });

  it('widens to 30 days', async () => {
    const d = await dashboard(30);
    expect(d.conversionRates.find((r) => r.testType === 'popup' && r.variant === 'B')!.impressions).toBe(4);
  });

  it('reads 7 and 30 days whole, starting and storing no closed-days run', async () => {
    const work: Promise<unknown>[] = [];
    for (const days of [7, 30]) await abTestingDashboard(ch, days, now, { background: (w) => work.push(w) });
    expect(work).toHaveLength(0);
    const [stored] = await ch.query<{ n: string }>('SELECT count() AS n FROM closed_days_runs WHERE days IN (7, 30)');
    expect(Number(stored!.n)).toBe(0);
  });
});

describe('A/B testing dashboard over stored closed days', () => {
  const variantB = (d: Awaited<ReturnType<typeof abTestingDashboard>>) => {
    const row = d.conversionRates.find((r) => r.testType === 'popup' && r.variant === 'B')!;
    return [row.impressions, row.clicks, row.conversions];
  };

  it('answers as the whole period, moving a stored unit that acts again since yesterday, until a late event outdates them', async () => {
    // Unit 30 saw B three days ago (a closed day) and clicks today; unit 31 saw B four days ago.
    // (Unit 10, which saw B eight days ago, is in the 90 days too.)
    await ch.insert(
      'events',
      eventRows(
        [
          popup('ab_impression', 30, 'B', { minutesAgo: 3 * 24 * 60 }),
          popup('ab_click', 30, 'B'),
          popup('ab_impression', 31, 'B', { minutesAgo: 4 * 24 * 60 }),
        ],
        now,
      ),
    );
    await Promise.all(started);
    await ch.command('TRUNCATE TABLE closed_days_runs');
    const work: Promise<unknown>[] = [];
    const read = () => abTestingDashboard(ch, 90, now, { background: (w) => work.push(w) });
    const whole = await read();
    expect(variantB(whole)).toEqual([6, 4, 2]);
    expect(work).toHaveLength(1);
    await Promise.all(work);
    const runs = await ch.query<{ kind: string }>('SELECT kind FROM closed_days_runs WHERE days = 90 ORDER BY kind');
    // Two runs of each kind: through the day before yesterday, and through yesterday.
    expect(runs.map((r) => r.kind)).toEqual(['ab_pairs', 'ab_pairs', 'ab_units', 'ab_units']);
    expect(await read()).toEqual(whole);
    expect(work).toHaveLength(1);
    // Unit 31, stored as exposed only, converts today: it moves to converted.
    await ch.insert('events', eventRows([popup('ab_conversion', 31, 'B')], now));
    expect(variantB(await read())).toEqual([6, 4, 3]);
    expect(work).toHaveLength(1);
    // The stored counts are what a request reads: a unit added to the run's counts counts.
    await ch.command(`INSERT INTO ab_unit_flags_closed (as_of, days, run, key, pair, flags, n)
      SELECT as_of, days, run, 0, cityHash64('popup', 'B'), 7, 1 FROM closed_days_runs WHERE kind = 'ab_units' AND days = 90`);
    expect(variantB(await read())).toEqual([7, 5, 4]);
    // A stored unit (33: saw and converted, with its count) that clicks today moves from its stored flags.
    await ch.command(`INSERT INTO ab_unit_flags_closed (as_of, days, run, key, pair, flags, n)
      SELECT as_of, days, run, k, cityHash64('popup', 'B'), 5, 1
      FROM closed_days_runs ARRAY JOIN [0, cityHash64(cityHash64('popup', 'B'), cityHash64('visitor:33'))] AS k
      WHERE kind = 'ab_units' AND days = 90`);
    // (The run's units are also held in memory on chDB, loaded when a run is stored: load them again.)
    const units = abSnapshots(ch.engine).dictionary(abSnapshots(ch.engine).queries[0]!, 90);
    if (units) await ch.command(reloadRunDictionarySql(units));
    expect(variantB(await read())).toEqual([8, 5, 5]);
    await ch.insert('events', eventRows([popup('ab_click', 33, 'B')], now));
    expect(variantB(await read())).toEqual([8, 6, 5]);
    // An exposure reaches a closed day late: the whole period again (without the added unit), then a new run.
    await ch.insert('events', eventRows([popup('ab_impression', 32, 'B', { minutesAgo: 5 * 24 * 60 })], now));
    const late = await read();
    expect(variantB(late)).toEqual([7, 4, 3]);
    expect(work).toHaveLength(2);
    await Promise.all(work);
    expect(await read()).toEqual(late);
    expect(work).toHaveLength(2);
  });
  it('answers from the whole period when a run cannot be stored, and hands the failure on for the log', async () => {
    await ch.command('TRUNCATE TABLE closed_days_runs');
    await ch.command('RENAME TABLE ab_pairs_closed TO ab_pairs_closed_away');
    try {
      const work: Promise<void>[] = [];
      const d = await abTestingDashboard(ch, 90, now, { background: (w) => work.push(w) });
      expect(variantB(d)).toEqual([7, 4, 3]);
      expect(work).toHaveLength(1);
      await expect(work[0]).rejects.toThrow(/ab_pairs_closed/);
    } finally {
      await ch.command('RENAME TABLE ab_pairs_closed_away TO ab_pairs_closed');
    }
  });
});

describe('whether the winner is significant', () => {
  const row = (variant: string, impressions: number, conversions: number) => ({
    testType: 't',
    variant,
    variantText: '',
    impressions,
    clicks: 0,
    conversions,
    clickRate: 0,
    conversionRate: (conversions / impressions) * 100,
  });
  it.each([
    ['B far ahead on 2,000 exposures each', [row('A', 2000, 100), row('B', 2000, 160)], 'B', true],
    ['B ahead by noise', [row('A', 2000, 100), row('B', 2000, 104)], 'B', false],
    ['B far ahead but under-powered', [row('A', 100, 5), row('B', 100, 20)], 'B', false],
    ['control far ahead', [row('A', 2000, 160), row('B', 2000, 100)], 'A', true],
    ['a broken 1:2 split', [row('A', 1000, 50), row('B', 2000, 200)], 'B', false],
  ] as const)('%s', (_name, rows, winner, significant) => {
    const [test] = summariseTests([...rows]);
    expect(test).toMatchObject({ winner, significant });
  });
});

describe('the uplift of each variant over control', () => {
  const row = (variant: string, impressions: number, conversions: number) => ({
    testType: 't',
    variant,
    variantText: '',
    impressions,
    clicks: 0,
    conversions,
    clickRate: 0,
    conversionRate: (conversions / impressions) * 100,
  });
  const uplifts = (rows: ReturnType<typeof row>[]) =>
    summariseTests(rows)[0]!.variants.map((v) => [v.variant, v.uplift, v.upliftLow, v.upliftHigh]);

  it('gives it in percent with its 95 % interval on the log rate ratio, and −100 % without an interval for no conversions', () => {
    // 5 % → 6.5 % on 2,000 each, by Python: exp(ln 1.3 ± 1.95996 · √(0.95/100 + 0.935/130)) − 1.
    expect(uplifts([row('A', 2000, 100), row('B', 2000, 0), row('C', 2000, 130)])).toEqual([
      ['A', null, null, null],
      ['B', -100, null, null],
      ['C', 30, 0.92, 67.46],
    ]);
  });

  it('gives none against a control without conversions', () => {
    expect(uplifts([row('A', 100, 0), row('B', 100, 5)])).toEqual([
      ['A', null, null, null],
      ['B', null, null, null],
    ]);
  });
});

describe("the split check against the owner's split", () => {
  const row = (variant: string, impressions: number) => ({
    testType: 't',
    variant,
    variantText: '',
    impressions,
    clicks: 0,
    conversions: 10,
    clickRate: 0,
    conversionRate: (10 / impressions) * 100,
  });
  const day = 86_400_000;
  const windowStart = 100 * day;
  const split = (a: number, changedAt: number | null, rolledOut = false) => ({
    t: { weights: { A: a, B: 100 - a }, rolledOut, changedAt },
  });

  it('checks a 70/30 split against 70/30, not an equal one', () => {
    const rows = [row('A', 1400), row('B', 600)];
    expect(summariseTests(rows)[0]!.srm.mismatch).toBe(true);
    const [test] = summariseTests(rows, split(70, windowStart - day), windowStart);
    expect(test!.srm).toMatchObject({ mismatch: false, expected: { A: 70, B: 30 } });
    expect(test!.srm.pValue).toBeGreaterThan(0.5);
    expect(summariseTests([row('A', 1000), row('B', 1000)], split(70, windowStart - day), windowStart)[0]!.srm.mismatch).toBe(true);
  });

  it('does not check a split that changed within the period, or a rolled-out winner', () => {
    const rows = [row('A', 1400), row('B', 600)];
    const changed = summariseTests(rows, split(70, windowStart + day), windowStart)[0]!.srm;
    expect(changed).toMatchObject({ pValue: null, mismatch: false });
    expect(changed.skipped).toMatch(/^The split changed on \d{4}-\d{2}-\d{2}, within this period/);
    expect(summariseTests(rows, split(0, windowStart - day, true), windowStart)[0]!.srm.skipped).toMatch(/rolled out/);
  });
});

describe('A/B units held in memory on chDB', () => {
  it('reads the stored units from the dictionary only while it holds the run read', async () => {
    // Unit 40 saw B on a closed day and clicks today.
    const db = await createTestClickHouseWithEvents(
      eventRows([popup('ab_impression', 40, 'B', { minutesAgo: 3 * 24 * 60 }), popup('ab_click', 40, 'B')], now),
    );
    try {
      const snapshots = abSnapshots(db.engine);
      const unitsQuery = snapshots.queries[0]!;
      const units = snapshots.dictionary(unitsQuery, 90)!;
      const work: Promise<unknown>[] = [];
      const read = async () => {
        const d = await abTestingDashboard(db, 90, now, { background: (w) => work.push(w) });
        const b = d.conversionRates.find((r) => r.variant === 'B')!;
        return [b.impressions, b.clicks, b.conversions];
      };
      expect(await read()).toEqual([1, 1, 0]); // the whole period
      await Promise.all(work); // the runs are stored and the dictionary loaded
      expect(await read()).toEqual([1, 1, 0]);
      // Unit 40 leaves the table but not the dictionary, which the request reads.
      await db.command('ALTER TABLE ab_unit_flags_closed DELETE WHERE key != 0 SETTINGS mutations_sync = 2');
      expect(await read()).toEqual([1, 1, 0]);
      // Loaded again, the dictionary lacks it: today's click looks like a new unit's, without an exposure.
      await db.command(reloadRunDictionarySql(units));
      expect(await read()).toEqual([1, 0, 0]);
      // A newer run (unit 40 stored again) that the dictionary has not loaded: joined from the table.
      const [status] = await db.query<{ asOf: string; yesterdayFingerprint: string }>(snapshots.status(90));
      const params = { asOf: status!.asOf, fingerprint: BigInt(status!.yesterdayFingerprint), run: randomUUID(), kind: unitsQuery.kind };
      await db.command(snapshots.compute(unitsQuery, 90, 1), params); // through yesterday, the run a request prefers
      await db.command(snapshots.run(90), params);
      expect(await read()).toEqual([1, 1, 0]);
      await db.command(reloadRunDictionarySql(units));
      expect(await read()).toEqual([1, 1, 0]);
      // A dictionary that cannot answer leaves the table to answer.
      await db.command(`DROP DICTIONARY ${units.name}`);
      expect(await read()).toEqual([1, 1, 0]);
    } finally {
      await db.drop();
    }
  });
});
