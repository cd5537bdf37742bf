// The tracker bundle in real Chromium against the real collector: beacons on page hide,
// the funnel's events and their values, and nothing at all under Global Privacy Control.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignVariant } from '../../packages/tracker/src/rules.ts';
import type { Browser } from 'playwright-core';
import { REPO_ROOT } from '../process.ts';
import { BROWSER_UA, startCollector, type TestCollector } from '../ingest/collector.ts';
import { launchBrowser } from './harness.ts';

// A tall page (so scrolling past 75 % is possible) with an audit button; the driver module
// creates the tracker and records the first page view.
const PAGE = `<!doctype html><html lang="en"><head><title>t</title><script type="module" src="/driver.js"></script></head>
<body style="height: 4000px"><button data-testid="button-audit-start">Start</button></body></html>`;
const DRIVER = `import { createTracker } from '/tracker.js'; window.t = createTracker(); window.t.page();`;

/** The slice of the tracker's API the page calls (the root typecheck has no DOM types). */
interface PageTracker {
  experiment(testType: string, variants: string[], text: (variant: string) => string): { impression(): void };
  popupView(popup: string): void;
  formStart(form: string): void;
  formSubmit(form: string, email: string): void;
  lead(email: string): void;
  consultation(step: 'initiated' | 'booked'): void;
}

let c: TestCollector;
let browser: Browser;
let url: string;

beforeAll(async () => {
  execFileSync(process.execPath, [join(REPO_ROOT, 'packages/tracker/scripts/build.mjs')]);
  const tracker = readFileSync(join(REPO_ROOT, 'packages/tracker/dist/tracker.js'), 'utf8');
  c = await startCollector({}, undefined, (app) => {
    app.get('/marketing-audit', (_req, reply) => reply.type('text/html').send(PAGE));
    app.get('/tracker.js', (_req, reply) => reply.type('text/javascript').send(tracker));
    app.get('/driver.js', (_req, reply) => reply.type('text/javascript').send(DRIVER));
  });
  url = await c.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await c?.close();
});

type Row = {
  name: string;
  session_id: string;
  utm_source: string;
  value: number;
  email: string;
  variant: string;
  props: Record<string, string>;
  is_bot: number;
  path: string;
};

describe('tracker in the browser', () => {
  it('sends the funnel, engagement, intent and A/B events with sendBeacon when the page hides', async () => {
    const context = await browser.newContext({ userAgent: BROWSER_UA });
    const page = await context.newPage();
    await page.goto(`${url}/marketing-audit?utm_source=newsletter&utm_medium=email`);
    await page.waitForFunction(() => 't' in globalThis);
    await page.evaluate(() => {
      const t = (globalThis as unknown as { t: PageTracker }).t;
      const ab = t.experiment('popup', ['A', 'B'], (v) => `Headline ${v}`);
      ab.impression();
      ab.impression(); // once per page
      t.popupView('popup-image');
      t.formStart('popup-image');
      t.formStart('popup-image'); // once per form
      t.formSubmit('popup-image', 'owner@example.com');
      t.lead('owner@example.com');
      t.consultation('booked');
    });
    await page.click('[data-testid="button-audit-start"]');
    await page.mouse.wheel(0, 3500);
    // The page has scrolled, and a frame later its scroll events have been dispatched (they run
    // before the frame's animation callbacks), so the tracker has seen the depth.
    await page.waitForFunction(() => scrollY > 0);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.close({ runBeforeUnload: true });
    await context.close();

    await expect.poll(async () => (await c.metrics()).accepted, { timeout: 10_000 }).toBeGreaterThanOrEqual(13);
    await c.drained();
    const rows = await c.stores.ch.query<Row>(
      'SELECT name, session_id, utm_source, value, email, variant, props, is_bot, path FROM events ORDER BY ts',
    );
    const names = rows.map((r) => r.name);
    expect(names.sort()).toEqual(
      [
        'ab_conversion',
        'ab_impression',
        'audit_form_view',
        'audit_form_view',
        'consultation_booked',
        'engaged',
        'form_start',
        'form_submit',
        'high_intent',
        'landing_view',
        'lead',
        'marketing_focused',
        'page_view',
        'popup_view',
      ].sort(),
    );
    expect(new Set(rows.map((r) => r.session_id)).size).toBe(1);
    expect(rows.every((r) => r.utm_source === 'newsletter' && r.is_bot === 0 && r.path === '/marketing-audit')).toBe(true);
    const by = (n: string) => rows.find((r) => r.name === n)!;
    expect([by('lead').value, by('lead').email]).toEqual([97, 'owner@example.com']);
    expect(by('consultation_booked').value).toBe(500);
    expect(by('form_submit').email).toBe('owner@example.com');
    // Without consent the variant is drawn for this session, and the events say so: the
    // dashboard counts that unit, so the visitor's other sessions are independent draws.
    const unit = `s:${rows[0]!.session_id}`;
    expect(by('ab_impression').props).toEqual({ variant_text: `Headline ${by('ab_impression').variant}`, ab_unit: unit });
    expect(by('ab_impression').variant).toBe(assignVariant(rows[0]!.session_id, 'popup', ['A', 'B']));
    expect(by('ab_conversion').variant).toBe(by('ab_impression').variant);
    expect(by('ab_conversion').props).toEqual({ ab_unit: unit });
  });

  it('sends nothing when the browser asks not to be tracked (Global Privacy Control)', async () => {
    const before = (await c.metrics()).accepted;
    const context = await browser.newContext({ userAgent: BROWSER_UA });
    await context.addInitScript(() => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true }));
    const page = await context.newPage();
    await page.goto(`${url}/marketing-audit`);
    await page.waitForFunction(() => 't' in globalThis);
    await page.evaluate(() => (globalThis as unknown as { t: PageTracker }).t.lead('x@example.com'));
    await page.close({ runBeforeUnload: true });
    await context.close();
    // A control visit without the signal, after it: once its events have arrived, anything the
    // first page had sent on hiding would have too. Only the control's are counted.
    const control = await browser.newContext({ userAgent: BROWSER_UA });
    const controlPage = await control.newPage();
    await controlPage.goto(`${url}/marketing-audit`);
    await controlPage.waitForFunction(() => 't' in globalThis);
    await controlPage.evaluate(() => (globalThis as unknown as { t: PageTracker }).t.lead('control@example.com'));
    await controlPage.close({ runBeforeUnload: true });
    await control.close();
    await expect.poll(async () => (await c.metrics()).accepted, { timeout: 10_000 }).toBeGreaterThan(before);
    await c.drained();
    const emails = await c.stores.ch.query<{ email: string }>("SELECT DISTINCT email FROM events WHERE email != ''");
    expect(emails.map((r) => r.email)).not.toContain('x@example.com');
    expect(emails.map((r) => r.email)).toContain('control@example.com');
  });
});
