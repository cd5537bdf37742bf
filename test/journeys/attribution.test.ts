/// <reference lib="dom" />
// The owner follows a lead back to where it came from: from a row of Marketing Audits, the
// lead's journey (the first visit's source and landing page, each visit with its pages, the
// audit requested), at 1280 and 390 px, on the traffic `pnpm demo` sends; then on the Traffic
// page reads which channels brought the leads, clicks a source to filter the page by it and sees
// the attribution follow, and builds a funnel; then, in Settings, turns on
// the weekly Traffic e-mail, adds a goal and creates and revokes a stats API token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startDemoApp, type DemoApp } from '../browser/admin-session.ts';
import { launchBrowser } from '../browser/harness.ts';
import { atEachWidth, openAdminPage, signInAsOwner } from './journey.ts';

/** The sign-in page asks who is signed in first; a visitor who is not gets a 401. */
const SIGNED_OUT = /status of 401 .*\/api\/auth\/user/;
/** The goal the owner writes without its leading slash is refused (a 400), on purpose. */
const GOAL_REFUSED = /status of 400 .*\/api\/admin\/goals/;
/** So is the funnel step written without it. */
const STEP_REFUSED = /status of 400 .*\/api\/admin\/traffic\/funnels/;

describe("a lead's journey in Chromium", () => {
  let browser: Browser;
  let started: DemoApp;

  beforeAll(async () => {
    started = await startDemoApp({ visitors: 20, leads: 2, seed: 40 });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await started?.close();
  });

  it('opens from Marketing Audits with the first source, the visits and their pages, and the audit', async () => {
    await atEachWidth(
      browser,
      'lead-journey',
      async (j) => {
        await signInAsOwner(j, started.app.url);
        await openAdminPage(j, 'Marketing Audits');
        await j.page.getByRole('button', { name: 'Journey' }).filter({ visible: true }).first().click();
        const dialog = j.page.getByRole('dialog', { name: /^Journey: / });
        await dialog.waitFor();
        await dialog.getByText('Requested an audit').first().waitFor();
        // The demo's leads arrived on a page of the site from a source it tagged or referred.
        await expect.poll(() => dialog.getByText(/^Visit from /).count()).toBeGreaterThan(0);
        expect(await dialog.getByText('No visit was recorded').count()).toBe(0);
        expect(await dialog.getByRole('list', { name: 'Pages of this visit' }).first().getByRole('listitem').count()).toBeGreaterThan(0);
        // Nothing in the dialog is wider than the screen.
        const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow, `${j.width.name}: the journey scrolls sideways`).toBeLessThanOrEqual(1);
        await j.step('journey open');
        await j.page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });

        // Traffic: which channels brought the demo's leads, first and last touch, and a funnel of the owner's own.
        await openAdminPage(j, 'Traffic');
        await j.page.getByRole('tab', { name: 'Lead attribution' }).click();
        const attribution = j.page.locator('[data-attribution="channel"]');
        await attribution.waitFor();
        await expect.poll(() => attribution.getByRole('row').count()).toBeGreaterThan(1);
        await j.page.getByRole('button', { name: 'Last touch' }).click();
        await j.page.getByText('Each lead counts for their last visit before they became a lead.').waitFor();
        const download = j.page.waitForEvent('download');
        await attribution.getByRole('button', { name: 'Download CSV' }).click();
        expect((await download).suggestedFilename()).toBe('lead-attribution-last-touch-channel.csv');
        await j.step('lead attribution');

        // A source's row filters the whole page by it, and the attribution follows: by first
        // touch, that row alone with the same leads; by last touch, only leads whose last visit
        // before converting came from it. Removing the filter brings every lead back.
        await j.page.getByRole('button', { name: 'First touch' }).click();
        await j.page.getByRole('tab', { name: 'Source', exact: true }).click();
        const bySource = j.page.locator('[data-attribution="source"]');
        await bySource.waitFor();
        const rowsOf = () =>
          bySource
            .locator('tbody tr')
            .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent ?? '')));
        await expect.poll(async () => (await rowsOf()).length, { timeout: 15_000 }).toBeGreaterThan(0);
        const every = await rowsOf();
        const source = every.find(([value]) => value !== '(not tracked)');
        expect(source, 'a lead whose first visit was recorded').toBeDefined();
        const [name] = source!;
        await bySource.getByRole('button', { name: name!, exact: true }).click();
        await j.page
          .getByTestId('filter-chip')
          .filter({ hasText: `Source is ${name}` })
          .waitFor();
        await j.page.getByText('Only the leads whose visit the filters above keep are counted.').waitFor();
        await expect.poll(rowsOf, { timeout: 15_000 }).toEqual([source]);
        expect(new URL(j.page.url()).searchParams.get('view')).toBe('attribution');
        await bySource.scrollIntoViewIfNeeded();
        await j.step('attribution by a source');
        await j.page.getByRole('button', { name: 'Last touch' }).click();
        await j.page.getByText('Each lead counts for their last visit before they became a lead.').waitFor();
        // The last touches' answer (the first touches' is never shown under it): every row is the source, if any is left.
        await bySource.or(j.page.getByText('No leads in this period under these filters.')).waitFor();
        expect((await rowsOf()).filter(([value]) => value !== name)).toEqual([]);
        await j.step('last touch by a source');
        await j.page.getByRole('button', { name: `Remove filter Source is ${name}` }).click();
        await j.page.getByRole('button', { name: 'First touch' }).click();
        await expect.poll(rowsOf, { timeout: 15_000 }).toEqual(every);
        await j.page.getByRole('tab', { name: 'Funnels' }).click();
        await j.page.getByRole('button', { name: 'New funnel' }).click();
        const editor = j.page.getByRole('dialog', { name: 'New funnel' });
        await editor.getByRole('textbox', { name: 'Name', exact: true }).fill(`Home to audit ${j.width.name}`);
        await editor.getByLabel('Step 1 page path').fill('home');
        await editor.getByLabel('Step 2 kind').selectOption('page');
        await editor.getByLabel('Step 2 page path').fill('/marketing-audit*');
        await editor.getByRole('button', { name: 'Save funnel' }).click();
        await editor.getByRole('alert').filter({ hasText: 'Step 1: a page path starts with /' }).waitFor();
        await editor.getByLabel('Step 1 page path').fill('/');
        await editor.getByRole('button', { name: 'Save funnel' }).click();
        await editor.waitFor({ state: 'hidden' });
        const steps = j.page.getByRole('list', { name: `Steps of Home to audit ${j.width.name}` });
        await expect.poll(() => steps.getByRole('listitem').count()).toBe(2);
        await steps.getByText('Visited /marketing-audit*').waitFor();
        await j.step('owner funnel');

        // Settings: the weekly e-mail, a goal of the owner's own, a token for a stats tool.
        await openAdminPage(j, 'Settings');
        const weekly = j.page.getByRole('form', { name: 'Weekly Traffic E-mail settings' });
        await weekly.getByLabel('Send it to').fill('owner@example.com');
        const optIn = weekly.getByRole('checkbox', { name: /Send me last week's traffic/ });
        if (!(await optIn.isChecked())) await optIn.check();
        const saveWeekly = weekly.getByRole('button', { name: 'Save Changes' });
        if (await saveWeekly.isEnabled()) {
          await saveWeekly.click();
          await j.page.getByText('The weekly e-mail goes to owner@example.com on Monday mornings.').first().waitFor();
        }
        const goals = j.page.getByRole('form', { name: 'Add a goal' });
        const goal = `Blog readers ${j.width.name}`;
        await goals.getByLabel('Goal name').fill(goal);
        await goals.getByLabel('Page path').fill('blog/*');
        await goals.getByRole('button', { name: 'Add goal' }).click();
        await goals.getByRole('alert').filter({ hasText: 'A page goal is a path starting with /' }).waitFor();
        await goals.getByLabel('Page path').fill('/blog/*');
        await goals.getByRole('button', { name: 'Add goal' }).click();
        await j.page.getByRole('list', { name: 'Your goals' }).getByText(goal).waitFor();
        const tokens = j.page.getByRole('form', { name: 'Create an API token' });
        await tokens.getByLabel('Token name').fill(`Looker ${j.width.name}`);
        await tokens.getByRole('button', { name: 'Create token' }).click();
        await j.page.getByText('Copy it now: it is not shown again.').waitFor();
        await j.step('settings for traffic');
        const token = j.page
          .getByRole('list', { name: 'Your API tokens' })
          .getByRole('listitem')
          .filter({ hasText: `Looker ${j.width.name}` });
        await token.getByRole('button', { name: 'Revoke' }).click();
        await token.waitFor({ state: 'detached' });
        await j.finish();
      },
      { allow: [SIGNED_OUT, GOAL_REFUSED, STEP_REFUSED] },
    );
  }, 240_000);
});
