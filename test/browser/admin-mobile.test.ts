// The admin on a phone, a tablet and a laptop, in real Chromium against the built product
// with the demo's figures: at 390 and 820 px every admin page and tab fits (no sideways
// scroll of the page or of a table: a table too wide becomes cards) and the charts' text is
// drawn at 11 px or more; at 1280 and 1440 px the audits table shows every column, Actions
// included, without scrolling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DemoResult } from '../../scripts/demo/activity.ts';
import { signIn, startDemoApp, type DemoApp } from './admin-session.ts';
import type { BrowserApp } from './harness.ts';

const VISITORS = 40;
const LEADS = 3;
/** Every admin section of the navigation. */
const PAGES = [
  '/admin',
  '/admin/dashboard',
  '/admin/marketing-audits',
  '/admin/funnels',
  '/admin/ab-testing',
  '/admin/retargeting',
  '/admin/analytics',
  '/admin/profile',
  '/admin/content',
  '/admin/settings',
];
const MIN_CHART_TEXT_PX = 11;

interface Fit {
  /** The document's width beyond the viewport's. */
  pageOverflow: number;
  /** Each table sticking out of its box (or scrolling in it): its width against the box's. */
  wideTables: string[];
  tables: number;
  /** Each chart text drawn under the minimum: its text, the size it renders at. */
  smallText: string[];
  chartTexts: number;
}

/**
 * What sticks out on the page as shown. A chart text's rendered size is its computed font
 * size times the SVG's scale on screen (a viewBox drawn at 640 and shown at 308 px halves it),
 * checked against the height of its box too.
 */
const measure = (page: Page) =>
  page.evaluate((min): Fit => {
    const wideTables: string[] = [];
    const tables = [...document.querySelectorAll('table')];
    for (const table of tables) {
      const box = table.parentElement!;
      const width = table.getBoundingClientRect().width;
      if (width > box.clientWidth + 1 || box.scrollWidth > box.clientWidth + 1) {
        wideTables.push(`${table.querySelector('th')?.textContent}…: ${Math.round(width)} px in ${box.clientWidth} px`);
      }
    }
    const smallText: string[] = [];
    const texts = [...document.querySelectorAll<SVGTextElement>('svg text')];
    for (const text of texts) {
      const scale = text.getScreenCTM()?.a ?? 1;
      const size = Number.parseFloat(getComputedStyle(text).fontSize) * scale;
      const height = text.getBoundingClientRect().height;
      if (size < min || height < min) smallText.push(`"${text.textContent}" ${size.toFixed(1)} px (box ${height.toFixed(1)} px)`);
    }
    return {
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      wideTables,
      tables: tables.length,
      smallText,
      chartTexts: texts.length,
    };
  }, MIN_CHART_TEXT_PX);

