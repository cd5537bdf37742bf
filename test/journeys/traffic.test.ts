/// <reference lib="dom" />
// The owner reads the Traffic page: visits from a mailing, a search engine and typed addresses,
// on desktops and phones, are sent through POST /api/events as the tracker sends them after
// consent; the owner signs in, opens Traffic from the navigation, sees the figures this file
// computes from what it sent, clicks the mailing's source and sees every figure follow the
// filter, opens the copied address in a fresh browser and sees the same view, and steps back
// and forward through the changes. At 1280 and 390 px.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TrackedEvent } from '@curb/contracts/events';
import type { StatsResponse } from '@curb/contracts/stats';
import { EVENTS } from '@curb/contracts/tracking';
import { ADMIN, ADMIN_ENV } from '../browser/admin-session.ts';
import { launchBrowser, startBrowserApp, type BrowserApp } from '../browser/harness.ts';
import { atEachWidth, Journey, openAdminPage, signInAsOwner, WIDTHS } from './journey.ts';

/** The sign-in page asks who is signed in first; a visitor who is not gets a 401. */
const SIGNED_OUT = /status of 401 .*\/api\/auth\/user/;

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Mobile/15E148 Safari/604.1';

const MAILING = 'spring-mailer';

interface Visit {
  visitor: string;
  userAgent: string;
  first: Pick<TrackedEvent, 'referrer' | 'utm'>;
  /** Seconds after the visit's start of each page view. */
  pages: Array<[path: string, at: number]>;
  /** Seconds after the start of the lead, if the visit ends in one. */
  leadAt?: number;
}

const visitor = () => randomUUID();
const [returning, mailB, mailC, mailD] = [visitor(), visitor(), visitor(), visitor()];
const mailing = { utm: { source: MAILING, medium: 'email', campaign: 'open-house' } };
const google = { referrer: 'https://www.google.com/' };

/** Eleven visits by ten visitors; the mailing brings five visits by four visitors and two leads. */
const VISITS: Visit[] = [
  {
    visitor: returning,
    userAgent: DESKTOP,
    first: mailing,
    pages: [
      ['/', 0],
      ['/services', 40],
      ['/marketing-audit', 100],
    ],
    leadAt: 160,
  },
  {
    visitor: returning,
    userAgent: DESKTOP,
    first: mailing,
    pages: [
      ['/blog', 0],
      ['/', 30],
    ],
  },
  { visitor: mailB, userAgent: PHONE, first: mailing, pages: [['/marketing-audit', 0]], leadAt: 50 },
  { visitor: mailC, userAgent: PHONE, first: mailing, pages: [['/', 0]] },
  {
    visitor: mailD,
    userAgent: DESKTOP,
    first: mailing,
    pages: [
      ['/services', 0],
      ['/experience', 20],
      ['/blog', 45],
    ],
  },
  {
    visitor: visitor(),
    userAgent: DESKTOP,
    first: google,
    pages: [
      ['/blog', 0],
      ['/services', 60],
    ],
  },
  { visitor: visitor(), userAgent: PHONE, first: google, pages: [['/', 0]] },
  {
    visitor: visitor(),
    userAgent: DESKTOP,
    first: google,
    pages: [
      ['/', 0],
      ['/experience', 25],
    ],
  },
  {
    visitor: visitor(),
    userAgent: PHONE,
    first: {},
    pages: [
      ['/', 0],
      ['/blog', 15],
    ],
  },
  { visitor: visitor(), userAgent: DESKTOP, first: {}, pages: [['/services', 0]] },
  {
    visitor: visitor(),
    userAgent: DESKTOP,
    first: {},
    pages: [
      ['/', 0],
      ['/services', 35],
      ['/experience', 70],
    ],
  },
];

