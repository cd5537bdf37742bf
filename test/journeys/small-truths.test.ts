/// <reference lib="dom" />
// Figures that must agree and small truths, walked at 1280 and 390 px: the owner signs in (no
// error on the sign-in page), reads the funnels' pooled rate, the retargeting funnel's note on
// e-mails that only reach the outbox, the Reports Viewed card beside the rows, and previews a
// report without the visitors' cookie banner; a visitor who follows a link to the advanced audit
// sees it start by itself, with the score across the width and a printable page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelStatsResponse, RetargetingResponse } from '@curb/contracts/analytics';
import type { MarketingAuditList } from '@curb/contracts/admin';
import type { Browser } from 'playwright-core';
import { ADMIN, startDemoApp, type DemoApp } from '../browser/admin-session.ts';
import { launchBrowser } from '../browser/harness.ts';
import { atEachWidth, type Journey, openAdminPage, signInAsOwner } from './journey.ts';

const LEADS = 3;

/** A stat card's figure, by its label. */
const stat = (j: Journey, label: string) => j.page.getByTestId(`stat-${label}`).locator('span').nth(1).textContent();

/** The API's answer as the signed-in page would get it (the context's session cookie goes along). */
async function api<T>(j: Journey, path: string): Promise<T> {
  const res = await j.page.request.get(`${new URL(j.page.url()).origin}${path}`);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

describe('figures that agree and small truths, in Chromium', () => {
  let started: DemoApp;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    started = await startDemoApp({ visitors: 40, leads: LEADS, seed: 11 });
    url = started.app.url;
    browser = await launchBrowser();
    // Third-party tags configured: the public site asks visitors for consent with a banner.
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    // A save names the version it was made on.
    const section = await fetch(`${url}/api/admin/settings/analytics`, { headers: { cookie } });
    const { version } = (await section.json()) as { version: number };
    const saved = await fetch(`${url}/api/settings/analytics`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie, origin: url },
      body: JSON.stringify({ values: { google_analytics_id: 'G-TEST12345' }, baseVersion: version }),
    });
    expect(saved.status).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await started?.close();
  });

  it('owner: sign-in without errors, pooled funnel rate, outbox note, Reports Viewed, preview without a banner', async () => {
    await atEachWidth(browser, 'small-truths-owner', async (j) => {
      // No console error allowed: the sign-in page's "who is signed in?" no longer answers 401.
      await signInAsOwner(j, url);

      await openAdminPage(j, 'Funnel Manager');
      const pooledLabel = 'All funnels: sent its form ÷ landing visitors';
      await j.page.getByTestId(`stat-${pooledLabel}`).waitFor();
      const stats = await api<FunnelStatsResponse>(j, '/api/admin/funnel-stats');
      const funnels = Object.values(stats.funnelStats);
      const views = funnels.reduce((n, f) => n + f.views, 0);
      const converted = funnels.reduce((n, f) => n + f.pageSubmitters, 0);
      // Pooled: all conversions over all landing visitors, each card's rate its own page's submitters over its visitors.
      expect(stats.pooledConversion).toBe(views ? Math.round((converted / views) * 1000) / 10 : 0);
      for (const f of funnels) expect(f.conversionRate).toBe(f.views ? Math.round((f.pageSubmitters / f.views) * 1000) / 10 : 0);
      await expect.poll(() => stat(j, pooledLabel)).toBe(`${stats.pooledConversion.toFixed(1)}%`);
      expect(await j.page.getByTestId('funnel-views').count()).toBe(funnels.length);
      await j.step('funnels pooled');

      await openAdminPage(j, 'Retargeting Analytics');
      const retargeting = await api<RetargetingResponse>(j, '/api/analytics/retargeting?days=30');
      expect(retargeting.mailOnlyToOutbox).toBe(true);
      await j.page.getByTestId('mail-outbox-note').waitFor();
      expect(await j.page.getByTestId('mail-outbox-note').textContent()).toMatch(/only reach the outbox folder/);
      await j.step('retargeting outbox note');

      await openAdminPage(j, 'Marketing Audits');
      await j.page.getByTestId('stat-Reports Viewed').waitFor();
      const list = await api<MarketingAuditList>(j, '/api/admin/marketing-audits?page=1&limit=10');
      // Every audit fits on page 1: the card counts the rows whose Views is above 0.
      expect(list.total).toBe(LEADS);
      expect(list.reportsViewed).toBe(list.recent.filter((a) => a.reportViewCount > 0).length);
      expect(await stat(j, 'Reports Viewed')).toBe(String(list.reportsViewed));
      // Each row says what happened to its e-mail (in the outbox, or still being written there)…
      const delivery = j.page.getByText(/^(In outbox — not sent|Processing)$/).filter({ visible: true });
      await expect.poll(() => delivery.count()).toBe(LEADS);
      // …and, apart, what the lead did: nothing yet beyond the view right after asking.
      expect(
        await j.page
          .getByText(/^(Came back to the report|Opened the e-mail)$/)
          .filter({ visible: true })
          .count(),
      ).toBe(0);
      await j.page.getByTestId('csv-all').waitFor();
      expect(await j.page.getByTestId('csv-all').textContent()).toBe('Download all leads (CSV)');
      await j.step('marketing audits');

      let settingsRead = 0;
      j.page.on('requestfinished', (request) => {
        if (request.frame() !== j.page.mainFrame() && request.url().includes('/api/settings?category=analytics')) settingsRead += 1;
      });
      await j.page.getByRole('button', { name: 'Preview' }).filter({ visible: true }).first().click();
      const frame = j.page.frameLocator('dialog iframe');
      await frame.getByTestId('audit-report').waitFor({ timeout: 30_000 });
      // The owner's preview is not a visitor: no cookie banner inside it. A visitor's page shows
      // it once hydrated with the analytics settings read: the preview has both, and has painted since.
      await frame.locator('html[data-interactive="true"]').waitFor({ state: 'attached' });
      await expect.poll(() => settingsRead).toBeGreaterThan(0);
      await frame.locator('body').evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await frame.getByTestId('consent-banner').count()).toBe(0);
      await j.step('preview without banner');
      await j.page.keyboard.press('Escape');

      // The same report opened as a visitor does ask (the banner exists; only the preview leaves it out).
      const visitor = await j.context.newPage();
      await visitor.goto(`${url}/audit-report/${list.recent[0]!.reportId}`);
      await visitor.getByTestId('consent-banner').waitFor();
      await visitor.close();
      await j.finish();
    });
  }, 300_000);

  it('visitor: the advanced audit starts from its link, uses the width, and prints every section', async () => {
    const site = started.demo.leads[0]!.website;
    await atEachWidth(browser, 'small-truths-advanced', async (j) => {
      await j.arrive(`${url}/advanced-seo-audit?url=${encodeURIComponent(site)}`);
      // No click: the address arrived filled in.
      const result = j.page.getByTestId('seo-result');
      await result.waitFor({ timeout: 90_000 });
      await j.step('advanced audit started by itself');

      // The score card and the counts share the row on a desktop, the score taking its half.
      const score = (await result.getByText('Site Health Score', { exact: true }).locator('..').boundingBox())!;
      const whole = (await result.boundingBox())!;
      if (j.isPhone) expect(score.width).toBeGreaterThan(whole.width * 0.9);
      else expect(score.width).toBeGreaterThan(whole.width * 0.4);

      // Printing (the button opens the browser's dialog; Save as PDF is one of its printers).
      await result.getByTestId('print-audit').waitFor();
      await j.page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      await j.page.emulateMedia({ media: 'print' });
      for (const name of ['Issues', 'Performance', 'Crawlability', 'On-Page', 'Technical', 'AI Search']) {
        await result.getByRole('heading', { name, exact: true }).waitFor();
      }
      expect(await result.getByTestId('print-audit').isVisible()).toBe(false);
      await j.step('print layout');
      await j.page.emulateMedia({ media: 'screen' });
      await j.page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      expect(await result.getByRole('tabpanel').count()).toBe(1);
      await j.finish();
    });
  }, 300_000);
});
