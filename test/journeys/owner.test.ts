/// <reference lib="dom" />
// The owner's journeys, from the admin sign-in, by clicks: every page of the portal with the
// figures `pnpm demo` leaves (A/B tests, journeys, funnels), and the settings carried to the
// public site, where a visitor accepts and declines the tracking tags. Each runs at 1280 and
// 390 px.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startDemoApp, type DemoApp } from '../browser/admin-session.ts';
import { launchBrowser, type BrowserApp } from '../browser/harness.ts';
import { atEachWidth, Journey, openAdminPage, signInAsOwner } from './journey.ts';

const LEADS = 3;

/** The sign-in page asks who is signed in first; a visitor who is not gets a 401. */
const SIGNED_OUT = /status of 401 .*\/api\/auth\/user/;
/** Vendor files cannot load on this closed network (never because the page policy refused them). */
const VENDOR_OFFLINE = /net::ERR_\w+ \(https:\/\/www\.googletagmanager\.com\//;

/** Saves a settings form; the second width finds the values already saved (nothing to save). */
async function save(j: Journey, form: string): Promise<void> {
  const button = j.page.getByRole('form', { name: form }).getByRole('button', { name: 'Save Changes' });
  if (await button.isDisabled()) return;
  await button.click();
  await j.page.getByText('Settings saved').first().waitFor();
}

/**
 * Types a value into a settings form until the form holds it as a change to save: a form that
 * renders again while its section loads may drop what was typed before.
 */
async function typeChange(j: Journey, form: string, label: string, value: string): Promise<void> {
  const scope = j.page.getByRole('form', { name: form });
  await expect
    .poll(
      async () => {
        if ((await scope.getByLabel(label).inputValue()) !== value) await scope.getByLabel(label).fill(value);
        return scope.getByRole('status').filter({ hasText: label }).count();
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBe(1);
}

describe('the owner’s journeys in Chromium', () => {
  let app: BrowserApp;
  let browser: Browser;
  let started: DemoApp;

  beforeAll(async () => {
    // What `pnpm demo` sends: visits, A/B exposures and audit requests through the public endpoints.
    started = await startDemoApp({ visitors: 40, leads: LEADS, seed: 11 });
    app = started.app;
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await started?.close();
  });

  it('signs in and reads every page of the portal: audits, funnels, A/B tests, journeys', async () => {
    await atEachWidth(
      browser,
      'owner-portal',
      async (j) => {
        await signInAsOwner(j, app.url);
        const pages: Array<[label: string, title: string]> = [
          ['Dashboard', 'System Overview'],
          ['Marketing Audits', 'Marketing Audits'],
          ['Funnel Manager', 'Enhanced Funnel Manager'],
          ['A/B Testing', 'A/B Testing'],
          ['Retargeting Analytics', 'Retargeting Analytics'],
          ['Analytics', 'Site Analytics'],
          ['Settings', 'Settings'],
          ['Data & Privacy', 'Data & Privacy'],
          ['Profile', 'Profile'],
          ['Site Content', 'Site Content'],
          ['Admin Home', 'Admin Portal'],
        ];
        for (const [label, title] of pages) {
          await openAdminPage(j, label);
          await expect.poll(() => j.page.title()).toBe(title === 'Admin Portal' ? title : `${title} | Admin Portal`);
          await j.page.locator('main').getByRole('heading').filter({ visible: true }).first().waitFor();
          // Figures arrive after the heading: the page is read once nothing says it is loading.
          await expect
            .poll(
              () =>
                j.page
                  .getByText(/^Loading\b/)
                  .filter({ visible: true })
                  .count(),
              { timeout: 30_000 },
            )
            .toBe(0);
          if (label === 'A/B Testing') {
            // The demo's handful of visitors makes no result significant, and the page says so once.
            await j.page
              .getByText(/^Highest rate: [AB] — not yet significant$/)
              .first()
              .waitFor();
            expect(await j.page.getByText(/^Winner: /).count()).toBe(0);
          }
          if (label === 'Funnel Manager') await j.page.getByText('Free Marketing Audit').first().waitFor();
          if (label === 'Retargeting Analytics') {
            // Journeys read as actions on named pages, not event codes.
            await j.page.getByRole('tab', { name: 'User Journeys' }).click();
            await j.page.getByTestId('journey-step').first().waitFor();
            const steps = await j.page.getByTestId('journey-step').allTextContents();
            expect(steps.filter((step) => /_|^[a-z]/.test(step))).toEqual([]);
            expect(steps).toContain('Viewed Home');
          }
          await j.step(label);
        }
        await j.finish();
      },
      { allow: [SIGNED_OUT] },
    );
  }, 300_000);

  it("Data & Privacy: the owner downloads a person's data, then erases them after confirming", async () => {
    await atEachWidth(
      browser,
      'owner-privacy',
      async (j) => {
        // Someone who wrote through the contact form: the person the owner is asked about.
        const email = `erase-me-${j.width.name}@harbor-point.example`;
        const sent = await fetch(`${app.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Erin Vale', email, subject: '', message: 'Please call me about my listing site.' }),
        });
        expect(sent.status).toBe(201);

        await signInAsOwner(j, app.url);
        await openAdminPage(j, 'Data & Privacy');
        const form = j.page.getByRole('form', { name: "A person's data" });
        await form.getByLabel('E-mail address').fill(email);
        const download = j.page.waitForEvent('download', { timeout: 30_000 });
        await form.getByRole('button', { name: 'Download their data (JSON)' }).click();
        const file = await download;
        expect(readFileSync((await file.path())!, 'utf8')).toContain('Please call me about my listing site.');
        await j.step('data downloaded');

        await form.getByRole('button', { name: 'Erase this person...' }).click();
        const dialog = j.page.getByRole('dialog', { name: 'Erase this person?' });
        await dialog.getByText(email).waitFor();
        await j.step('erasure asked');
        // Cancel leaves everything; the owner asks again and confirms.
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        await form.getByRole('button', { name: 'Erase this person...' }).click();
        await dialog.getByRole('button', { name: 'Erase everything' }).click();
        await dialog.waitFor({ state: 'detached' });
        await j.page.getByTestId('toast').filter({ hasText: 'Person erased' }).first().waitFor();
        // The last erasure's table, store by store: the one contact message went.
        const removed = j.page.getByRole('row').filter({ has: j.page.getByRole('cell', { name: 'Contact messages', exact: true }) });
        expect(await removed.getByRole('cell').last().textContent()).toBe('1');
        await j.step('person erased');

        // Asked again, nothing is left of them.
        await form.getByLabel('E-mail address').fill(email);
        await form.getByRole('button', { name: 'Erase this person...' }).click();
        await dialog.getByRole('button', { name: 'Erase everything' }).click();
        await j.page.getByTestId('toast').filter({ hasText: 'Nothing to erase' }).first().waitFor();
        await j.finish();
      },
      { allow: [SIGNED_OUT] },
    );
  }, 240_000);

  it('sets a title and tracking in Settings; the site carries them; a visitor accepts, then declines', async () => {
    await atEachWidth(
      browser,
      'owner-settings',
      async (j) => {
        await signInAsOwner(j, app.url);
        await openAdminPage(j, 'Settings');
        await j.page.getByLabel('Google Analytics measurement ID').fill('G-TEST12345');
        await save(j, 'Analytics & Tracking settings');
        // A site title that contains the content's brand ("Morgan Ellis").
        await j.page.getByLabel('Site title').fill('Morgan Ellis Marketing');
        await j.page.getByLabel('Canonical URL').fill('https://www.morganellis.example');
        await save(j, 'Search Engine Optimisation settings');
        await j.step('settings saved');

        // View Site loads the site afresh, with the settings just saved.
        await j.page.getByRole('link', { name: 'View Site' }).click();
        await j.page.waitForURL(`${app.url}/`);
        await j.page.waitForFunction(() => document.documentElement.dataset.interactive === 'true', null, { polling: 100 });
        await expect.poll(() => j.page.title()).toBe('Home | Morgan Ellis Marketing — Real Estate Marketing & Operations');
        const brand = j.page.getByRole('navigation', { name: 'Main' }).getByRole('link').first();
        await expect.poll(() => brand.textContent()).toBe('Morgan Ellis Marketing');
        expect(await j.page.locator('meta[property="og:image"]').getAttribute('content')).toBe(
          'https://www.morganellis.example/media/og-image.png',
        );
        await j.step('site with settings');

        await j.navigate('Services');
        await expect.poll(() => j.page.title()).toBe('Services | Morgan Ellis Marketing');
        const banner = j.page.getByTestId('consent-banner');
        await banner.getByText('Google Analytics').waitFor();
        await j.step('consent asked');
        await banner.getByRole('button', { name: 'Accept' }).click();
        await j.page.locator('script[data-tag="gtag"]').waitFor({ state: 'attached' });
        await expect.poll(() => banner.count()).toBe(0);
        // The title stays put after the tags run (it grew on every head change before): once
        // the page view went to the tags, and the page has painted since.
        await j.page.waitForFunction(() =>
          ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).some(
            (e) => e[0] === 'event' && e[1] === 'page_view',
          ),
        );
        await j.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        expect(await j.page.title()).toBe('Services | Morgan Ellis Marketing');
        await j.step('accepted');

        // The footer asks again; declining takes effect on a fresh page without the tags.
        await j.page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' }).click();
        const reloaded = j.page.waitForEvent('load');
        await banner.getByRole('button', { name: 'Decline' }).click();
        await reloaded;
        await j.page.waitForFunction(() => document.documentElement.dataset.interactive === 'true', null, { polling: 100 });
        expect(await j.page.locator('script[data-tag]').count()).toBe(0);
        expect(await banner.count()).toBe(0);
        await j.step('declined');
        // The sign-in, View Site and the reload after declining.
        await j.finish(3);
      },
      { allow: [SIGNED_OUT, VENDOR_OFFLINE] },
    );
  }, 240_000);

  it('Settings: two people save the same section at once; the later one is told who and when, and overwrites', async () => {
    const booking = 'Booking link';
    const form = 'Report Contact settings';
    await atEachWidth(
      browser,
      'owner-settings-stale',
      async (j) => {
        await signInAsOwner(j, app.url);
        await openAdminPage(j, 'Settings');
        await typeChange(j, form, booking, `https://cal.example/mine-${j.width.name}`);
        await j.step('mine typed');

        // Someone else (the same account, in another browser) saves the same section meanwhile.
        // That browser carries the account's session rather than signing in again: sign-ins are
        // limited to ten a minute per client, and this file's journeys already sign in often.
        const other = await Journey.start(browser, 'owner-settings-stale-other', j.width, { allow: [SIGNED_OUT] });
        try {
          await other.context.addCookies(await j.context.cookies());
          await other.arrive(`${app.url}/admin`);
          await other.page.getByText('Welcome, ').first().waitFor();
          await other.step('signed in');
          await openAdminPage(other, 'Settings');
          await typeChange(other, form, booking, `https://cal.example/theirs-${j.width.name}`);
          await other.page.getByRole('form', { name: form }).getByRole('button', { name: 'Save Changes' }).click();
          await other.page.getByText('Settings saved').first().waitFor();
          await other.finish();
        } finally {
          await other.context.close().catch(() => {});
        }

        await j.page.getByRole('form', { name: form }).getByRole('button', { name: 'Save Changes' }).click();
        const stale = j.page.getByTestId('settings-stale-contact');
        await stale
          .getByText(
            /^The contact settings were changed by \S+@\S+ at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(version \d+\) after you opened it/,
          )
          .waitFor();
        expect(await stale.isVisible()).toBe(true);
        await j.step('told of the other save');
        await stale.getByRole('button', { name: 'Overwrite with mine' }).click();
        await j.page.getByText('Settings saved').first().waitFor();
        await expect.poll(() => stale.count()).toBe(0);
        const stored = (await (await j.page.request.get(`${app.url}/api/settings?category=contact`)).json()) as unknown[];
        expect(stored).toEqual([{ key: 'booking_url', value: `https://cal.example/mine-${j.width.name}` }]);
        await j.finish();
      },
      // The browser reports the refused save (409) as a console error; it is what this journey tests.
      { allow: [SIGNED_OUT, /status of 409 \(Conflict\) \(.*\/api\/settings\/contact\)/] },
    );
  }, 240_000);
});