/** The page's top figures as the owner reads them, computed here from what was sent. */
function expectedFigures(visits: Visit[]): Record<string, string> {
  const visitors = new Set(visits.map((v) => v.visitor)).size;
  const pageviews = visits.reduce((sum, v) => sum + v.pages.length, 0);
  const bounces = visits.filter((v) => v.pages.length === 1).length;
  const duration = visits.reduce((sum, v) => sum + Math.max(v.leadAt ?? 0, ...v.pages.map(([, at]) => at)), 0);
  const leads = new Set(visits.filter((v) => v.leadAt !== undefined).map((v) => v.visitor)).size;
  const seconds = Math.round(duration / visits.length);
  return {
    visitors: String(visitors),
    visits: String(visits.length),
    pageviews: String(pageviews),
    views_per_visit: (Math.round((100 * pageviews) / visits.length) / 100).toFixed(2),
    // Whole per cent, as Plausible rounds a bounce rate; a conversion rate to two decimals.
    bounce_rate: `${Math.round((100 * bounces) / visits.length).toFixed(1)}%`,
    visit_duration: seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`,
    leads: String(leads),
    // A lead here is sent as the beacon only: no form, so no audit request and no consultation.
    audit_requests: '0',
    consultations: '0',
    conversion_rate: `${(Math.round((10_000 * leads) / visitors) / 100).toFixed(1)}%`,
  };
}

/** A visit's beacons, as one batch (the tracker batches a page's events), starting at `start`. */
async function sendVisit(url: string, visit: Visit, start: number): Promise<void> {
  const base = { sessionId: randomUUID(), visitorId: visit.visitor };
  const events: TrackedEvent[] = visit.pages.map(([path, at], n) => ({
    ...base,
    eventId: randomUUID(),
    name: EVENTS.pageView,
    path,
    ts: start + at * 1000,
    ...(n === 0 ? visit.first : {}),
  }));
  if (visit.leadAt !== undefined) {
    events.push({ ...base, eventId: randomUUID(), name: EVENTS.lead, path: visit.pages.at(-1)![0], ts: start + visit.leadAt * 1000 });
  }
  const res = await fetch(`${url}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': visit.userAgent, origin: url },
    body: JSON.stringify({ events }),
  });
  expect(res.status, await res.text()).toBe(202);
}

/** Every visit, timed within the last three hours so "Last 7 days" holds them all. */
async function sendVisits(url: string): Promise<void> {
  const now = Date.now();
  for (const [i, visit] of VISITS.entries()) await sendVisit(url, visit, now - (i + 1) * 15 * 60_000);
}

/** Waits until the traffic API counts every visit sent (the collector answers once they are spooled). */
async function waitForVisits(url: string): Promise<void> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const counted = async () => {
    const res = await fetch(`${url}/api/stats`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie },
      body: JSON.stringify({ metrics: ['visits'], date_range: '7d' }),
    });
    return res.ok ? ((await res.json()) as StatsResponse).results[0]?.metrics[0] : `${res.status}: ${await res.text()}`;
  };
  await vi.waitFor(async () => expect(await counted(), 'visits the traffic API counts').toBe(VISITS.length), {
    timeout: 20_000,
    interval: 250,
  });
}

/** The top figures on screen, once nothing is loading, keyed by metric. */
async function figures(j: Journey): Promise<Record<string, string>> {
  return j.page
    .locator('[data-metric]')
    .evaluateAll((nodes) => Object.fromEntries(nodes.map((n) => [n.getAttribute('data-metric'), n.textContent])));
}

async function expectFigures(j: Journey, expected: Record<string, string>, label: string): Promise<void> {
  await expect.poll(() => figures(j), { timeout: 15_000 }).toEqual(expected);
  await expect
    .poll(
      () =>
        j.page
          .getByText(/^Loading\b/)
          .filter({ visible: true })
          .count(),
      { timeout: 15_000 },
    )
    .toBe(0);
  await j.step(label);
}

/** Every tab of every breakdown answers a table or says it is empty: no refusal, no error. */
async function everyBreakdownLoads(j: Journey): Promise<void> {
  const lists = j.page.getByRole('tabpanel').getByRole('tablist');
  const count = await lists.count();
  // Sources, UTM campaigns, Pages, Devices (Locations and Goals are single tables).
  expect(count).toBe(4);
  for (let l = 0; l < count; l++) {
    const tabs = lists.nth(l).getByRole('tab');
    for (let t = 0; t < (await tabs.count()); t++) {
      await tabs.nth(t).click();
      await expect
        .poll(
          () =>
            j.page
              .getByText(/^Loading\b/)
              .filter({ visible: true })
              .count(),
          { timeout: 15_000 },
        )
        .toBe(0);
      expect(await j.page.getByRole('alert').count(), `${await tabs.nth(t).textContent()}: an error`).toBe(0);
    }
  }
  await j.step('every breakdown');
}

