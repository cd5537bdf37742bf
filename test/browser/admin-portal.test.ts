// The admin portal in real Chromium against the built product: the guard and sign-in,
// every admin page showing figures produced through the public endpoints (beacons to the
// collector, audit requests to the forms API), a funnel edit that persists, the settings
// driving the site-wide loader under consent, and sign-out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { MarketingAuditList } from '@curb/contracts/admin';
import type { DemoResult } from '../../scripts/demo/activity.ts';
import { ADMIN, signIn, startDemoApp, type DemoApp } from './admin-session.ts';
import { gate, type BrowserApp } from './harness.ts';

const VISITORS = 60;
const LEADS = 3;

/** Console errors a page may show: the signed-out user query, and vendor files on a closed network. */
const expectedError = (text: string) => /status of 401/.test(text) || /net::ERR_/.test(text);

const stat = (page: Page, label: string) => page.getByTestId(`stat-${label}`).locator('span').nth(1).textContent();

/** A rate's stat card, named by what it divides and with its hint; no rate on the page is a bare "Conversion Rate". */
async function expectRate(scope: Page | Locator, label: string): Promise<void> {
  const card = scope.getByTestId(`stat-${label}`);
  await card.waitFor();
  expect(await card.locator('span').nth(1).textContent(), label).toMatch(/^\d+(\.\d+)?%$/);
  expect((await card.locator('span').nth(2).textContent())?.length, label).toBeGreaterThan(20);
  expect(await scope.getByText(/^(overall |avg\. )?conversion( rate)?( \(%\))?$/i).count(), label).toBe(0);
}

