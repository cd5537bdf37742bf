// The built site in Chromium: route changes become page views and funnel signals that
// reach the owner's retargeting dashboard through the collector and ClickHouse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA } from '../ingest/collector.ts';
import { openPage } from './public-helpers.ts';
import { startBrowserApp, type BrowserApp } from './harness.ts';

const ADMIN = { email: 'owner@curb.test', password: 'site tracking test password' };
let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(() => app?.close());

// One sign-in for the file: polling the dashboards must not run into the login rate limit.
let session: string | undefined;
async function adminGet(path: string): Promise<unknown> {
  if (!session) {
    const login = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    session = login.headers.get('set-cookie')!.split(';')[0]!;
  }
  const res = await fetch(`${app.url}${path}`, { headers: { cookie: session } });
  expect(res.status).toBe(200);
  return res.json();
}

interface Retargeting {
  funnelData: { event: string; count: number }[];
  eventDetails: { event: string; source: string; count: number }[];
  trafficSources: { utmSource: string; sessions: number; events: number }[];
  totalUsers: number;
}

describe('site tracking', () => {
  it('tracks a visit across client-side route changes into the retargeting dashboard', async () => {
    const context = await app.browser.newContext({ userAgent: BROWSER_UA });
    const page = await context.newPage();
    // Clicks before hydration would be full page loads, not the client-side route changes under test.
    await openPage(page, `${app.url}/?utm_source=newsletter&utm_medium=email`);
    await page.click('nav a[href="/services"]');
    await page.waitForURL('**/services');
    await page.click('nav a[href="/marketing-audit"]');
    await page.waitForURL('**/marketing-audit');
    await page.close({ runBeforeUnload: true });
    await context.close();

    await expect
      .poll(
        async () => {
          const m = (await (await fetch(`${app.url}/api/events/metrics`)).json()) as { accepted: number; spooled: number };
          return m.accepted >= 8 && m.spooled === 0;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const d = (await adminGet('/api/analytics/retargeting?days=7')) as Retargeting;
    const count = (event: string) => d.eventDetails.filter((e) => e.event === event).reduce((n, e) => n + e.count, 0);
    expect(count('page_view')).toBe(3);
    expect(count('landing_view')).toBe(1);
    expect(count('marketing_focused')).toBe(2);
    expect(count('audit_form_view')).toBe(1);
    expect(count('high_intent')).toBe(1);
    expect(d.eventDetails.every((e) => e.source === 'newsletter')).toBe(true);
    expect(d.trafficSources).toEqual([expect.objectContaining({ utmSource: 'newsletter', sessions: 1 })]);
    expect(d.totalUsers).toBe(1);
  });

  it('counts a click on the audit popup call to action, with the variant text, on the A/B dashboard', async () => {
    const context = await app.browser.newContext({ userAgent: BROWSER_UA });
    const page = await context.newPage();
    await page.goto(`${app.url}/blog`);
    await page.waitForSelector('html[data-interactive="true"]');
    await page.getByRole('button', { name: 'Get Your Free Audit' }).click();
    const popup = page.getByTestId('audit-popup');
    await popup.waitFor();
    const variant = await popup.locator('[data-variant]').getAttribute('data-variant');
    // Twice, the form still empty: a click on the call to action counts once per showing.
    await popup.locator('button[type="submit"]').click();
    await popup.locator('button[type="submit"]').click();
    await page.close({ runBeforeUnload: true });
    await context.close();

    await expect
      .poll(
        async () => {
          const d = (await adminGet('/api/analytics/ab-testing?days=7')) as { conversionRates: { testType: string; clicks: number }[] };
          return d.conversionRates.find((r) => r.testType === 'audit_popup' && r.clicks > 0) ?? null;
        },
        { timeout: 15_000 },
      )
      .not.toBeNull();
    const d = (await adminGet('/api/analytics/ab-testing?days=7')) as { conversionRates: Record<string, unknown>[] };
    const headline = variant === 'popup-image' ? 'Get Your Free Marketing Audit' : 'Free 15-Point Marketing Audit';
    expect(d.conversionRates).toEqual([
      expect.objectContaining({
        testType: 'audit_popup',
        variant: variant === 'popup-image' ? 'A' : 'B',
        variantText: headline,
        impressions: 1,
        clicks: 1,
        clickRate: 100,
      }),
    ]);
  });
});