/** Nothing on the page is wider than the screen: the tables fold into cards on a phone. */
async function expectNoSidewaysScroll(j: Journey): Promise<void> {
  const overflow = await j.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${j.width.name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
}

describe('the owner reads where the traffic comes from', () => {
  let app: BrowserApp;
  let browser: Browser;
  const all = expectedFigures(VISITS);
  const fromMailing = expectedFigures(VISITS.filter((v) => v.first.utm?.source === MAILING));
  const mailingOnPhones = expectedFigures(VISITS.filter((v) => v.first.utm?.source === MAILING && v.userAgent === PHONE));

  beforeAll(async () => {
    app = await startBrowserApp(ADMIN_ENV);
    browser = await launchBrowser();
    await sendVisits(app.url);
    await waitForVisits(app.url);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('opens Traffic, filters by a source, shares the view and steps back and forward', async () => {
    await atEachWidth(
      browser,
      'traffic',
      async (j) => {
        await signInAsOwner(j, app.url);
        await openAdminPage(j, 'Traffic');
        await expect.poll(() => j.page.title()).toBe('Traffic | Admin Portal');
        await expectFigures(j, all, 'every visit');
        await j.page.getByRole('img', { name: /^Unique visitors by day: \d+ in 7 buckets$/ }).waitFor();
        if (!j.isPhone) await everyBreakdownLoads(j);
        const sources = j.page.locator('section').filter({ has: j.page.getByRole('heading', { name: 'Sources', exact: true }) });
        await sources.getByRole('tab', { name: 'Sources' }).click();
        await sources.getByRole('button', { name: MAILING, exact: true }).waitFor();
        await expectNoSidewaysScroll(j);
        await j.step('sources');

        // The table downloads as the owner sees it.
        const [download] = await Promise.all([
          j.page.waitForEvent('download'),
          sources.getByRole('button', { name: 'Download CSV' }).click(),
        ]);
        const csv = readFileSync((await download.path())!, 'utf8');
        expect(csv.split('\r\n')[0]).toBe('\ufeffSource,Unique visitors,Visits,Leads');
        expect(csv).toContain(`\r\n${MAILING},4,5,2\r\n`);

        // A click on the mailing filters the whole page by it.
        await sources.getByRole('button', { name: MAILING, exact: true }).click();
        await j.page
          .getByTestId('filter-chip')
          .filter({ hasText: `Source is ${MAILING}` })
          .waitFor();
        await expectFigures(j, fromMailing, 'filtered by the mailing');
        await expectNoSidewaysScroll(j);

        // A second filter, typed: the mailing's visits on phones.
        await j.page.getByRole('button', { name: 'Add a filter' }).click();
        await j.page.getByLabel('Filter on').selectOption('visit:device');
        await j.page.getByLabel('Value').fill('Mobile');
        await j.page.getByRole('button', { name: 'Apply' }).click();
        await expectFigures(j, mailingOnPhones, 'the mailing on phones');
        await j.page.getByRole('button', { name: 'Remove filter Device is Mobile' }).click();
        await expectFigures(j, fromMailing, 'the phone filter removed');
        const shared = j.page.url();
        expect(new URL(shared).searchParams.get('filters')).toContain(MAILING);

        // The copied address, opened by the owner in a fresh browser, shows the same view.
        const fresh = await Journey.start(browser, 'traffic-shared', j.width, { allow: [SIGNED_OUT] });
        try {
          await signInAsOwner(fresh, app.url);
          await fresh.page.goto(shared);
          await fresh.page
            .getByTestId('filter-chip')
            .filter({ hasText: `Source is ${MAILING}` })
            .waitFor();
          await expectFigures(fresh, fromMailing, 'the shared view');
          await fresh.finish(2);
        } finally {
          await fresh.context.close().catch(() => {});
        }

        // Back steps through the owner's changes: the phone filter again, the mailing alone, every
        // visit; forward returns to the mailing.
        await j.page.goBack();
        await expectFigures(j, mailingOnPhones, 'back to the phones');
        await j.page.goBack();
        await expectFigures(j, fromMailing, 'back to the mailing');
        await j.page.goBack();
        await expect.poll(() => j.page.getByTestId('filter-chip').count()).toBe(0);
        await expectFigures(j, all, 'back to every visit');
        await j.page.goForward();
        await expectFigures(j, fromMailing, 'forward');

        // Removing the chip lifts the filter.
        await j.page.getByRole('button', { name: `Remove filter Source is ${MAILING}` }).click();
        await expectFigures(j, all, 'filter removed');

        // The lead views are tabs of the same page, named in the address like the rest.
        const views = j.page.getByRole('tablist', { name: 'Traffic views' });
        await views.getByRole('tab', { name: 'Lead attribution' }).click();
        await j.page.getByRole('heading', { name: 'Lead attribution' }).waitFor();
        expect(new URL(j.page.url()).searchParams.get('view')).toBe('attribution');
        await expect
          .poll(
            () =>
              j.page
                .getByText(/^Loading\b/)
                .filter({ visible: true })
                .count(),
            { timeout: 15_000 },
          )
          .toBe(0);
        await j.step('lead attribution');
        await views.getByRole('tab', { name: 'Funnels' }).click();
        await expect
          .poll(
            () =>
              j.page
                .getByText(/^Loading\b/)
                .filter({ visible: true })
                .count(),
            { timeout: 15_000 },
          )
          .toBe(0);
        await j.step('funnels');
        await j.page.goBack();
        await j.page.getByRole('heading', { name: 'Lead attribution' }).waitFor();
        await views.getByRole('tab', { name: 'Overview' }).click();
        await expectFigures(j, all, 'overview again');
        await j.finish();
      },
      { allow: [SIGNED_OUT] },
    );
  }, 240_000);

  it('reads a custom range, says when a period is empty, shows a new visitor in realtime', async () => {
    const j = await Journey.start(browser, 'traffic-realtime', WIDTHS[0], { allow: [SIGNED_OUT] });
    try {
      await signInAsOwner(j, app.url);
      await openAdminPage(j, 'Traffic');
      // A custom range of the last two weeks holds every visit; without a comparison no card
      // shows a change.
      await j.page.getByLabel('Period', { exact: true }).selectOption('custom');
      await j.page.getByLabel('From', { exact: true }).waitFor();
      expect(new URL(j.page.url()).searchParams.get('period')).toBe('custom');
      await j.page.getByLabel('Compare with', { exact: true }).selectOption('off');
      await expectFigures(j, all, 'a custom range');
      await expect.poll(() => j.page.getByText(/^was \d/).count()).toBe(0);
      // Last month had no visit: every figure is 0 and the page says so.
      await j.page.getByLabel('Period', { exact: true }).selectOption('last_month');
      await j.page.getByText('No visits in this period.').first().waitFor();
      await expect.poll(() => figures(j)).toMatchObject({ visitors: '0', visits: '0', pageviews: '0', leads: '0' });
      await j.step('an empty month');
      await j.page.getByLabel('Period', { exact: true }).selectOption('realtime');
      const now = j.page.getByTestId('visitors-now');
      await now.waitFor();
      await expect
        .poll(
          () =>
            j.page
              .getByText(/^Loading\b/)
              .filter({ visible: true })
              .count(),
          { timeout: 15_000 },
        )
        .toBe(0);
      await expect.poll(async () => /^\d+$/.test((await now.textContent()) ?? '')).toBe(true);
      const before = Number(await now.textContent());
      await j.step('realtime');
      const sent = Date.now();
      const newcomer: Visit = { visitor: visitor(), userAgent: PHONE, first: google, pages: [['/services', 0]] };
      await sendVisit(app.url, newcomer, Date.now());
      await expect.poll(async () => Number(await now.textContent()), { timeout: 15_000, interval: 200 }).toBe(before + 1);
      // The view asks again every 5 s, and the beacon must have reached ClickHouse first.
      expect(Date.now() - sent).toBeLessThan(12_000);
      await j.step('a new visitor');
      await j.finish();
    } finally {
      await j.context.close().catch(() => {});
    }
  }, 60_000);
});
