// The hourly rollup against the visits: every query the planner answers from the rollup gives
// exactly the answer the visits give (every metric it holds, every dimension it keeps, filters,
// time buckets, comparisons), on generated visits some of which were rebuilt as they grew (their
// cancelled versions still stored), over periods whose edges are the owner's midnights in a zone
// that changes its clocks within them. What it cannot answer (visitor counts among it) is read
// from the visits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsQuery } from '@curb/contracts/stats';
import { createTestClickHouse } from '../../../../test/harness.ts';
import { eventRows, type TestEvent } from '../../../../test/events.ts';
import { migrateClickHouse } from '../migrate.ts';
import { buildVisits } from '../visits.ts';
import { ROLLUP_DIMENSIONS, ROLLUP_METRICS } from './rollup.ts';
import { runStats, type StatsContext } from './run.ts';

// New York's clocks go back on 1 November 2026; the periods below span it.
const ZONE = 'America/New_York';
const HOUR = 3_600_000;
const FIRST = Date.parse('2026-10-26T00:00:00Z');
/** "Now", 37 minutes into an hour: today's period ends inside an hour. */
const NOW = Date.parse('2026-11-04T15:37:12Z');

function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(53);
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;

const ORIGINS: Partial<TestEvent>[] = [
  { referrer: 'https://www.google.com/', referrerDomain: 'google.com' },
  { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring', utmContent: 'ad', utmTerm: 'homes' },
  { referrer: 'https://facebook.com/', referrerDomain: 'facebook.com' },
  { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'nov' },
  {},
];
const PATHS = ['/', '/services', '/blog/one', '/marketing-audit'];

/** Visits of 120 visitors over eleven days, many near the owner's midnights; each visit's first events and the rest apart. */
function generate(): [TestEvent[], TestEvent[]] {
  const first: TestEvent[] = [];
  const later: TestEvent[] = [];
  for (let visitor = 1; visitor <= 120; visitor++) {
    const who = {
      device: pick(['mobile', 'desktop', 'tablet', '']),
      browser: pick(['Chrome', 'Safari', '']),
      country: pick(['US', 'GB', '']),
      os: pick(['iOS', 'Windows']),
      screenSize: pick(['Mobile', 'Desktop', '']),
    };
    for (let k = 0; k < 1 + Math.floor(rnd() * 3); k++) {
      const session = `v${visitor}-${k}`;
      // Half the visits start within twenty minutes of a New York midnight (04:00 or 05:00 UTC).
      const day = FIRST + Math.floor(rnd() * 10) * 24 * HOUR;
      let at = rnd() < 0.5 ? day + (4 + Math.floor(rnd() * 2)) * HOUR + Math.floor((rnd() - 0.5) * 40 * 60_000) : day + rnd() * 24 * HOUR;
      const views = 1 + Math.floor(rnd() * 4);
      for (let v = 0; v < views; v++) {
        const event = { visitor, session, ...who, name: 'page_view', at, path: pick(PATHS), ...(v === 0 ? pick(ORIGINS) : {}) };
        (v < 1 ? first : later).push(event);
        at += 1000 + Math.floor(rnd() * 600_000);
      }
      if (rnd() < 0.2) later.push({ visitor, session, ...who, name: 'engaged', at: at + 500 });
    }
  }
  return [first, later];
}

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
const context: StatsContext = { timeZone: ZONE, now: NOW, auditForms: ['inline-audit'] };

beforeAll(async () => {
  ch = await createTestClickHouse();
  await migrateClickHouse(ch);
  // Keep the cancelled versions stored: no merge may collapse them before the queries.
  await ch.command('SYSTEM STOP MERGES visits');
  await ch.command('SYSTEM STOP MERGES visit_hours');
  const [first, later] = generate();
  await ch.insert('events', eventRows(first, NOW));
  await buildVisits(ch, { all: true });
  await ch.insert('events', eventRows(later, NOW));
  await buildVisits(ch, { all: true });
});
afterAll(async () => ch?.drop());

/** The answer read as planned (and the tables it read) and read from the visits alone. */
async function both(query: StatsQuery, zone = ZONE) {
  const read = new Set<string>();
  const planned = await runStats(ch, query, { ...context, timeZone: zone, onRead: (t) => read.add(t) });
  const visits = await runStats(ch, query, { ...context, timeZone: zone, source: 'visits' });
  return { planned, visits, read: [...read].sort() };
}

const METRICS = [...ROLLUP_METRICS] as StatsQuery['metrics'];
const ACROSS_THE_CHANGE: [string, string] = ['2026-10-30', '2026-11-02'];

describe('the hourly rollup', () => {
  it('holds cancelled versions of visits that grew', async () => {
    const [row] = await ch.query<{ cancelled: string }>('SELECT toString(countIf(sign = -1)) AS cancelled FROM visits');
    expect(Number(row!.cancelled)).toBeGreaterThan(50);
  });

  it('answers the top figures and the chart in every time bucket as the visits do', async () => {
    const queries: StatsQuery[] = [
      { metrics: METRICS, date_range: ACROSS_THE_CHANGE, comparison: 'previous_period' },
      ...(['time:hour', 'time:day', 'time:week', 'time:month', 'time'] as const).map(
        (time): StatsQuery => ({ metrics: METRICS, date_range: ACROSS_THE_CHANGE, dimensions: [time] }),
      ),
      { metrics: ['visits', 'pageviews'], date_range: 'day', dimensions: ['time:hour'] },
      { metrics: ['bounce_rate', 'visits'], date_range: '7d', dimensions: ['time:day'], comparison: 'previous_period' },
      { metrics: ['pageviews'], date_range: 'month' },
    ];
    for (const query of queries) {
      const { planned, visits, read } = await both(query);
      expect(read, JSON.stringify(query)).toEqual(['visit_hours']);
      expect(planned, JSON.stringify(query)).toEqual(visits);
    }
    const { planned } = await both(queries[0]!);
    expect(planned.results[0]!.metrics[0]).toBeGreaterThan(20);
  });

  it.each([...ROLLUP_DIMENSIONS])('answers the %s breakdown, filtered on its values, as the visits do', async (dimension) => {
    const breakdown: StatsQuery = {
      metrics: METRICS,
      date_range: ACROSS_THE_CHANGE,
      dimensions: [dimension],
      include: { total_rows: true },
    };
    const first = await both(breakdown);
    expect(first.read).toEqual(['visit_hours']);
    expect(first.planned).toEqual(first.visits);
    const values = first.visits.results.map((r) => r.dimensions[0] as string);
    expect(values.length).toBeGreaterThan(0);
    const some = values.slice(0, 2);
    const queries: StatsQuery[] = [
      { ...breakdown, filters: [['is', dimension, some]] },
      { ...breakdown, filters: [['is_not', dimension, some]], comparison: 'previous_period' },
      {
        metrics: ['visits', 'bounce_rate'],
        date_range: ACROSS_THE_CHANGE,
        filters: [['contains', dimension, [some[0]!.length > 3 ? some[0]!.slice(1, 4) : some[0]!]]],
      },
      {
        metrics: ['visit_duration', 'events'],
        date_range: '7d',
        dimensions: ['time:day', dimension],
        filters: [['contains_not', dimension, ['o']]],
      },
    ];
    for (const query of queries) {
      const { planned, visits, read } = await both(query);
      expect(read, JSON.stringify(query)).toEqual(['visit_hours']);
      expect(planned, JSON.stringify(query)).toEqual(visits);
    }
  });

  it('leaves to the visits what it cannot answer', async () => {
    const queries: Array<[StatsQuery, string?]> = [
      [{ metrics: ['visitors', 'conversion_rate'], date_range: '7d' }],
      [{ metrics: ['visitors'], date_range: '7d', dimensions: ['visit:exit_page'] }],
      [{ metrics: ['visitors'], date_range: '7d', dimensions: ['event:page'] }],
      [{ metrics: ['visitors'], date_range: '7d', dimensions: ['visit:source'], filters: [['is', 'visit:device', ['Mobile']]] }],
      [
        {
          metrics: ['visitors'],
          date_range: '7d',
          filters: [
            ['is', 'visit:device', ['Mobile']],
            ['is', 'visit:source', ['google']],
          ],
        },
      ],
      [{ metrics: ['visitors'], date_range: 'realtime' }],
      // Half-hour offsets: a UTC hour is cut in two of the owner's days.
      [{ metrics: ['visitors'], date_range: ACROSS_THE_CHANGE, dimensions: ['time:day'] }, 'Asia/Kolkata'],
      [{ metrics: ['visitors'], date_range: ['2026-10-03', '2026-10-06'] }, 'Australia/Lord_Howe'],
    ];
    for (const [query, zone] of queries) {
      const { planned, visits, read } = await both(query, zone);
      expect(read, JSON.stringify(query)).toEqual(['visits']);
      expect(planned).toEqual(visits);
    }
  });
});

describe('the hourly rollup after a late event', () => {
  let late: Awaited<ReturnType<typeof createTestClickHouse>>;
  beforeAll(async () => {
    late = await createTestClickHouse();
    await migrateClickHouse(late);
    await late.command('SYSTEM STOP MERGES visits');
  });
  afterAll(async () => late?.drop());

  it('moves the visit to the hour and pages where it now starts and ends', async () => {
    const at = Date.parse('2026-11-03T15:10:00Z');
    const visit = { visitor: 7, session: 'late', name: 'page_view' };
    await late.insert('events', eventRows([{ ...visit, at, path: '/services' }], NOW));
    await buildVisits(late, { all: true });
    // A beacon sent two hours late (the visit began earlier, on another page), then a later page.
    await late.insert('events', eventRows([{ ...visit, at: at - 2 * HOUR, path: '/' }], NOW));
    await buildVisits(late, { all: true });
    await late.insert('events', eventRows([{ ...visit, at: at + 60_000, path: '/contact' }], NOW));
    await buildVisits(late, { all: true });
    for (const dimension of ['visit:entry_page', 'visit:exit_page', 'time:hour'] as const) {
      const query: StatsQuery = { metrics: ['visits', 'pageviews'], date_range: ['2026-11-03', '2026-11-03'], dimensions: [dimension] };
      const read = new Set<string>();
      const planned = await runStats(late, query, { ...context, onRead: (t) => read.add(t) });
      expect([...read]).toEqual(['visit_hours']);
      expect(planned.results).toEqual([
        {
          dimensions: [{ 'visit:entry_page': '/', 'visit:exit_page': '/contact', 'time:hour': '2026-11-03 08:00:00' }[dimension]],
          metrics: [1, 3],
        },
      ]);
      expect(planned).toEqual(await runStats(late, query, { ...context, source: 'visits' }));
    }
  });
});