describe('admin portal in Chromium', () => {
  let app: BrowserApp;
  let demo: DemoResult;

  let started: DemoApp;

  beforeAll(async () => {
    // As `pnpm demo` runs it: audits of its sample sites on loopback (Lighthouse left out here).
    started = await startDemoApp({ visitors: VISITORS, leads: LEADS, seed: 7 });
    ({ app, demo } = started);
  }, 180_000);
  afterAll(() => started?.close());

  it('verifies access, sends visitors to the sign-in at /admin, and refuses a wrong password', async () => {
    const page = await app.newPage();
    // The session check answers once the test has seen the page wait for it.
    const sessionHeld = gate();
    await page.route('**/api/auth/session', async (route) => {
      await sessionHeld.passed;
      await route.continue();
    });
    await page.goto(`${app.url}/admin/marketing-audits`);
    await page.getByText('Verifying admin access...').waitFor();
    sessionHeld.open();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/admin');
    await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();

    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('Invalid email or password.').waitFor();

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(`Welcome, ${ADMIN.email}`).waitFor();
    // No mail service here: the first page the owner sees says so before anything else.
    const warning = page.getByTestId('mail-outbox-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('No mail service is configured: e-mails are not being sent.');
    expect(await warning.textContent()).toContain('/outbox');
    for (const card of ['System Overview', 'Marketing Audits', 'Enhanced Funnel Manager', 'A/B Testing', 'Retargeting Analytics']) {
      expect(await page.getByRole('heading', { name: card }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'Back to Site' }).isVisible()).toBe(true);
    // On the index itself no card is the current page; on a card's page the same cards switch sections.
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    expect(await sections.locator('[aria-current="page"]').count()).toBe(0);
    await sections.getByRole('link', { name: 'A/B Testing' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/ab-testing');
    expect(await sections.locator('[aria-current="page"]').textContent()).toBe('A/B Testing');
    expect(page.consoleErrors.filter((e) => !expectedError(e))).toEqual([]);
    await page.close();
  });

  it('shows the figures the visitors produced on every admin page', async () => {
    const page = await app.newPage();
    await signIn(page, app.url);

    // The report e-mails are written once each report is ready.
    const inOutbox = async () =>
      ((await (await page.request.get(`${app.url}/api/admin/marketing-audits`)).json()) as MarketingAuditList).emailsInOutbox;
    await expect.poll(inOutbox, { timeout: 30_000 }).toBe(LEADS);
    await page.goto(`${app.url}/admin/marketing-audits`);
    await page.getByRole('heading', { name: 'Recent Marketing Audits' }).waitFor();
    await expect.poll(() => stat(page, 'Total Audits'), { timeout: 10_000 }).toBe(String(LEADS));
    for (const lead of demo.leads) expect(await page.getByRole('cell', { name: lead.businessName, exact: true }).isVisible()).toBe(true);
    // Each page's rate is named by what it divides, with a line saying who is counted.
    await expectRate(page, 'Reports viewed ÷ audits');
    // The report e-mails went to the outbox folder: none counts as sent or delivered, each row says where it is.
    expect(await page.getByText('In outbox — not sent', { exact: true }).count()).toBe(LEADS);
    expect(await page.getByText('Email Sent', { exact: true }).count()).toBe(0);
    expect(await stat(page, 'Emails Sent')).toBe('0');
    expect(await stat(page, 'Emails Delivered')).toBe('0');
    expect(await page.getByTestId('stat-Emails Sent').textContent()).toContain(`${LEADS} in outbox — not sent`);
    await page.getByRole('button', { name: 'Preview' }).first().click();
    const frame = page.locator('dialog iframe');
    expect(await frame.getAttribute('src')).toMatch(/^\/audit-report\/[A-Za-z0-9_-]+$/);
    await page.keyboard.press('Escape');

    await page.goto(`${app.url}/admin/funnels`);
    await page.getByRole('heading', { name: 'Free Marketing Audit' }).waitFor();
    await expect.poll(() => stat(page, 'Total Leads'), { timeout: 10_000 }).toBe(String(LEADS));
    expect(await stat(page, 'Total Funnels')).toBe('2');
    await expectRate(page, 'All funnels: sent its form ÷ landing visitors');
    // The free audit's funnel counts the audit requests the Marketing Audits page lists.
    expect(await page.getByRole('article', { name: 'Free Marketing Audit' }).getByRole('definition').first().textContent()).toBe(
      String(LEADS),
    );
    await page.getByRole('button', { name: 'Analytics' }).first().click();
    await expect
      .poll(() => page.locator('dialog').getByTestId('stat-Total Submissions').locator('span').nth(1).textContent())
      .toBe(String(LEADS));
    await expectRate(page.locator('dialog'), 'Sent its form ÷ landing visitors');
    // The dialog is named by its title; Escape closes it and gives focus back to its opener.
    expect(await page.getByRole('dialog', { name: / Analytics$/ }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: 'Analytics' })
          .first()
          .evaluate((b) => b === document.activeElement),
      )
      .toBe(true);
    // Save Changes is stored: the new name survives a reload.
    await page.getByRole('button', { name: 'Edit' }).first().click();
    await page.locator('dialog').getByLabel('Name', { exact: true }).fill('Spring Audit Funnel');
    await page.locator('dialog').getByRole('tab', { name: 'Popup Creator' }).click();
    // Every tab changes the site now: none is "for your records only".
    expect(await page.locator('dialog').getByText('Saved for your records only.').count()).toBe(0);
    await page.locator('dialog').getByLabel('Delay (seconds)').fill('30');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Your funnel configuration has been saved successfully.').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Spring Audit Funnel' }).waitFor();

    await page.goto(`${app.url}/admin/ab-testing`);
    await page.getByRole('heading', { name: 'Audit Popup' }).first().waitFor();
    expect(Number((await stat(page, 'Impressions'))!.replace(/,/g, ''))).toBeGreaterThan(10);
    // The demo's conversions are the leads it posted: A/B and Audits count the same people.
    expect(await stat(page, 'Conversions')).toBe(String(LEADS));
    await expectRate(page, 'Conversions ÷ impressions');
    // 60 visitors cannot make a lead significant: the highest rate is said once, not called the
    // winner, and the owner is told not to act on it yet.
    expect(
      await page
        .getByText(/^Highest rate: [AB] — not yet significant$/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.getByText(/^Winner: /).count()).toBe(0);
    await page.getByRole('tab', { name: 'Raw Data' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'ab_impression' }).count()).toBeGreaterThan(0);

    await page.goto(`${app.url}/admin/retargeting`);
    await expect.poll(() => stat(page, 'Unique Users'), { timeout: 10_000 }).toBe(String(VISITORS));
    await expectRate(page, 'Identified ÷ unique users');
    await page.getByRole('tab', { name: 'User Journeys' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(20);
    // Journeys read as actions on named pages ("Viewed Home"), not event codes; the code and
    // path stay on hover.
    const steps = page.getByTestId('journey-step');
    const labels = await steps.allTextContents();
    expect(labels.filter((label) => /_|^[a-z]/.test(label))).toEqual([]);
    expect(labels).toContain('Viewed Home');
    expect(labels).toContain('Audit popup shown');
    expect(await steps.first().getAttribute('title')).toMatch(/^[a-z_]+ on \//);

    await page.goto(`${app.url}/admin/analytics`);
    // The demo's visitors, counted as the Traffic page counts visits: each lead's view of its own
    // report is an event the server records, not a page view, so it starts no visit.
    await expect.poll(() => stat(page, 'Sessions'), { timeout: 10_000 }).toBe(String(VISITORS));
    await expect.poll(() => page.getByTestId('source-site-analytics').getByText('connected').isVisible(), { timeout: 10_000 }).toBe(true);
    // Keyword setup saves the domain and says plainly that no positions are collected yet.
    await page.getByLabel('Domain').fill('porterrealty.com');
    await page.getByRole('button', { name: 'Setup Keywords' }).click();
    await page.getByTestId('keyword-tracking-status').getByText('porterrealty.com', { exact: false }).waitFor();
    expect(await page.getByTestId('keyword-tracking-status').textContent()).toContain(
      'not collected until a rank-tracking source is connected',
    );

    await page.goto(`${app.url}/admin/dashboard`);
    await page.getByRole('list', { name: 'System health' }).getByText('Connected').first().waitFor();
    expect(await page.getByRole('list', { name: 'System health' }).getByText('Connected').count()).toBe(2);
    // Nothing was refused by the event store, and the owner is told so.
    await page.getByRole('list', { name: 'System health' }).getByText('Every accepted event was stored').waitFor();
    await page.getByRole('tab', { name: 'Feature Status' }).click();
    await page.getByRole('heading', { name: /Marketing Audit System/ }).waitFor();
    // A status says what a feature is waiting for; nothing promises what is not there.
    const placeholders = /coming soon|% functional|payment processing/i;
    expect(await page.locator('main').textContent()).not.toMatch(placeholders);
    await page.goto(`${app.url}/admin/funnels`);
    await page.getByRole('region', { name: 'Funnel Manager data connections' }).waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(placeholders);
    expect(page.consoleErrors.filter((e) => !expectedError(e))).toEqual([]);
    await page.close();
  });

  it('sorts an admin table by its column headers: a click sorts, the next reverses, aria-sort names it', async () => {
    const page = await app.newPage();
    await signIn(page, app.url);
    await page.goto(`${app.url}/admin/retargeting`);
    await expect.poll(() => stat(page, 'Unique Users'), { timeout: 10_000 }).toBe(String(VISITORS));
    await page.getByRole('tab', { name: 'Event Details' }).click();
    const table = page.getByRole('tabpanel').getByRole('table');
    const header = (name: string) => table.getByRole('columnheader', { name, exact: true });
    const column = (n: number) => table.locator(`tbody tr td:nth-child(${n})`).allTextContents();
    const counts = async () => (await column(3)).map((text) => Number(text.replace(/,/g, '')));
    await table.locator('tbody tr').first().waitFor();
    const served = await counts();
    expect(served.length).toBeGreaterThan(3);
    expect(await header('Count').getAttribute('aria-sort')).toBeNull();

    // A count sorts largest first, then the other way, across every page (the first page then
    // shows the extremes of all rows, which may not all have been on the first page before).
    await header('Count').getByRole('button').click();
    await expect.poll(() => header('Count').getAttribute('aria-sort')).toBe('descending');
    const descending = await counts();
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(descending[0]).toBeGreaterThanOrEqual(Math.max(...served));
    await header('Count').getByRole('button').click();
    await expect.poll(() => header('Count').getAttribute('aria-sort')).toBe('ascending');
    const ascending = await counts();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBeLessThanOrEqual(Math.min(...served));

    // Text sorts A to Z first; one column at a time carries aria-sort.
    await header('Event').getByRole('button').click();
    await expect.poll(() => header('Event').getAttribute('aria-sort')).toBe('ascending');
    expect(await header('Count').getAttribute('aria-sort')).toBeNull();
    const events = await column(1);
    expect(events).toEqual([...events].sort((a, b) => a.localeCompare(b, 'en')));
    await header('Event').getByRole('button').click();
    await expect.poll(() => header('Event').getAttribute('aria-sort')).toBe('descending');
    const reversed = await column(1);
    expect(reversed).toEqual([...reversed].sort((a, b) => b.localeCompare(a, 'en')));
    expect(page.consoleErrors.filter((e) => !expectedError(e))).toEqual([]);
    await page.close();
  });

  it('applies the settings on public pages: SEO at once, tracking tags only after consent', async () => {
    const page = await app.newPage();
    const home = async () => (await page.goto(`${app.url}/`, { waitUntil: 'networkidle' }))!;
    // Nothing configured: no banner, no tag, the strict policy.
    const before = await home();
    expect(before.headers()['content-security-policy']).not.toContain('googletagmanager');
    expect(await page.getByTestId('consent-banner').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cookie preferences' }).count()).toBe(0);

    await signIn(page, app.url);
    await page.goto(`${app.url}/admin/settings`);
    await page.getByLabel('Google Analytics measurement ID').fill('G-AB12CD34EF');
    await page.getByRole('form', { name: 'Analytics & Tracking settings' }).getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Settings saved').waitFor();
    await page.getByLabel('Google site verification code').fill('abcdefghij1234567890');
    await page.getByLabel('Twitter card type').selectOption('summary_large_image');
    await page.getByLabel('Site title').fill('Porter Realty');
    await page.getByLabel('Site description').fill('Porter Realty sells homes in Arlington.');
    await page.getByRole('form', { name: 'Search Engine Optimisation settings' }).getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Settings saved').first().waitFor();
    await page.getByLabel('Hotjar site ID').fill('12ab');
    expect(await page.getByText('Hotjar site ID must be 4 to 12 digits.').isVisible()).toBe(true);
    // Event retention: bounds checked as typed, the saved value is what the server keeps.
    const retention = page.getByLabel('Keep tracking events for (days)');
    expect(await retention.inputValue()).toBe('730');
    await retention.fill('10');
    expect(await page.getByText('Event retention must be a whole number of days from 30 to 3650.').isVisible()).toBe(true);
    await retention.fill('365');
    await page.getByRole('form', { name: 'Data Retention settings' }).getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Tracking events are now kept for 365 days.').waitFor();
    expect(await page.evaluate(() => fetch('/api/admin/settings/retention').then((r) => r.json()))).toMatchObject({
      eventsDays: 365,
      version: 1,
    });

    const after = await home();
    expect(after.headers()['content-security-policy']).toContain("script-src 'self' https://www.googletagmanager.com");
    await page.locator('meta[name="google-site-verification"][content="abcdefghij1234567890"]').waitFor({ state: 'attached' });
    expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
    // The site title and description are what a visitor and a search result see, as sent...
    expect(await page.title()).toBe('Home | Porter Realty — Real Estate Marketing & Operations');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Porter Realty sells homes in Arlington.');
    // ...and after moving to another page in the browser.
    await page.getByRole('navigation').getByRole('link', { name: 'Services', exact: true }).first().click();
    await expect.poll(() => page.title()).toBe('Services | Porter Realty');
    await page.getByTestId('consent-banner').getByText('Google Analytics').waitFor();
    expect(await page.locator('script[data-tag]').count()).toBe(0);

    await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept' }).click();
    await page.locator('script[data-tag="gtag"]').waitFor({ state: 'attached' });
    expect(await page.locator('script[data-tag="gtag"]').getAttribute('src')).toBe(
      'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
    );
    await expect.poll(() => page.evaluate<number>('window.dataLayer.length')).toBeGreaterThan(2);
    // The vendor file may fail on this closed network, but never because the CSP refused it.
    expect(page.consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);

    // The footer link asks again; declining takes effect on a fresh page without the tags.
    expect(await page.getByTestId('consent-banner').count()).toBe(0);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' }).click();
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('consent-banner').getByRole('button', { name: 'Decline' }).click();
    await reloaded;
    expect(await page.evaluate(() => localStorage.getItem('curb_tag_consent'))).toBe('denied');
    await page.getByRole('button', { name: 'Cookie preferences' }).waitFor();
    expect(await page.locator('script[data-tag]').count()).toBe(0);
    expect(await page.getByTestId('consent-banner').count()).toBe(0);
    await page.close();
  });

  it('fits a 390 px phone on every admin page: no sideways scroll, one navigation row, named titles', async () => {
    const context = await app.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await signIn(page, app.url);
    const pages = [
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
    for (const path of pages) {
      await page.goto(`${app.url}${path}`);
      await page.locator('main h1:visible, main h2:visible').first().waitFor();
      // The widest element that sticks out of the viewport names the culprit when this fails.
      const measure = () =>
        page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          let worst = '';
          let widest = width;
          // Content inside a scrolling or clipping box (a wide table's own scroller) is fine.
          const clipped = (el: Element) => {
            for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
              if (getComputedStyle(up).overflowX !== 'visible') return true;
            }
            return false;
          };
          // The culprit is the overflowing element none of whose children reach as far.
          for (const el of document.querySelectorAll('body *')) {
            const rect = el.getBoundingClientRect();
            if (rect.right <= widest + 1 || clipped(el)) continue;
            const childRight = Math.max(0, ...[...el.children].map((c) => c.getBoundingClientRect().right));
            if (childRight >= rect.right - 1) continue;
            widest = rect.right;
            worst = `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 30)}" (${Math.round(rect.right)} px)`;
          }
          return { scrollWidth: document.documentElement.scrollWidth, width, worst };
        });
      // Figures arrive after the heading: settle on the loaded page before judging.
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
      await expect.poll(measure, { timeout: 3000, message: path }).toEqual({ scrollWidth: 390, width: 390, worst: '' });
      expect(await page.title(), path).not.toMatch(/^Page /);
      // Ids are for code: the owner reads names ("Audit Popup", not "audit_popup").
      expect(await page.getByText('audit_popup', { exact: true }).count(), path).toBe(0);
      if (process.env.SCREENSHOT_DIR)
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/phone${path.replace(/\//g, '-')}.png`, fullPage: true });
      // One navigation bar: the section switcher does not stack under the admin bar on a phone
      // (the portal index is the section cards themselves).
      expect(await page.locator('nav:visible').count(), path).toBe(path === '/admin' ? 2 : 1);
    }
    await context.close();
  }, 120_000);

  it('signs out with the Logout link and lands on the sign-in page', async () => {
    const page = await app.newPage();
    await signIn(page, app.url);
    await page.getByRole('link', { name: 'Logout' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
    await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();
    await page.goto(`${app.url}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();
    await page.close();
  });
});
