/// <reference lib="dom" />
// The funnel manager drives the live funnel: the owner edits a funnel in the admin
// by clicks (sign-in at /admin, Funnel Manager, Edit, a tab, Save), then a visitor sees the
// effect on the public site, moving from the home page, or the lead gets it in the outbox mail.
// Each runs at 1280 and 390 px, from the funnels as the product starts (put back before each
// width), so any one of them runs alone or in any order.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSampleSites, type SampleSites } from '../../scripts/demo/sample-sites.ts';
import { ADMIN, ADMIN_ENV } from '../browser/admin-session.ts';
import { BROWSER_UA } from '../ingest/collector.ts';
import { launchBrowser, startBrowserApp, type BrowserApp } from '../browser/harness.ts';
import { atEachWidth, Journey, nextVisitor, openAdminPage, outboxMail, signInAsOwner, type JourneyOptions } from './journey.ts';

/** The sign-in page asks who is signed in first; a visitor who is not gets a 401. */
const SIGNED_OUT = /status of 401 .*\/api\/auth\/user/;
/** The save the Email Templates journey makes with a mistyped placeholder, refused on purpose. */
const REFUSED_SAVE = /status of 400 .*\/api\/admin\/funnels\/marketing-audit\/config/;
/** The funnels these journeys edit. */
const FUNNELS = ['marketing-audit', 'real-estate-marketing-report'];
/** The popup delay the owner sets: shorter than the product's 25 s, long enough to check before it. */
const POPUP_DELAY_MS = 10_000;

