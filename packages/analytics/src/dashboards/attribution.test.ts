// Lead attribution on chDB against a plain computation over the same generated events and leads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTION_DIMENSIONS, TOUCH_MODELS, UNTRACKED } from '@curb/contracts/traffic-attribution';
import { type createTestClickHouse, createTestClickHouseWithEvents } from '../../../../test/harness.ts';
import { type AttributedLead, attributeLeads, leadJourneyEvents, leadTouches } from './attribution.ts';
import { eventRows, holdClock, type TestEvent } from '../../../../test/events.ts';

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

const events: TestEvent[] = [];
const leads: AttributedLead[] = [];
let minute = 0;
let visitorId = 1;
for (let l = 0; l < 40; l++) {
  const email = `lead${l}@example.com`;
  // 0 to 3 devices; 0 means the lead's visits were never recorded.
  const devices = Math.floor(rand() * 4);
  const createdMinutesAgo = 1000 + Math.floor(rand() * 20_000);
  for (let d = 0; d < devices; d++) {
    const visitor = visitorId++;
    const visits = 1 + Math.floor(rand() * 3);
    for (let v = 0; v < visits; v++) {
      // Visits on each side of the lead's creation; every time is distinct.
      const start = createdMinutesAgo + 3000 - Math.floor(rand() * 5000) + ++minute * 1e-3;
      const { entry } = pick(ENTRIES);
      const session = `s-${visitor}-${v}`;
      const bot = rand() < 0.05;
      for (let p = 0; p < 1 + Math.floor(rand() * 3); p++)
        events.push({ name: 'page_view', visitor, session, minutesAgo: start - p, path: pick(PAGES), bot, ...entry });
    }
    // The device says who it is (a form or a mail open); without it the device is not the lead's.
    if (rand() < 0.85) events.push({ name: 'form_submit', visitor, session: `s-${visitor}-0`, minutesAgo: createdMinutesAgo, email });
    if (rand() < 0.3) events.push({ name: 'consultation_booked', visitor, session: `s-${visitor}-0`, minutesAgo: createdMinutesAgo - 5 });
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

/** The definition, computed plainly over the generated events. */
function expected(model: 'first' | 'last', dimension: (typeof ATTRIBUTION_DIMENSIONS)[number]) {
  const rows = new Map<
    string,
    { leads: number; auditRequests: number; reportsOpened: number; emailsOpened: number; consultations: number }
  >();
  for (const lead of leads) {
    const ids = new Set(events.filter((e) => !e.bot && e.email === lead.email).map((e) => e.visitor));
    const visits = new Map<string, TestEvent[]>();
    for (const e of events.filter((e) => !e.bot && e.name === 'page_view' && ids.has(e.visitor))) {
      visits.set(e.session!, [...(visits.get(e.session!) ?? []), e]);
    }
    const entries = [...visits.values()]
      .map((vs) => vs.reduce((a, b) => ((a.minutesAgo ?? 0) >= (b.minutesAgo ?? 0) ? a : b)))
      .map((e) => ({ e, at: now - (e.minutesAgo ?? 0) * MIN }))
      .sort((a, b) => a.at - b.at);
    const before = entries.filter((x) => x.at <= lead.createdAt);
    const touch = model === 'first' ? entries[0] : (before.at(-1) ?? entries[0]);
    let value = UNTRACKED;
    if (touch) {
      const known = ENTRIES.find(({ entry }) => entry.referrerDomain === touch.e.referrerDomain && entry.utmSource === touch.e.utmSource)!;
      value = {
        channel: known.channel,
        source: known.source,
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
