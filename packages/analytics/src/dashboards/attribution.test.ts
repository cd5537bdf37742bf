// Lead attribution on chDB against a plain computation over the same generated events and leads,
// without and under the Traffic page's filters (bots and visitors who refused consent included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTION_DIMENSIONS, TOUCH_MODELS, UNTRACKED } from '@curb/contracts/traffic-attribution';
import { type createTestClickHouse, createTestClickHouseWithEvents } from '../../../../test/harness.ts';
import { type AttributedLead, attributeLeads, leadJourneyEvents, leadTouches } from './attribution.ts';
import { eventRows, holdClock, type TestEvent } from '../../../../test/events.ts';
import { visitFilters } from '../stats/run.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
const now = holdClock();
const MIN = 60_000;

// A small deterministic generator, so a failure can be replayed.
let seed = 40;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;

// Each generated entry with the channel and source the Traffic page gives it.
const ENTRIES: Array<{
  entry: Pick<TestEvent, 'referrerDomain' | 'utmSource' | 'utmMedium' | 'utmCampaign'>;
  channel: string;
  source: string;
}> = [
  { entry: {}, channel: 'Direct', source: 'Direct / None' },
  { entry: { referrerDomain: 'www.google.com' }, channel: 'Organic Search', source: 'www.google.com' },
  { entry: { referrerDomain: 'facebook.com' }, channel: 'Organic Social', source: 'facebook.com' },
  { entry: { referrerDomain: 'realtor-blog.example' }, channel: 'Referral', source: 'realtor-blog.example' },
  { entry: { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'spring' }, channel: 'Email', source: 'newsletter' },
  { entry: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'listings' }, channel: 'Paid Search', source: 'google' },
];
const PAGES = ['/', '/services', '/blog/staging', '/marketing-audit', '/case-studies/one'];

const DEVICES = [
  { device: 'mobile', label: 'Mobile' },
  { device: 'desktop', label: 'Desktop' },
  { device: 'tablet', label: 'Tablet' },
];
const COUNTRIES = ['US', 'GB', 'DE', ''];

/** A generated page view, with what the Traffic page's filters read of its visit. */
interface View extends TestEvent {
  session: string;
  channel: string;
  source: string;
}

const events: TestEvent[] = [];
const leads: AttributedLead[] = [];
let minute = 0;
let visitorId = 1;

/** One visit of 1 to 3 page views from one entry, starting `start` minutes ago (5 % of them a bot's). */
function visit(visitor: number, session: string, start: number): void {
  const { entry, channel, source } = pick(ENTRIES);
  const { device } = pick(DEVICES);
  const country = pick(COUNTRIES);
  const bot = rand() < 0.05;
  for (let p = 0; p < 1 + Math.floor(rand() * 3); p++) {
    const view: View = {
      name: 'page_view',
      visitor,
      session,
      minutesAgo: start - p,
      path: pick(PAGES),
      bot,
      device,
      country,
      channel,
      source,
      ...entry,
    };
    events.push(view);
  }
}

for (let l = 0; l < 60; l++) {
  const email = `lead${l}@example.com`;
  const createdMinutesAgo = 1000 + Math.floor(rand() * 20_000);
  if (l % 10 === 9) {
    // Refused consent: the visitor id changes every day, so only the day the address was given
    // (a visit then, and the submit) is tied to the lead; its earlier days are someone else's.
    for (let day = 3; day >= 0; day--) {
      const visitor = visitorId++;
      visit(visitor, `s-${visitor}-0`, createdMinutesAgo + day * 1440 + 30 + ++minute * 1e-3);
      if (day === 0) events.push({ name: 'form_submit', visitor, session: `s-${visitor}-0`, minutesAgo: createdMinutesAgo, email });
    }
  } else {
    // 0 to 3 devices; 0 means the lead's visits were never recorded.
    const devices = Math.floor(rand() * 4);
    for (let d = 0; d < devices; d++) {
      const visitor = visitorId++;
      const visits = 1 + Math.floor(rand() * 3);
      // Visits on each side of the lead's creation; every time is distinct.
      for (let v = 0; v < visits; v++)
        visit(visitor, `s-${visitor}-${v}`, createdMinutesAgo + 3000 - Math.floor(rand() * 5000) + ++minute * 1e-3);
      // The device says who it is (a form or a mail open) in a visit of its own; without it the device is not the lead's.
      if (rand() < 0.85) events.push({ name: 'form_submit', visitor, session: `s-${visitor}-lead`, minutesAgo: createdMinutesAgo, email });
      if (rand() < 0.3)
        events.push({ name: 'consultation_booked', visitor, session: `s-${visitor}-lead`, minutesAgo: createdMinutesAgo - 5 });
    }
  }
  leads.push({
    email,
    createdAt: now - createdMinutesAgo * MIN,
    auditRequested: rand() < 0.7,
    reportOpened: rand() < 0.4,
    emailOpened: rand() < 0.5,
  });
}
// A bot that submits with a lead's address ties nothing to it.
events.push({ name: 'form_submit', visitor: 9999, email: 'lead1@example.com', bot: true, minutesAgo: 10 });
events.push({ name: 'page_view', visitor: 9999, referrerDomain: 'spam.example', bot: true, minutesAgo: 11 });

