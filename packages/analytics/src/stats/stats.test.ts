// The stats layer against a plain JavaScript computation over the same generated events: each
// metric, a spread of dimensions and filters, the owner's time zone, and the comparison.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsQuery } from '@curb/contracts/stats';
import { type createTestClickHouse, createTestClickHouseWithEvents } from '../../../../test/harness.ts';
import { eventRows, type TestEvent } from '../../../../test/events.ts';
import { runStats } from './run.ts';

const ZONE = 'America/New_York';
const NOW = Date.now();
const HOUR = 3_600_000;
const AUDIT_FORMS = ['inline-audit'];

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be reproduced. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(40);
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;

// Where a visit comes from, and the channel and source each is known to be.
const ORIGINS = [
  { e: { referrer: 'https://www.google.com/', referrerDomain: 'google.com' }, channel: 'Organic Search', source: 'google.com' },
  { e: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring' }, channel: 'Paid Search', source: 'google' },
  { e: { referrer: 'https://facebook.com/', referrerDomain: 'facebook.com' }, channel: 'Organic Social', source: 'facebook.com' },
  {
    e: { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'nov', utmContent: 'top', utmTerm: 'homes' },
    channel: 'Email',
    source: 'newsletter',
  },
  { e: { referrer: 'https://example.org/post', referrerDomain: 'example.org' }, channel: 'Referral', source: 'example.org' },
  { e: {}, channel: 'Direct', source: 'Direct / None' },
] as const;
const PATHS = ['/', '/services', '/blog/one', '/blog/two', '/marketing-audit', '/about'];

interface Generated extends TestEvent {
  at: number;
  session: string;
  origin: number;
}

function generate(): Generated[] {
  const events: Generated[] = [];
  for (let visitor = 1; visitor <= 150; visitor++) {
    const bot = rnd() < 0.05;
    const device = { device: pick(['mobile', 'desktop', 'tablet']), browser: pick(['Chrome', 'Safari', 'Firefox']) };
    const place = {
      country: pick(['US', 'GB', 'DE', '']),
      os: pick(['iOS', 'Windows', 'macOS']),
      screenSize: pick(['Mobile', 'Laptop', 'Desktop']),
    };
    const sessions = 1 + Math.floor(rnd() * 3);
    for (let k = 0; k < sessions; k++) {
      const session = `v${visitor}-${k}`;
      const origin = Math.floor(rnd() * ORIGINS.length);
      let at = NOW - Math.floor(rnd() * 9 * 24 * HOUR) - HOUR;
      const base = { visitor, session, origin, bot, ...device, ...place };
      const views = 1 + Math.floor(rnd() * 4);
      for (let v = 0; v < views; v++) {
        events.push({ ...base, name: 'page_view', at, path: pick(PATHS), ...(v === 0 ? ORIGINS[origin]!.e : {}) });
        at += 1000 + Math.floor(rnd() * 90_000);
      }
      const last = () => events[events.length - 1]!.path;
      if (rnd() < 0.2) events.push({ ...base, name: 'engaged', at: (at += 500), path: last() });
      if (rnd() < 0.15)
        events.push({ ...base, name: 'form_submit', at: (at += 500), path: last(), form: pick(['inline-audit', 'contact-form']) });
      if (rnd() < 0.12) events.push({ ...base, name: 'lead', at: (at += 500), path: last() });
      if (rnd() < 0.06) events.push({ ...base, name: 'consultation_booked', at: (at += 500), path: last() });
    }
  }
  // An e-mail opened in a mail client: an event, not a visit.
  events.push({ name: 'email_open', visitor: 999, session: '', origin: 5, at: NOW - 2 * HOUR });
  return events.map((e) => ({ ...e, minutesAgo: undefined }));
}

const EVENTS = generate();

// ---- The reference: the definitions of docs/traffic-metrics.md, written out plainly. ----

interface Visit {
  key: string;
  visitor: number;
  events: Generated[];
  pageviews: number;
  bounce: boolean;
  duration: number;
  lead: boolean;
  audit: boolean;
  consultation: boolean;
  first: Generated;
  entry: string;
  exit: string;
}

const dayIn = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const isAudit = (e: Generated) => e.name === 'form_submit' && AUDIT_FORMS.includes(e.form ?? '');

/** The visits that started in [from, to) with all their events (in realtime: those active in it). */
function visitsIn(from: number, to: number, active = false): Visit[] {
  const bySession = new Map<string, Generated[]>();
  for (const e of EVENTS) {
    if (e.bot) continue;
    const key = e.session || `${e.visitor}|${new Date(e.at).toISOString().slice(0, 10)}`;
    bySession.set(key, [...(bySession.get(key) ?? []), e]);
  }
  const visits: Visit[] = [];
  for (const [key, events] of bySession) {
    events.sort((a, b) => a.at - b.at);
    const views = events.filter((e) => e.name === 'page_view');
    if (views.length === 0) continue;
    const at = active ? events[events.length - 1]!.at : events[0]!.at;
    if (at < from || (active ? events[0]!.at : at) >= to) continue;
    visits.push({
      key,
      visitor: events[0]!.visitor,
      events,
      pageviews: views.length,
      bounce: views.length === 1 && !events.some((e) => e.name === 'engaged'),
      duration: (events[events.length - 1]!.at - events[0]!.at) / 1000,
      lead: events.some((e) => e.name === 'lead'),
      audit: events.some(isAudit),
      consultation: events.some((e) => e.name === 'consultation_booked'),
      first: events[0]!,
      entry: views[0]!.path!,
      exit: views[views.length - 1]!.path!,
    });
  }
  return visits;
}

const GOALS: Record<string, (e: Generated) => boolean> = {
  Lead: (e) => e.name === 'lead',
  'Audit request': isAudit,
  'Consultation booked': (e) => e.name === 'consultation_booked',
};
const DEVICES: Record<string, string> = { mobile: 'Mobile', desktop: 'Desktop', tablet: 'Tablet' };
const VISIT_VALUE: Record<string, (v: Visit) => string> = {
  'visit:source': (v) => ORIGINS[v.first.origin]!.source,
  'visit:channel': (v) => ORIGINS[v.first.origin]!.channel,
  'visit:utm_campaign': (v) => v.first.utmCampaign ?? '',
  'visit:utm_term': (v) => v.first.utmTerm ?? '',
  'visit:entry_page': (v) => v.entry,
  'visit:exit_page': (v) => v.exit,
  'visit:device': (v) => DEVICES[v.first.device!]!,
  'visit:browser': (v) => v.first.browser!,
  'visit:country': (v) => v.first.country || '(not set)',
  'visit:os': (v) => v.first.os!,
  'visit:screen_size': (v) => v.first.screenSize!,
  // A visit counts in the day it started.
  'time:day': (v) => dayIn(v.first.at),
};
const EVENT_VALUES: Record<string, (e: Generated) => string[]> = {
  'event:page': (e) => [e.path!],
  'event:goal': (e) => Object.keys(GOALS).filter((g) => GOALS[g]!(e)),
};

function matches(op: string, value: string, values: string[]) {
  const contains = values.some((v) => value.toLowerCase().includes(v.toLowerCase()));
  return { is: values.includes(value), is_not: !values.includes(value), contains, contains_not: !contains }[op]!;
}

function reference(query: StatsQuery, from: number, to: number): Map<string, number[]> {
  const dims = query.dimensions ?? [];
  const filters = query.filters ?? [];
  const units = new Map<string, { dims: string[]; visit: Visit; pv: number; ev: number }>();
  for (const visit of visitsIn(from, to, query.date_range === 'realtime')) {
    if (!filters.every(([op, d, values]) => !VISIT_VALUE[d] || matches(op, VISIT_VALUE[d]!(visit), values))) continue;
    const visitDims = dims.map((d) => VISIT_VALUE[d]?.(visit));
    if (dims.some((d, i) => d.startsWith('visit:utm_') && visitDims[i] === '')) continue;
    for (const e of visit.events) {
      if (dims.includes('event:page') && e.name !== 'page_view') continue;
      if (!filters.every(([op, d, values]) => d !== 'event:page' || matches(op, e.path!, values))) continue;
      let keys: string[][] = [[]];
      dims.forEach((d, i) => {
        const values = VISIT_VALUE[d] ? [visitDims[i]!] : EVENT_VALUES[d]!(e);
        keys = keys.flatMap((k) => values.map((v) => [...k, v]));
      });
      for (const k of keys) {
        const id = JSON.stringify([k, visit.key]);
        const unit = units.get(id) ?? { dims: k, visit, pv: 0, ev: 0 };
        unit.pv += e.name === 'page_view' ? 1 : 0;
        unit.ev += 1;
        units.set(id, unit);
      }
    }
  }
  const groups = new Map<string, Array<{ visit: Visit; pv: number; ev: number }>>();
  for (const u of units.values()) groups.set(JSON.stringify(u.dims), [...(groups.get(JSON.stringify(u.dims)) ?? []), u]);
  // A share is of every visitor under the filters, whatever the dimensions leave out.
  const allVisitors = dims.length ? reference({ ...query, dimensions: [], metrics: ['visitors'] }, from, to).get('[]')![0]! : 0;
  const out = new Map<string, number[]>();
  for (const [key, list] of groups) {
    const visitors = new Set(list.map((u) => u.visit.visitor)).size;
    const who = (f: (v: Visit) => boolean) => new Set(list.filter((u) => f(u.visit)).map((u) => u.visit.visitor)).size;
    const visits = list.length;
    const pageviews = list.reduce((s, u) => s + u.pv, 0);
    const figures: Record<string, number> = {
      visitors,
      visits,
      pageviews,
      events: list.reduce((s, u) => s + u.ev, 0),
      views_per_visit: Math.round((pageviews / visits) * 100) / 100,
      bounce_rate: Math.round((100 * list.filter((u) => u.visit.bounce).length) / visits),
      visit_duration: Math.round(list.reduce((s, u) => s + u.visit.duration, 0) / visits),
      leads: who((v) => v.lead),
      audit_requests: who((v) => v.audit),
      consultations: who((v) => v.consultation),
      conversion_rate: dims.includes('event:goal')
        ? Math.round((10_000 * visitors) / new Set(visitsIn(from, to).map((v) => v.visitor)).size) / 100
        : Math.round((10_000 * who((v) => v.lead || v.audit || v.consultation)) / visitors) / 100,
      percentage: Math.round((1000 * visitors) / allVisitors) / 10,
    };
    out.set(
      key,
      query.metrics.map((m) => figures[m]!),
    );
  }
  return out;
}

// ---- The tests ----

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
beforeAll(async () => {
  ch = await createTestClickHouseWithEvents(eventRows(EVENTS, NOW));
});
afterAll(() => ch.drop());

const ALL = [
  'visitors',
  'visits',
  'pageviews',
  'events',
  'views_per_visit',
  'bounce_rate',
  'visit_duration',
  'leads',
  'audit_requests',
  'consultations',
  'conversion_rate',
];
const context = { timeZone: ZONE, now: NOW, auditForms: AUDIT_FORMS };

/** The start of the owner's day `daysBack` days before today, as the reference computes it. */
function zoneDayStart(daysBack: number): number {
  const today = dayIn(NOW);
  // Walk back by hours until the owner's calendar says the wanted day has begun.
  const want = new Date(Date.parse(`${today}T00:00:00Z`) - daysBack * 86_400_000).toISOString().slice(0, 10);
  let t = Date.parse(`${want}T00:00:00Z`) - 14 * HOUR;
  while (dayIn(t) < want) t += 60_000;
  return t;
}

async function compare(query: StatsQuery, from: number, to: number) {
  const answer = await runStats(ch, query, context);
  const expected = reference(query, from, to);
  const got = new Map(answer.results.map((r) => [JSON.stringify(r.dimensions), r.metrics]));
  expect(Object.fromEntries(got)).toEqual(Object.fromEntries(expected));
  return answer;
}

describe('stats against the definitions', () => {
  const week = () => [zoneDayStart(6), NOW + 1] as const;

  it('answers every top figure over 7 days in the owner time zone', async () => {
    const answer = await compare({ metrics: ALL, date_range: '7d' }, ...week());
    expect(answer.results[0]!.metrics[0]).toBeGreaterThan(50);
    expect(answer.meta.time_zone).toBe(ZONE);
  });

  it.each([
    'visit:source',
    'visit:channel',
    'visit:device',
    'visit:browser',
    'visit:country',
    'visit:os',
    'visit:screen_size',
    'visit:utm_campaign',
    'visit:utm_term',
    'visit:entry_page',
    'visit:exit_page',
    'event:page',
    'time:day',
  ])('breaks every metric down by %s', async (dimension) => {
    await compare({ metrics: [...ALL, 'percentage'], date_range: '7d', dimensions: [dimension] }, ...week());
  });

  it('counts goals with their conversion rate against every visitor', async () => {
    await compare({ metrics: ['visitors', 'events', 'conversion_rate'], date_range: '7d', dimensions: ['event:goal'] }, ...week());
  });

  it.each([
    [[['is', 'visit:source', ['google.com', 'newsletter']]]],
    [[['is_not', 'visit:device', ['Mobile']]]],
    [[['contains', 'event:page', ['BLOG']]]],
    [
      [
        ['contains_not', 'event:page', ['blog']],
        ['is', 'visit:channel', ['Direct', 'Email']],
        ['is', 'visit:country', ['US', 'GB']],
      ],
    ],
  ])('filters by %j', async (filters) => {
    for (const dimensions of [[], ['visit:source'], ['event:page'], ['time:day']]) {
      await compare({ metrics: ALL, date_range: '7d', dimensions, filters } as StatsQuery, ...week());
    }
  });

  it('breaks pages down from their views alone when no visit figure is asked for', async () => {
    for (const filters of [[], [['contains', 'event:page', ['blog']]]]) {
      const query = {
        metrics: ['visitors', 'visits', 'pageviews', 'views_per_visit'],
        date_range: '7d',
        dimensions: ['event:page'],
        filters,
      };
      await compare(query as StatsQuery, ...week());
    }
  });

  it('breaks down by two dimensions at once', async () => {
    await compare(
      { metrics: ['visitors', 'pageviews', 'bounce_rate'], date_range: '7d', dimensions: ['visit:channel', 'event:page'] },
      ...week(),
    );
  });

  it('reads a custom range and yesterday as whole days in the owner time zone', async () => {
    const first = dayIn(zoneDayStart(5));
    const last = dayIn(zoneDayStart(2));
    await compare({ metrics: ALL, date_range: [first, last] }, zoneDayStart(5), zoneDayStart(1));
    await compare(
      { metrics: ['visitors', 'pageviews'], date_range: 'yesterday', dimensions: ['visit:source'] },
      zoneDayStart(1),
      zoneDayStart(0),
    );
  });

  it('compares with the previous period, row by row', async () => {
    const answer = await runStats(
      ch,
      { metrics: ['visitors', 'bounce_rate'], date_range: '7d', dimensions: ['visit:channel'], comparison: 'previous_period' },
      context,
    );
    const before = reference(
      { metrics: ['visitors', 'bounce_rate'], date_range: '7d', dimensions: ['visit:channel'] },
      zoneDayStart(13),
      zoneDayStart(7) + (NOW + 1 - zoneDayStart(0)),
    );
    for (const row of answer.results) {
      const was = before.get(JSON.stringify(row.dimensions)) ?? [0, 0];
      expect(row.comparison!.metrics).toEqual(was);
      const [visitors, bounce] = row.metrics as number[];
      expect(row.comparison!.change[0]).toBe(was[0] ? Math.round((100 * (visitors! - was[0]!)) / was[0]!) : visitors ? null : 0);
      expect(row.comparison!.change[1]).toBe(Math.round((bounce! - was[1]!) * 10) / 10);
    }
    expect(answer.meta.comparison_date_range).toEqual([dayIn(zoneDayStart(13)), dayIn(zoneDayStart(7))]);
  });

  it('orders, pages and counts the rows', async () => {
    const all = await runStats(
      ch,
      { metrics: ['pageviews'], date_range: '7d', dimensions: ['event:page'], include: { total_rows: true } },
      context,
    );
    const views = all.results.map((r) => r.metrics[0] as number);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(all.meta.total_rows).toBe(PATHS.length);
    const page = await runStats(
      ch,
      {
        metrics: ['pageviews'],
        date_range: '7d',
        dimensions: ['event:page'],
        order_by: [['event:page', 'asc']],
        pagination: { limit: 2, offset: 2 },
      },
      context,
    );
    expect(page.results.map((r) => r.dimensions[0])).toEqual([...PATHS].sort().slice(2, 4));
  });

  it('shows a beacon of the last 30 minutes in realtime, and nothing older', async () => {
    const answer = await runStats(ch, { metrics: ['visitors'], date_range: 'realtime' }, context);
    const expected = reference({ metrics: ['visitors'], date_range: 'realtime' }, NOW - 30 * 60_000, NOW + 1);
    expect(answer.results[0]!.metrics).toEqual(expected.get('[]') ?? [0]);
  });
});
