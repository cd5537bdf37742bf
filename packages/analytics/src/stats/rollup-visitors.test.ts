// Visitor counts from the hourly rollup's sketches: a period with fewer visits than the planner's
// threshold is counted exactly from the visits; one with more is merged from the sketches, says
// so in the answer's meta, and stays within the sketch's error of the exact count; what the
// sketches cannot answer (filters on two attributes, pages, the exit page, conversions) is still
// read from the visits. Bots are left out and a visitor who refused consent is one visitor per
// day, as everywhere else. Generated visits, some rebuilt as they grew, over a week.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsQuery, StatsResponse } from '@curb/contracts/stats';
import { createTestClickHouse } from '../../../../test/harness.ts';
import { eventRows, type TestEvent } from '../../../../test/events.ts';
import { migrateClickHouse } from '../migrate.ts';
import { buildVisits } from '../visits.ts';
import { APPROXIMATE_FROM, type ApproximateFrom, approximates } from './rollup.ts';
import { runStats, type StatsContext } from './run.ts';

const ZONE = 'America/New_York';
const HOUR = 3_600_000;
/** "Now", 37 minutes into an hour: the hour in progress is read from the visits. */
const NOW = Date.parse('2026-11-04T15:37:12Z');
const WEEK = 7 * 24 * HOUR;
/** Visitors who accepted the tracker's cookie: one id across days. */
const VISITORS = 9000;
/** The sketch's standard error at precision 12 is 1.6 %; three of them. */
const BOUND = 0.05;
/** The threshold these tests put the planner at: the store holds about 12 k visits a week. */
const LOW = { visits: 200, perHour: 20 };

function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(54);
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
const SOURCES = ['google', 'newsletter', 'facebook', ''];

/** Each visitor's visits over the week before NOW (a third come back), each visit's first page view and the rest apart. */
function generate(): [TestEvent[], TestEvent[]] {
  const first: TestEvent[] = [];
  const later: TestEvent[] = [];
  const visit = (visitor: number, session: string, at: number, extra: Partial<TestEvent>) => {
    first.push({ visitor, session, name: 'page_view', at, path: '/', ...extra });
    if (rnd() < 0.3) later.push({ visitor, session, name: 'page_view', at: at + 60_000, path: '/services', ...extra });
  };
  for (let visitor = 1; visitor <= VISITORS; visitor++) {
    const who = { device: pick(['mobile', 'desktop', 'tablet']), utmSource: pick(SOURCES) };
    for (let k = 0; k < (rnd() < 0.3 ? 2 : 1); k++) visit(visitor, `v${visitor}-${k}`, NOW - WEEK + rnd() * (WEEK - HOUR), who);
  }
  // Bots (flagged at ingest), from a source of their own, and visitors who refused consent: their id
  // changes each day, so each of the 40 people seen on three days is three visitors.
  for (let bot = 1; bot <= 300; bot++) visit(100_000 + bot, `bot${bot}`, NOW - rnd() * WEEK, { bot: true, utmSource: 'crawler' });
  for (let person = 1; person <= 40; person++)
    for (let day = 1; day <= 3; day++)
      visit(200_000 + person * 10 + day, `p${person}-${day}`, NOW - day * 24 * HOUR + rnd() * HOUR, { utmSource: 'no-consent' });
  return [first, later];
}

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
const context: StatsContext = { timeZone: ZONE, now: NOW };

beforeAll(async () => {
  ch = await createTestClickHouse();
  await migrateClickHouse(ch);
  // Keep the cancelled versions of the visits that grew: the sketches must not count them twice.
  await ch.command('SYSTEM STOP MERGES visits');
  const [first, later] = generate();
  await ch.insert('events', eventRows(first, NOW));
  await buildVisits(ch, { all: true });
  await ch.insert('events', eventRows(later, NOW));
  await buildVisits(ch, { all: true });
});
afterAll(async () => ch?.drop());

/** The answer as planned with the threshold at `from` visits (and the tables it read), and read from the visits alone. */
async function both(query: StatsQuery, from: ApproximateFrom) {
  const read = new Set<string>();
  const planned = await runStats(ch, query, { ...context, approximateFrom: from, onRead: (t) => read.add(t) });
  const visits = await runStats(ch, query, { ...context, source: 'visits' });
  return { planned, visits, read: [...read].sort() };
}

/**
 * The same rows (in an order the estimates may swap where two rows are close), every metric of
 * each (and of its comparison) within `bound` of the exact answer's, relative to it.
 */
function expectClose(planned: StatsResponse, exact: StatsResponse, bound: number) {
  const what = JSON.stringify(exact.query);
  const byLabel = (answer: StatsResponse) => new Map(answer.results.map((row) => [JSON.stringify(row.dimensions), row]));
  const [got, want] = [byLabel(planned), byLabel(exact)];
  expect(got.size, what).toBe(planned.results.length);
  expect([...got.keys()].sort(), what).toEqual([...want.keys()].sort());
  for (const [label, row] of got) {
    const is = want.get(label)!;
    const pairs = [
      ...row.metrics.map((m, j) => [m, is.metrics[j]]),
      ...(row.comparison?.metrics ?? []).map((m, j) => [m, is.comparison!.metrics[j]]),
    ];
    for (const [a, b] of pairs)
      expect(Math.abs(Number(a) - Number(b)), `${what}, ${label}: ${a} against ${b}`).toBeLessThanOrEqual(bound * Number(b) + 1);
  }
}