type Filters = Array<[op: 'is' | 'is_not' | 'contains' | 'contains_not', dimension: string, values: string[]]>;

/** What a filter reads of a visit (its page views, first first), as docs/traffic-metrics.md defines it. */
const visitValue: Record<string, (views: View[]) => string[]> = {
  'visit:source': (vs) => [vs[0]!.source],
  'visit:channel': (vs) => [vs[0]!.channel],
  'visit:device': (vs) => [DEVICES.find((d) => d.device === vs[0]!.device)!.label],
  'visit:country': (vs) => [vs[0]!.country || '(not set)'],
  'visit:entry_page': (vs) => [vs[0]!.path!],
  'visit:utm_campaign': (vs) => [vs[0]!.utmCampaign ?? ''],
  'event:page': (vs) => vs.map((v) => v.path!),
};

/** Whether the visit is one `filters` keep: every filter holds (an event filter: for one of its page views). */
function keeps(views: View[], filters: Filters): boolean {
  return filters.every(([op, dimension, values]) => {
    const found = visitValue[dimension]!(views);
    const hit = (v: string) =>
      op === 'is' || op === 'is_not' ? values.includes(v) : values.some((x) => v.toLowerCase().includes(x.toLowerCase()));
    return dimension.startsWith('event:')
      ? found.some((v) => (op.endsWith('not') ? !hit(v) : hit(v)))
      : op.endsWith('not')
        ? !hit(found[0]!)
        : hit(found[0]!);
  });
}

/** The definition, computed plainly over the generated events. */
function expected(model: 'first' | 'last', dimension: (typeof ATTRIBUTION_DIMENSIONS)[number], filters: Filters = []) {
  const rows = new Map<
    string,
    { leads: number; auditRequests: number; reportsOpened: number; emailsOpened: number; consultations: number }
  >();
  for (const lead of leads) {
    const ids = new Set(events.filter((e) => !e.bot && e.email === lead.email).map((e) => e.visitor));
    const visits = new Map<string, View[]>();
    for (const e of events.filter((e): e is View => !e.bot && e.name === 'page_view' && ids.has(e.visitor))) {
      visits.set(e.session, [...(visits.get(e.session) ?? []), e]);
    }
    const entries = [...visits.values()]
      .map((vs) => vs.sort((a, b) => (b.minutesAgo ?? 0) - (a.minutesAgo ?? 0)))
      .map((vs) => ({ e: vs[0]!, views: vs, at: now - (vs[0]!.minutesAgo ?? 0) * MIN }))
      .sort((a, b) => a.at - b.at);
    const before = entries.filter((x) => x.at <= lead.createdAt);
    const touch = model === 'first' ? entries[0] : (before.at(-1) ?? entries[0]);
    // Under filters a lead counts only when its touch is a visit they keep.
    if (filters.length && !(touch && keeps(touch.views, filters))) continue;
    let value = UNTRACKED;
    if (touch) {
      value = {
        channel: touch.e.channel,
        source: touch.e.source,
        campaign: touch.e.utmCampaign || '(no campaign)',
        landing_page: touch.e.path ?? '/',
      }[dimension];
    }
    const consulted = events.some((e) => !e.bot && e.name === 'consultation_booked' && ids.has(e.visitor));
    const row = rows.get(value) ?? { leads: 0, auditRequests: 0, reportsOpened: 0, emailsOpened: 0, consultations: 0 };
    rows.set(value, row);
    row.leads++;
    row.auditRequests += Number(lead.auditRequested);
    row.reportsOpened += Number(lead.reportOpened);
    row.emailsOpened += Number(lead.emailOpened);
    row.consultations += Number(consulted);
  }
  return [...rows].map(([value, counts]) => ({ value, ...counts })).sort((a, b) => b.leads - a.leads || a.value.localeCompare(b.value));
}

beforeAll(async () => {
  ch = await createTestClickHouseWithEvents(eventRows(events, now));
});
afterAll(() => ch.drop());