describe('the funnel manager drives the live funnel', () => {
  let app: BrowserApp;
  let browser: Browser;
  let dataDir: string;
  let sites: SampleSites;
  let site: string;
  /** The owner's session for the admin API, and each funnel's edit as the product started. */
  let owner: Record<string, string>;
  const started = new Map<string, string>();

  beforeAll(async () => {
    sites = await startSampleSites(['Harbor Point Homes'], () => 0.3);
    site = sites.urls[0]!;
    dataDir = mkdtempSync(join(tmpdir(), 'curb-funnel-journey-'));
    app = await startBrowserApp({
      ...ADMIN_ENV,
      DATA_DIR: dataDir,
      TRUST_PROXY: 'loopback',
    });
    browser = await launchBrowser();
    const login = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    owner = { cookie: login.headers.getSetCookie()[0]!.split(';')[0]!, origin: app.url };
    for (const id of FUNNELS) started.set(id, JSON.stringify((await funnelEdit(id)).edit));
  }, 90_000);
  beforeEach(resetFunnels);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await sites?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function funnelEdit(id: string): Promise<{ version: number; edit: object }> {
    const res = await fetch(`${app.url}/api/admin/funnels/${id}/config`, { headers: owner });
    expect(res.status).toBe(200);
    const { version, ...edit } = (await res.json()) as { version: number };
    return { version, edit };
  }

  /** Saves each funnel back as the product started it, where a journey (or a failed one) left it changed. */
  async function resetFunnels(): Promise<void> {
    for (const [id, edit] of started) {
      const now = await funnelEdit(id);
      if (JSON.stringify(now.edit) === edit) continue;
      const res = await fetch(`${app.url}/api/admin/funnels/${id}/config`, {
        method: 'PUT',
        headers: { ...owner, 'content-type': 'application/json' },
        body: JSON.stringify({ ...JSON.parse(edit), baseVersion: now.version }),
      });
      expect(res.status, await res.text()).toBe(200);
    }
  }

  /**
   * The journey at each width, each starting from the funnels as the product started them, the
   * owner signing in from an address of their own (sign-ins are limited per client and minute).
   */
  function eachWidth(name: string, body: (j: Journey) => Promise<void>, options: JourneyOptions) {
    return atEachWidth(
      browser,
      name,
      async (j) => {
        await resetFunnels();
        await body(j);
      },
      () => ({ ...options, clientAddress: nextVisitor() }),
    );
  }

  /** A visitor's request on the free audit page (moving there from the home page). */
  async function requestAudit(v: Journey, email: string): Promise<void> {
    await v.navigate('Free Audit');
    await v.page.waitForURL(/\/marketing-audit$/);
    const main = v.page.getByRole('main');
    // The name before the site: the site's lookup fills an empty name in, and one arriving
    // while the name is typed would land beside it.
    await main.getByLabel('Your Business Name').fill('Harbor Point Homes');
    await main.getByLabel('Website URL').fill(site);
    await main.getByLabel('Email Address').fill(email);
    await main.getByLabel(/I agree to receive my audit report/).check();
    await main.locator('button[type="submit"]').click();
  }

  /** The answer the form's POST to `path` gets (not a 503 the page tries again after). */
  async function answerTo(v: Journey, path: string): Promise<{ reportId: string | null }> {
    const response = await v.page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path && r.status() !== 503,
    );
    expect(response.status()).toBeLessThan(300);
    return (await response.json()) as { reportId: string | null };
  }

  /** Funnel Manager → the funnel's card → Edit: the dialog, loaded. */
  async function editFunnel(j: Journey, name: string) {
    await openAdminPage(j, 'Funnel Manager');
    await j.page.getByRole('article', { name }).getByRole('button', { name: 'Edit' }).click();
    const dialog = j.page.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.getByRole('tab', { name: 'General' }).waitFor();
    await dialog.getByLabel('Name', { exact: true }).waitFor();
    return dialog;
  }

  async function saveFunnel(j: Journey, dialog: Awaited<ReturnType<typeof editFunnel>>): Promise<void> {
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await j.page.getByTestId('toast').filter({ hasText: 'Funnel Updated' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
  }

  /** A visitor at the same width, arriving at `path` (a typed address or an ad's link). */
  async function visitor(j: Journey, path: string): Promise<Journey> {
    const v = await Journey.start(browser, `${j.name}-visitor`, j.width, { clientAddress: nextVisitor() });
    await v.arrive(`${app.url}${path}`);
    return v;
  }

  it('General and Landing Page: the owner retitles the free audit page and rewrites its copy; visitors and crawlers get it', async () => {
    await eachWidth(
      'funnel-landing',
      async (j) => {
        const headline = `Is your listing site losing leads? (${j.width.name})`;
        const copy = 'A free review of your website by an agent who ran marketing for a $75M team.';
        const title = `Free Website Audit for Agents ${j.width.name}`;
        await signInAsOwner(j, app.url);
        const dialog = await editFunnel(j, 'Free Marketing Audit');
        await dialog.getByLabel('Page title').fill(title);
        await dialog.getByRole('tab', { name: 'Landing Page' }).click();
        await dialog.getByLabel('Headline').fill(headline);
        await dialog.getByLabel('Copy').fill(copy);
        await dialog.getByLabel('Call to action').fill('Audit My Site');
        await dialog.getByLabel('Phone field').selectOption('required');
        await j.step('landing page edited');
        await saveFunnel(j, dialog);
        await j.step('saved');

        // A visitor moving from the home page to the free audit page.
        const v = await visitor(j, '/');
        await v.navigate('Free Audit');
        await v.page.waitForURL(/\/marketing-audit$/);
        const main = v.page.getByRole('main');
        await expect.poll(() => main.locator('h1').textContent()).toBe(headline);
        expect(await main.getByText(copy).count()).toBe(1);
        await main.getByRole('button', { name: 'Audit My Site' }).waitFor();
        await main.getByLabel('Phone').waitFor();
        await expect.poll(() => v.page.title()).toBe(`${title} | Morgan Ellis`);
        // The form refuses to go without the phone the funnel requires.
        await main.getByLabel('Your Business Name').fill('Harbor Point Homes');
        await main.getByLabel('Email Address').fill(`lead+${j.width.name}@harbor-point.example`);
        await main.getByLabel(/I agree to receive my audit report/).check();
        await main.getByRole('button', { name: 'Audit My Site' }).click();
        await main.getByText('Phone is required').waitFor();
        await v.step('landing page as a visitor');
        await v.finish();

        // Arriving at the page itself: the HTML carries the saved copy and hydrates without a complaint.
        const html = await (await fetch(`${app.url}/marketing-audit`)).text();
        expect(html).toContain(`>${headline}</h1>`);
        expect(html).toContain(`${title} | Morgan Ellis</title>`);
        expect(html).toContain('>Audit My Site</button>');
        const direct = await visitor(j, '/marketing-audit');
        expect(await direct.page.locator('main h1').textContent()).toBe(headline);
        await direct.page.getByRole('main').getByLabel('Phone').waitFor();
        await direct.finish();
        await j.finish();
      },
      { allow: [SIGNED_OUT] },
    );
  }, 240_000);

  it('General: a save made while someone else saved is refused with who and when; the owner overwrites with theirs', async () => {
    await eachWidth(
      'funnel-stale',
      async (j) => {
        await signInAsOwner(j, app.url);
        const dialog = await editFunnel(j, 'Free Marketing Audit');
        await dialog.getByLabel('Subtitle', { exact: true }).fill(`Mine (${j.width.name})`);
        // Another editor (the same account in another tab) saves the funnel meanwhile.
        const url = `${app.url}/api/admin/funnels/marketing-audit/config`;
        const { version: baseVersion, ...stored } = (await (await j.page.request.get(url)).json()) as { version: number };
        const theirs = await j.page.request.put(url, {
          data: { ...stored, subtitle: 'Theirs', baseVersion },
          headers: { origin: app.url },
        });
        expect(theirs.status()).toBe(200);

        await dialog.getByRole('button', { name: 'Save Changes' }).click();
        const stale = dialog.getByTestId('funnel-save-stale');
        await stale.getByText(/^This funnel was changed by owner@curb\.test at .+ UTC \(version \d+\) after you opened it/).waitFor();
        await j.step('told of the other save');
        await stale.getByRole('button', { name: 'Overwrite with mine' }).click();
        await j.page.getByTestId('toast').filter({ hasText: 'Funnel Updated' }).first().waitFor();
        await dialog.waitFor({ state: 'detached' });
        expect(((await (await j.page.request.get(url)).json()) as { subtitle: string }).subtitle).toBe(`Mine (${j.width.name})`);
        await j.finish();
      },
      // The browser reports the refused save (409) as a console error; it is what this journey tests.
      { allow: [SIGNED_OUT, /status of 409 \(Conflict\) \(.*\/api\/admin\/funnels\/marketing-audit\/config\)/] },
    );
  }, 240_000);

  it('General: an inactive funnel answers its page with the generic audit page, its card says so; History restores it', async () => {
    await eachWidth(
      'funnel-inactive',
      async (j) => {
        await signInAsOwner(j, app.url);
        const dialog = await editFunnel(j, 'Real Estate Marketing Report');
        await dialog.getByRole('tab', { name: 'Landing Page' }).click();
        await dialog.getByLabel('Headline').fill('What your website is worth to your business');
        await saveFunnel(j, dialog);
        const again = await editFunnel(j, 'Real Estate Marketing Report');
        await again.getByLabel('Active').uncheck();
        await saveFunnel(j, again);
        const card = j.page.getByRole('article', { name: 'Real Estate Marketing Report' });
        await card.getByText('Inactive', { exact: true }).waitFor();
        await card.getByTestId('funnel-inactive-note').waitFor();
        await j.step('inactive card');

        const response = await fetch(`${app.url}/real-estate-marketing-report`);
        expect(response.status).toBe(200);
        const v = await visitor(j, '/real-estate-marketing-report');
        expect(await v.page.locator('main h1').textContent()).toBe('Free Real Estate Marketing Audit');
        await v.page.getByRole('main').getByRole('button', { name: 'Get My Free Audit' }).waitFor();
        await v.step('generic audit page');
        await v.finish();

        // History: the version before the switch is restored, and the landing page is back with its headline.
        await card.getByRole('button', { name: 'History of Real Estate Marketing Report' }).click();
        const history = j.page.getByRole('dialog', { name: 'History of Real Estate Marketing Report' });
        const latest = history.getByTestId('funnel-version').first();
        await latest.getByText('General › Active').waitFor();
        await latest.getByText(`by ${ADMIN.email}`, { exact: false }).waitFor();
        await j.step('history');
        const before = history.getByTestId('funnel-version').nth(1);
        await before.getByRole('button', { name: /^Restore version/ }).click();
        await j.page.getByTestId('toast').filter({ hasText: 'Funnel restored' }).first().waitFor();
        await history
          .getByText(/restored version \d+/)
          .first()
          .waitFor();
        await history.getByRole('button', { name: 'Close dialog', exact: true }).first().click();
        await card.getByText('Active', { exact: true }).waitFor();

        const back = await visitor(j, '/real-estate-marketing-report');
        expect(await back.page.locator('main h1').textContent()).toBe('What your website is worth to your business');
        await back.finish();
        await j.finish();
      },
      { allow: [SIGNED_OUT] },
    );
  }, 240_000);

  it('Popup Creator: the owner shortens the delay and rewrites the variants; a visitor on the home page gets that popup', async () => {
    await eachWidth(
      'funnel-popup',
      async (j) => {
        await signInAsOwner(j, app.url);
        const dialog = await editFunnel(j, 'Free Marketing Audit');
        await dialog.getByRole('tab', { name: 'Popup Creator' }).click();
        await dialog.getByLabel('Delay (seconds)').fill(String(POPUP_DELAY_MS / 1_000));
        await dialog.getByLabel(/^Exit intent/).uncheck();
        for (const variant of ['A', 'B']) {
          await dialog.getByLabel(`Variant ${variant} title`).fill(`Spring audit ${variant}`);
          await dialog.getByLabel(`Variant ${variant} subtitle`).fill('Ready before the spring market');
          await dialog.getByLabel(`Variant ${variant} button text`).fill(`Send my spring audit ${variant}`);
        }
        await saveFunnel(j, dialog);

        const v = await Journey.start(browser, `${j.name}-visitor`, j.width, { clientAddress: nextVisitor() });
        // The delay began once the page ran, after the clock was installed: at most `loading` ms
        // of it had passed on arrival, however slowly a loaded machine drew the page.
        const start = Date.now();
        await v.page.clock.install({ time: start });
        await v.arrive(`${app.url}/`);
        const loading = (await v.page.evaluate(() => Date.now())) - start;
        expect(loading).toBeLessThan(POPUP_DELAY_MS - 2_000);
        await v.page.clock.fastForward(POPUP_DELAY_MS - 2_000 - loading);
        const popup = v.page.getByTestId('audit-popup');
        expect(await popup.isVisible()).toBe(false);
        await v.page.clock.fastForward(3_000);
        await popup.waitFor();
        const variant = (await popup.locator('[data-variant]').getAttribute('data-variant')) === 'popup-image' ? 'A' : 'B';
        await popup.getByRole('heading', { name: `Spring audit ${variant}` }).waitFor();
        await popup.getByText('Ready before the spring market').waitFor();
        await popup.getByRole('button', { name: `Send my spring audit ${variant}` }).waitFor();
        await v.step('popup');
        await v.finish();
        await j.finish();
      },
      { allow: [SIGNED_OUT] },
    );
  }, 240_000);

  it('Email Templates: the owner rewrites the confirmation, previews it and sends a test to herself; a lead gets it as saved', async () => {
    await eachWidth(
      'funnel-emails',
      async (j) => {
        await signInAsOwner(j, app.url);
        const dialog = await editFunnel(j, 'Free Marketing Audit');
        await dialog.getByRole('tab', { name: 'Email Templates' }).click();
        const confirmation = dialog.getByTestId('template-confirmation');
        await confirmation.getByLabel('Send the confirmation').check();
        await confirmation.getByLabel('Confirmation subject').fill(`Thanks for your request, {{firstName}} (${j.width.name})`);
        // A mistyped placeholder is named at once, and the save is refused with the field named.
        await confirmation.getByLabel('Confirmation body').fill('We are looking at {{webiste}}.');
        await confirmation.getByRole('alert').getByText('unknown placeholder {{webiste}}', { exact: false }).waitFor();
        await dialog.getByRole('button', { name: 'Save Changes' }).click();
        // The server's refusal is shown at the field it names.
        await confirmation
          .getByRole('alert')
          .getByText('Email Templates › Confirmation body: unknown placeholder {{webiste}}', { exact: false })
          .waitFor();
        await j.step('placeholder refused');
        await confirmation.getByLabel('Confirmation body').fill('We are looking at {{website}} for {{businessName}}.');
        await confirmation.getByRole('button', { name: 'Preview' }).click();
        await confirmation
          .getByTestId('email-preview')
          .getByText('We are looking at https://samplerealtyteam.example for Sample Realty Team.', { exact: false })
          .waitFor();
        await j.step('preview');
        await confirmation.getByRole('button', { name: 'Send test to me' }).click();
        // No mail service here: the owner is told the test is in the outbox, not that it is on its way.
        await j.page.getByTestId('toast').filter({ hasText: 'Test e-mail written to the outbox' }).first().waitFor();
        const test = await outboxMail(
          dataDir,
          ADMIN.email,
          new RegExp(`^\\[Test\\] Thanks for your request, Jordan \\(${j.width.name}\\)$`),
        );
        expect(test.text).toContain('We are looking at https://samplerealtyteam.example for Sample Realty Team.');
        await saveFunnel(j, dialog);

        const v = await visitor(j, '/');
        const email = `lead-${j.width.name}@harbor-point.example`;
        await requestAudit(v, email);
        await v.page.waitForURL(/\/audit-report\//);
        await v.finish();
        const mail = await outboxMail(dataDir, email, new RegExp(`^Thanks for your request, there \\(${j.width.name}\\)$`));
        expect(mail.text).toContain(`We are looking at ${new URL(site).toString()} for Harbor Point Homes.`);
        expect(mail.text).toMatch(/\/api\/unsubscribe\/[a-f0-9]{32}/);
        expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
          'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
        );
        await j.finish();
      },
      { allow: [SIGNED_OUT, REFUSED_SAVE] },
    );
  }, 300_000);

  it('Process Builder: without website analysis a request is taken without an audit, and neither form promises a report', async () => {
    await eachWidth(
      'funnel-process',
      async (j) => {
        await signInAsOwner(j, app.url);
        const dialog = await editFunnel(j, 'Free Marketing Audit');
        await dialog.getByRole('tab', { name: 'Process Builder' }).click();
        await dialog.getByLabel('2. Website analysis').uncheck();
        await saveFunnel(j, dialog);

        const v = await visitor(j, '/');
        const answer = answerTo(v, '/api/lead');
        await requestAudit(v, `no-audit-${j.width.name}@harbor-point.example`);
        // The page moves on to a report only when the answer names one: this one names none.
        expect((await answer).reportId).toBeNull();
        await v.page.getByTestId('audit-thank-you').getByText('Request Submitted!').waitFor();
        expect(v.page.url()).toMatch(/\/marketing-audit$/);
        await v.step('taken without an audit');

        // The inline form on /services belongs to the same funnel: it promises no report either.
        await v.navigate('Services');
        await v.page.waitForURL(/\/services$/);
        const form = v.page.getByTestId('inline-audit-form');
        await form.scrollIntoViewIfNeeded();
        await form.getByLabel('Business Name').fill('Harbor Point Homes');
        await form.getByLabel('Email Address').fill(`no-audit-inline-${j.width.name}@harbor-point.example`);
        await form.getByLabel('Website URL').fill(site);
        await form.getByLabel(/I agree to receive my audit report/).check();
        const inlineAnswer = answerTo(v, '/api/marketing-audit');
        await form.getByRole('button', { name: 'Get My Free Audit' }).click();
        expect((await inlineAnswer).reportId).toBeNull();
        const taken = v.page.getByTestId('inline-audit-success');
        await taken.getByText('we received your request and will be in touch').waitFor();
        expect(await taken.textContent()).not.toContain('marketing audit will be delivered');
        expect(v.page.url()).toMatch(/\/services$/);
        await v.step('inline form taken without an audit');
        await v.finish();
        await j.finish();
      },
      { allow: [SIGNED_OUT] },
    );
  }, 240_000);

  it('Tracking: the owner stops recording form starts and counts reports viewed; the site and the card follow', async () => {
    await eachWidth(
      'funnel-tracking',
      async (j) => {
        await signInAsOwner(j, app.url);
        const dialog = await editFunnel(j, 'Free Marketing Audit');
        await dialog.getByRole('tab', { name: 'Tracking' }).click();
        await dialog.getByLabel('Form starts').uncheck();
        await dialog.getByLabel('Conversion event').selectOption('report-view');
        await saveFunnel(j, dialog);
        const card = j.page.getByRole('article', { name: 'Free Marketing Audit' });
        await card.getByText('Reports viewed ÷ landing visitors').waitFor();
        await j.step('card');

        const v = await visitor(j, '/');
        const events: Array<{ name: string; path: string; props?: { form?: string } }> = [];
        v.page.on('request', (request) => {
          if (request.url().endsWith('/api/events') && request.method() === 'POST') {
            events.push(...((JSON.parse(request.postData() ?? '{}') as { events?: typeof events }).events ?? []));
          }
        });
        await v.navigate('Free Audit');
        await v.page.getByRole('main').getByLabel('Your Business Name').focus();
        await v.navigate('Services');
        const inline = v.page.getByTestId('inline-audit-form');
        await inline.scrollIntoViewIfNeeded();
        await inline.getByLabel('Business Name').focus();
        await expect.poll(() => events.filter((e) => e.name === 'form_start').length, { timeout: 10_000 }).toBe(1);
        expect(events.some((e) => e.name === 'page_view' && e.path === '/marketing-audit')).toBe(true);
        // Only the services page's form started: the funnel's own form records no start.
        expect(events.filter((e) => e.name === 'form_start').map((e) => e.path)).toEqual(['/services']);
        await v.finish();
        await j.finish();
      },
      { allow: [SIGNED_OUT] },
    );
  }, 240_000);

  it('A/B Testing: the owner sends every new visitor to B, then rolls out A; a visitor who saw B keeps it, a new one gets A', async () => {
    await atEachWidth(
      browser,
      'funnel-ab',
      async (j) => {
        await signInAsOwner(j, app.url);
        // The portal's index card (the top navigation has no A/B entry).
        await j.page.getByRole('link', { name: /^A\/B Testing/ }).click();
        const controls = j.page.locator('section').filter({ hasText: 'Share of new visitors for A' }).first();
        await controls.getByLabel('Share of new visitors for A (%)').fill('0');
        await controls.getByRole('button', { name: 'Set split (0 / 100)' }).click();
        await j.page.getByTestId('toast').filter({ hasText: 'A/B test updated' }).first().waitFor();
        await controls.getByText('Running 0 % A / 100 % B', { exact: true }).waitFor();
        await controls.getByTestId('ab-test-now').getByText('New visitors are split 0 % A / 100 % B.').waitFor();
        await j.step('split set');

        /** Opens the popup from the footer's button; the variant it shows. */
        const popupVariant = async (v: Journey) => {
          await v.page.getByRole('contentinfo').getByRole('button', { name: 'Get Your Free Audit' }).click();
          const popup = v.page.getByTestId('audit-popup');
          await popup.waitFor();
          const variant = await popup.locator('[data-variant]').getAttribute('data-variant');
          await popup.getByRole('button', { name: 'No thanks' }).click();
          await popup.waitFor({ state: 'hidden' });
          return variant;
        };
        const seenB = await visitor(j, '/');
        expect(await popupVariant(seenB)).toBe('popup-standard');

        await controls.getByRole('button', { name: /^Roll out A/ }).click();
        await controls.getByText('Rolled out: A', { exact: true }).waitFor();
        await controls
          .getByTestId('ab-test-now')
          .getByText(/^New visitors see A: “.+”; the test counts no more visitors\.$/)
          .waitFor();
        // A rolled-out test is no longer counted as running, and the overview says what it is.
        const running = j.page.getByTestId('stat-Tests Running');
        await expect.poll(() => running.locator('span').nth(1).textContent()).toBe('0');
        await running.getByText('Audit Popup: Rolled out: A').waitFor();
        await controls
          .getByTestId('ab-test-changed')
          .getByText(/^Rolled out: A since .+ \(by owner@curb\.test\)\./)
          .waitFor();
        await j.step('rolled out');

        // The same visitor, later in the visit: still B. A new visitor: A.
        await seenB.page.reload();
        await seenB.page.waitForFunction(() => document.documentElement.dataset.interactive === 'true', null, { polling: 100 });
        expect(await popupVariant(seenB)).toBe('popup-standard');
        await seenB.finish(2);
        const fresh = await visitor(j, '/');
        expect(await popupVariant(fresh)).toBe('popup-image');
        await fresh.finish();

        // Back to an even split for the next width.
        await controls.getByLabel('Share of new visitors for A (%)').fill('50');
        await controls.getByRole('button', { name: 'Set split (50 / 50)' }).click();
        await controls.getByText('Running 50 % A / 50 % B', { exact: true }).waitFor();
        await j.finish();
      },
      { allow: [SIGNED_OUT] },
    );
  }, 240_000);
  it('A/B Testing: a rewritten variant begins a new phase shown with its text; a pause says what new visitors see', async () => {
    await atEachWidth(
      browser,
      'funnel-ab-phases',
      async (j) => {
        const rewritten = `Spring audit B (${j.width.name})`;
        await signInAsOwner(j, app.url);
        await j.page.getByRole('link', { name: /^A\/B Testing/ }).click();
        const controls = j.page.locator('section').filter({ hasText: 'Share of new visitors for A' }).first();
        const phaseLine = controls.getByTestId('ab-test-phase');
        await phaseLine.waitFor();
        const phaseBefore = Number(/Phase (\d+)/.exec((await phaseLine.textContent()) ?? '')?.[1] ?? '1');
        // Every new visitor to B, so the visitor below sees the rewritten text.
        await controls.getByLabel('Share of new visitors for A (%)').fill('0');
        await controls.getByRole('button', { name: 'Set split (0 / 100)' }).click();
        await controls.getByText('Running 0 % A / 100 % B', { exact: true }).waitFor();

        // The owner rewrites variant B in the Popup Creator while the test runs.
        const dialog = await editFunnel(j, 'Free Marketing Audit');
        await dialog.getByRole('tab', { name: 'Popup Creator' }).click();
        await dialog.getByText('begins a new phase of the A/B test', { exact: false }).waitFor();
        const titleBefore = await dialog.getByLabel('Variant B title').inputValue();
        await dialog.getByLabel('Variant B title').fill(rewritten);
        await saveFunnel(j, dialog);
        await j.page.goBack();

        // Back on the A/B page: a new phase, current and first, named by the new text; the earlier one kept apart.
        await phaseLine.getByText(`Phase ${phaseBefore + 1} since`, { exact: false }).waitFor();
        const current = j.page.locator('[data-testid="ab-phase"][data-current="true"]');
        await current.getByRole('heading', { name: `Audit Popup — phase ${phaseBefore + 1} (current)` }).waitFor();
        await current.getByTestId('ab-phase-copy').getByText(`B: “${rewritten}”`, { exact: false }).waitFor();
        await current.getByText('Began when Free Marketing Audit: Popup Creator › Variant B title changed.', { exact: false }).waitFor();
        const phases = j.page.getByTestId('ab-phase');
        expect(await phases.first().getAttribute('data-current')).toBe('true');
        const earlier = j.page.locator(`[data-testid="ab-phase"][data-phase="${phaseBefore}"]`);
        expect(await earlier.getByTestId('ab-phase-copy').textContent()).not.toContain(rewritten);
        await current.scrollIntoViewIfNeeded();
        await j.step('new phase');

        // A visitor gets B with the new text; the current phase's results name B by it.
        // A browser's own user agent: headless Chromium's counts as a bot, and bots are not in the results.
        const v = await Journey.start(browser, `${j.name}-visitor`, j.width, { clientAddress: nextVisitor(), userAgent: BROWSER_UA });
        await v.arrive(`${app.url}/`);
        await v.page.getByRole('contentinfo').getByRole('button', { name: 'Get Your Free Audit' }).click();
        await v.page.getByTestId('audit-popup').getByRole('heading', { name: rewritten }).waitFor();
        await v.step('rewritten popup');
        await v.finish();
        const seen = async () => {
          const res = await j.page.request.get(`${app.url}/api/analytics/ab-testing?days=30`);
          const body = (await res.json()) as {
            phases: Array<{ endedAt: string | null; rows: Array<{ variant: string; variantText: string }> }>;
          };
          return body.phases.find((p) => p.endedAt === null)?.rows.find((r) => r.variant === 'B')?.variantText ?? null;
        };
        await expect.poll(seen, { timeout: 20_000 }).toBe(rewritten);
        await openAdminPage(j, 'Funnel Manager');
        await j.page.goBack();
        await current.getByText(`B: “${rewritten}”`, { exact: false }).nth(1).waitFor();
        await current.scrollIntoViewIfNeeded();
        await j.step('phase results');

        // The result is not significant: no roll-out is the suggested action, and the page says why.
        for (const variant of ['A', 'B']) {
          const rollOut = controls.getByRole('button', { name: new RegExp(`^Roll out ${variant}`) });
          expect(await rollOut.getAttribute('data-suggested')).toBe('false');
          expect(await rollOut.getAttribute('class')).toContain('button-outline');
        }
        await controls.getByTestId('ab-test-not-significant').getByText('not yet significant', { exact: false }).waitFor();
        await controls.getByTestId('ab-test-not-significant').scrollIntoViewIfNeeded();
        await j.step('roll-out not suggested');

        // Pause: no test runs, and the overview says what new visitors see now.
        await controls.getByRole('button', { name: 'Pause' }).click();
        await controls.getByText('Paused', { exact: true }).waitFor();
        const state = await j.page.request.get(`${app.url}/api/admin/ab-tests`);
        const { copy } = ((await state.json()) as Array<{ copy: Record<string, string> }>)[0]!;
        const seesControl = `New visitors see A: “${copy.A}”, the control`;
        await controls.getByTestId('ab-test-now').getByText(seesControl, { exact: false }).waitFor();
        const running = j.page.getByTestId('stat-Tests Running');
        await expect.poll(() => running.locator('span').nth(1).textContent()).toBe('0');
        await running.getByText(`Audit Popup: Paused. ${seesControl}`, { exact: false }).waitFor();
        await running.scrollIntoViewIfNeeded();
        await j.step('paused');

        // Back to an even split and the form's own B text for the next width and the other journeys.
        await controls.getByRole('button', { name: 'Resume' }).click();
        await controls.getByLabel('Share of new visitors for A (%)').fill('50');
        await controls.getByRole('button', { name: 'Set split (50 / 50)' }).click();
        await controls.getByText('Running 50 % A / 50 % B', { exact: true }).waitFor();
        const again = await editFunnel(j, 'Free Marketing Audit');
        await again.getByRole('tab', { name: 'Popup Creator' }).click();
        await again.getByLabel('Variant B title').fill(titleBefore);
        await saveFunnel(j, again);
        await j.finish();
      },
      { allow: [SIGNED_OUT] },
    );
  }, 240_000);
});