describe('admin on a phone, a tablet and a laptop in Chromium', () => {
  let app: BrowserApp;
  let demo: DemoResult;

  let started: DemoApp;

  beforeAll(async () => {
    // As `pnpm demo` runs it: audits of its sample sites on loopback (Lighthouse left out here).
    started = await startDemoApp({ visitors: VISITORS, leads: LEADS, seed: 11 });
    ({ app, demo } = started);
  }, 180_000);
  afterAll(() => started?.close());

  it('fits every admin page and tab of a phone and a tablet: wide tables as cards, chart text at 11 px or more', async () => {
    for (const [device, width, height] of [
      ['phone', 390, 844],
      ['tablet', 820, 1180],
    ] as const) {
      const context = await app.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await signIn(page, app.url);
      let tables = 0;
      let chartTexts = 0;
      const check = async (view: string) => {
        // Figures arrive after the heading: settle on the loaded view before judging.
        await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
        await expect
          .poll(
            async () => {
              const { pageOverflow, wideTables, smallText } = await measure(page);
              return { pageOverflow, wideTables, smallText };
            },
            { timeout: 3000, message: `${device}: ${view}` },
          )
          .toEqual({ pageOverflow: 0, wideTables: [], smallText: [] });
        const fit = await measure(page);
        tables += fit.tables;
        chartTexts += fit.chartTexts;
        if (process.env.SCREENSHOT_DIR) {
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${device}${view.replace(/[^\w-]+/g, '-')}.png`, fullPage: true });
        }
      };

      for (const path of PAGES) {
        await page.goto(`${app.url}${path}`);
        await page.locator('main h1:visible, main h2:visible').first().waitFor();
        await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
        const tabs = await page.getByRole('tab').allTextContents();
        await check(path);
        for (const tab of tabs.slice(1)) {
          await page.getByRole('tab', { name: tab, exact: true }).click();
          await check(`${path} ${tab}`);
        }
      }
      // The funnel's analytics open in a dialog with its own table.
      await page.goto(`${app.url}/admin/funnels`);
      await page.getByRole('button', { name: 'Analytics' }).first().click();
      await page.locator('dialog table').waitFor();
      await check('/admin/funnels analytics');
      await page.keyboard.press('Escape');

      // The check saw the tables (audits, outbox, sources, variants, journeys...) and the charts.
      expect(tables, device).toBeGreaterThanOrEqual(8);
      expect(chartTexts, device).toBeGreaterThanOrEqual(20);

      // The audits are cards here, each still a table row to a screen reader.
      await page.goto(`${app.url}/admin/marketing-audits`);
      for (const lead of demo.leads) await page.getByRole('cell', { name: lead.businessName, exact: true }).first().waitFor();
      const audits = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Business' }) });
      expect(await audits.evaluate((el) => getComputedStyle(el).display), device).toBe('block');
      // Sort buttons stay a tap away.
      await page.goto(`${app.url}/admin/retargeting`);
      await page.getByRole('tab', { name: 'Event Details' }).click();
      const count = page.getByRole('columnheader', { name: 'Count', exact: true });
      await count.getByRole('button').click();
      await expect.poll(() => count.getAttribute('aria-sort')).toBe('descending');
      await context.close();
    }
  }, 240_000);

  it('shows every column of the audits table, Actions included, at 1280 and 1440 px without sideways scroll', async () => {
    for (const width of [1280, 1440]) {
      const context = await app.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signIn(page, app.url);
      await page.goto(`${app.url}/admin/marketing-audits`);
      const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Business' }) });
      await table.getByRole('cell', { name: demo.leads[0]!.businessName, exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
      const edges = await table.evaluate((el) => {
        const box = el.parentElement!.getBoundingClientRect();
        const actions = [...el.querySelectorAll('th')].find((th) => th.textContent === 'Actions')!.getBoundingClientRect();
        const buttons = [...el.querySelectorAll('tbody tr td:last-child :is(a, button)')].map((b) => b.getBoundingClientRect().right);
        return {
          display: getComputedStyle(el).display,
          actionsRight: actions.right,
          lastButtonRight: Math.max(...buttons),
          boxRight: box.right,
          viewport: document.documentElement.clientWidth,
          scrolls: el.parentElement!.scrollWidth > el.parentElement!.clientWidth + 1,
        };
      });
      // A table (not cards) whose every column is inside its box, which is inside the window.
      expect(edges.display, `${width} px`).toBe('table');
      expect(edges.scrolls, `${width} px`).toBe(false);
      expect(edges.actionsRight, `${width} px`).toBeLessThanOrEqual(edges.boxRight + 1);
      expect(edges.lastButtonRight, `${width} px`).toBeLessThanOrEqual(edges.boxRight + 1);
      expect(edges.boxRight, `${width} px`).toBeLessThanOrEqual(edges.viewport);
      // The charts are drawn at the width they are shown: their text is the stylesheet's size here too.
      await page.goto(`${app.url}/admin/retargeting`);
      await page.locator('svg text').first().waitFor();
      const fit = await measure(page);
      expect(fit.smallText, `${width} px`).toEqual([]);
      if (process.env.SCREENSHOT_DIR) {
        await page.goto(`${app.url}/admin/marketing-audits`);
        await table.getByRole('cell', { name: demo.leads[0]!.businessName, exact: true }).first().waitFor();
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/audits-${width}.png`, fullPage: true });
      }
      await context.close();
    }
  }, 120_000);

  it('shows every link of the admin bar whole on a tablet and a narrow window', async () => {
    for (const width of [820, 1024, 1280, 1440]) {
      const context = await app.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signIn(page, app.url);
      // The links' row scrolls sideways when it cannot hold them: nothing may need that.
      const clipped = await page
        .getByRole('navigation', { name: 'Admin' })
        .locator('a:visible')
        .evaluateAll((links) =>
          links.flatMap((link) => {
            const row = link.parentElement!;
            const box = row.getBoundingClientRect();
            const rect = link.getBoundingClientRect();
            return row.scrollWidth > row.clientWidth + 1 || rect.right > box.right + 1 || rect.left < box.left - 1
              ? [link.textContent ?? '']
              : [];
          }),
        );
      expect(clipped, `${width} px`).toEqual([]);
      await context.close();
    }
    // Four sign-ins, each landing on the portal with its first-run setup.
  }, 60_000);
});