describe('lead attribution', () => {
  it('matches the plain computation for every touch model and dimension', async () => {
    const touches = await leadTouches(ch, leads);
    for (const model of TOUCH_MODELS) {
      for (const dimension of ATTRIBUTION_DIMENSIONS) {
        const { rows, totals } = attributeLeads(leads, touches, model, dimension);
        expect(rows, `${model} touch by ${dimension}`).toEqual(expected(model, dimension));
        expect(totals.leads).toBe(leads.length);
      }
    }
  });

  it('tells first from last touch and puts untracked leads apart', async () => {
    const touches = await leadTouches(ch, leads);
    const first = attributeLeads(leads, touches, 'first', 'channel').rows;
    const last = attributeLeads(leads, touches, 'last', 'channel').rows;
    // The generated leads come back over several channels, so the models must disagree somewhere.
    expect(first).not.toEqual(last);
    expect(first.find((r) => r.value === UNTRACKED)?.leads).toBeGreaterThan(0);
  });
});

describe("lead attribution under the Traffic page's filters", () => {
  const FILTER_SETS: Filters[] = [
    [['is', 'visit:source', ['www.google.com', 'newsletter']]],
    [['is_not', 'visit:channel', ['Direct']]],
    [['contains', 'visit:utm_campaign', ['SPR']]],
    [['contains', 'event:page', ['blog']]],
    [['is_not', 'event:page', ['/']]],
    [['is', 'visit:entry_page', ['/services']]],
    [
      ['is_not', 'visit:channel', ['Direct']],
      ['is', 'visit:device', ['Mobile', 'Tablet']],
      ['contains_not', 'visit:country', ['de']],
    ],
    [
      ['is', 'event:page', ['/services', '/marketing-audit']],
      ['contains', 'visit:country', ['u', 'g']],
    ],
  ];

  it('counts a lead when its first or last touch is a visit the filters keep, as the plain computation does', async () => {
    for (const filters of FILTER_SETS) {
      const touches = await leadTouches(ch, leads, visitFilters(filters));
      for (const model of TOUCH_MODELS) {
        for (const dimension of ATTRIBUTION_DIMENSIONS) {
          const { rows, totals } = attributeLeads(leads, touches, model, dimension);
          const want = expected(model, dimension, filters);
          expect(rows, `${model} touch by ${dimension} under ${JSON.stringify(filters)}`).toEqual(want);
          expect(totals.leads).toBe(want.reduce((n, r) => n + r.leads, 0));
        }
      }
    }
  });

  it('narrows, leaves untracked leads out and can tell first from last touch', async () => {
    const source = [['is', 'visit:source', ['www.google.com']]] satisfies Filters;
    const touches = await leadTouches(ch, leads, visitFilters(source));
    const first = attributeLeads(leads, touches, 'first', 'source');
    const last = attributeLeads(leads, touches, 'last', 'source');
    for (const { rows, totals } of [first, last]) {
      expect(rows.map((r) => r.value)).toEqual(['www.google.com']);
      expect(totals.leads).toBeGreaterThan(0);
      expect(totals.leads).toBeLessThan(leads.length / 2);
    }
    expect(first.totals).not.toEqual(last.totals);
    // A filter nothing matches keeps no lead; one every visit matches keeps every tracked lead.
    const none = await leadTouches(ch, leads, visitFilters([['is', 'visit:source', ['nowhere.example']]]));
    expect(attributeLeads(leads, none, 'first', 'channel').totals.leads).toBe(0);
    const all = await leadTouches(ch, leads, visitFilters([['is_not', 'visit:source', ['nowhere.example']]]));
    const tracked = attributeLeads(leads, await leadTouches(ch, leads), 'first', 'channel').rows.filter((r) => r.value !== UNTRACKED);
    expect(attributeLeads(leads, all, 'first', 'channel').rows).toEqual(tracked);
  });

  it('refuses a filter the stats layer refuses, naming it', () => {
    expect(() => visitFilters([['is', 'visit:shoe', ['x']]])).toThrow(/cannot filter on "visit:shoe"/);
    expect(() => visitFilters([['has', 'visit:source', ['x']]])).toThrow(/unknown operator "has"/);
    expect(visitFilters([])).toBeNull();
  });
});

describe('lead journey', () => {
  it("lists a lead's visits oldest first with their pages in order", async () => {
    const lead = leads.find((l) => events.some((e) => e.email === l.email && !e.bot))!;
    const ids = new Set(events.filter((e) => !e.bot && e.email === lead.email).map((e) => e.visitor));
    const sessions = new Set(events.filter((e) => !e.bot && e.name === 'page_view' && ids.has(e.visitor)).map((e) => e.session));
    const { visits } = await leadJourneyEvents(ch, lead.email);
    expect(visits.length).toBe(sessions.size);
    const starts = visits.map((v) => v.startedAt);
    expect(starts).toEqual([...starts].sort());
    for (const v of visits) {
      expect(v.pages.map((p) => p.at)).toEqual(v.pages.map((p) => p.at).sort());
      expect(v.landingPage).toBe(v.pages[0]!.path);
    }
  });
});