const VISITOR_VIEWS: StatsQuery[] = [
  { metrics: ['visitors', 'visits', 'pageviews', 'views_per_visit', 'bounce_rate'], date_range: '7d', comparison: 'previous_period' },
  { metrics: ['visitors'], date_range: '7d', dimensions: ['time:day'] },
  { metrics: ['visitors', 'percentage'], date_range: '7d', dimensions: ['visit:device'] },
  { metrics: ['visitors', 'bounce_rate'], date_range: '7d', dimensions: ['visit:source'], order_by: [['visitors', 'desc']] },
  { metrics: ['visitors'], date_range: '7d', filters: [['is', 'visit:device', ['Mobile', 'Tablet']]] },
  // Hours of two whole days (the hour the clocks go back through twice has two rows of one label,
  // in no set order), and today's, whose hour in progress is counted from the visits.
  {
    metrics: ['visitors'],
    date_range: ['2026-11-02', '2026-11-03'],
    dimensions: ['time:hour'],
    filters: [['is_not', 'visit:source', ['google']]],
  },
  { metrics: ['visitors', 'visits'], date_range: 'day', dimensions: ['time:hour'] },
];

describe('visitor counts from the hourly sketches', () => {
  it('holds more visits an hour than the tests put the threshold at, fewer than the product does', async () => {
    const { planned } = await both({ metrics: ['visits'], date_range: '7d' }, LOW);
    const visits = planned.results[0]!.metrics[0] as number;
    expect(approximates(visits, 7 * 24, LOW)).toBe(true);
    expect(approximates(visits, 7 * 24)).toBe(false);
    // A busier site's week: from the sketches, as any period past the threshold.
    expect(approximates(APPROXIMATE_FROM.visits + APPROXIMATE_FROM.perHour * 7 * 24, 7 * 24)).toBe(true);
    const [row] = await ch.query<{ cancelled: string }>('SELECT toString(countIf(sign = -1)) AS cancelled FROM visits');
    expect(Number(row!.cancelled)).toBeGreaterThan(1000);
  });

  it('counts a period under the threshold exactly, from the visits', async () => {
    for (const query of VISITOR_VIEWS) {
      const { planned, visits, read } = await both(query, APPROXIMATE_FROM);
      expect(read, JSON.stringify(query)).toEqual(['visits']);
      expect(planned).toEqual(visits);
      expect(planned.meta.approximate_metrics).toBeUndefined();
    }
  });

  it('merges a period over the threshold from the sketches, within their error, and says so', async () => {
    let off = 0;
    for (const query of VISITOR_VIEWS) {
      const { planned, visits, read } = await both(query, LOW);
      expect(read, JSON.stringify(query)).toEqual(['visit_hours']);
      expect(planned.meta.approximate_metrics).toEqual(query.metrics.filter((m) => m === 'visitors' || m === 'percentage'));
      expectClose(planned, visits, BOUND);
      // The sums beside the visitors stay exact.
      if (query.metrics.includes('visits')) expect(planned.results[0]!.metrics[1]).toBe(visits.results[0]!.metrics[1]);
      off = Math.max(off, Math.abs((planned.results[0]!.metrics[0] as number) - (visits.results[0]!.metrics[0] as number)));
    }
    // Over thousands of visitors the sketch estimates: it is not the exact count by accident.
    expect(off).toBeGreaterThan(0);
    const [week] = (await both(VISITOR_VIEWS[0]!, LOW)).visits.results;
    expect(week!.metrics[0]).toBeGreaterThan(VISITORS * 0.95);
  });

  it('leaves out bots and counts a visitor without consent once a day, as the visits do', async () => {
    const { planned, read } = await both({ metrics: ['visitors'], date_range: '7d', dimensions: ['visit:source'] }, LOW);
    expect(read).toEqual(['visit_hours']);
    const bySource = Object.fromEntries(planned.results.map((r) => [r.dimensions[0], r.metrics[0]]));
    expect(bySource.crawler).toBeUndefined();
    // A few hundred visitors: the sketch still holds them one by one.
    expect(bySource['no-consent']).toBe(120);
  });

  it('reads the visits for what the sketches cannot answer, whatever the size', async () => {
    const queries: StatsQuery[] = [
      { metrics: ['visitors'], date_range: '7d', dimensions: ['visit:source'], filters: [['is', 'visit:device', ['Mobile']]] },
      {
        metrics: ['visitors'],
        date_range: '7d',
        filters: [
          ['is', 'visit:device', ['Mobile']],
          ['is', 'visit:source', ['google']],
        ],
      },
      { metrics: ['visitors'], date_range: '7d', filters: [['contains', 'event:page', ['/services']]] },
      { metrics: ['visitors', 'pageviews'], date_range: '7d', dimensions: ['event:page'] },
      { metrics: ['visitors'], date_range: '7d', dimensions: ['visit:exit_page'] },
      { metrics: ['visitors', 'conversion_rate'], date_range: '7d' },
      { metrics: ['visitors'], date_range: 'realtime' },
    ];
    for (const query of queries) {
      const { planned, visits, read } = await both(query, LOW);
      expect(read, JSON.stringify(query)).toEqual(['visits']);
      expect(planned).toEqual(visits);
    }
  });
});
