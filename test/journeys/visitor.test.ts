/// <reference lib="dom" />
// A prospect's journeys, from the home page (or the page a link brings them to), by clicks:
// the timed popup, the free audit page, the inline audit forms, the advanced audit, the
// contact popup and section, and the assistant. Each runs at 1280 and 390 px.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSampleSites, type SampleSites } from '../../scripts/demo/sample-sites.ts';
import { launchBrowser, startBrowserApp, type BrowserApp } from '../browser/harness.ts';
import { atEachWidth, nextVisitor, type Journey } from './journey.ts';

/** The audit popup's default delay (25 s), as the funnel's popup settings ship. */
const POPUP_DELAY_MS = 25_000;

describe('a prospect’s journeys in Chromium', () => {
  let app: BrowserApp;
  let browser: Browser;
  let sites: SampleSites;
  let site: string;
  const visitor = () => ({ clientAddress: nextVisitor() });

  beforeAll(async () => {
    sites = await startSampleSites(['Harbor Point Homes'], () => 0.3);
    site = sites.urls[0]!;
    // Audits of the sample site on loopback, without Lighthouse so they stay light; the
    // browser's X-Forwarded-For names each journey's visitor (loopback is the trusted proxy).
    app = await startBrowserApp({ AUDIT_ALLOW_PRIVATE_NETWORKS: 'true', CHROME_PATH: '/nonexistent/chromium', TRUST_PROXY: 'loopback' });
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await sites?.close();
  });

  /** Fills an audit form (popup or free audit page) inside `scope`. */
  async function fillAuditForm(j: Journey, scope: ReturnType<Journey['page']['locator']>, business: string): Promise<void> {
    // The name before the site: the site's lookup fills an empty name in, and one arriving
    // while the name is typed would land beside it.
    await scope.getByLabel('Your Business Name').fill(business);
    await scope.getByLabel('Website URL').fill(site);
    await scope.getByLabel('Email Address').fill(`owner+${j.width.name}@harbor-point.example`);
    await scope.getByLabel(/I agree to receive my audit report/).check();
  }

  /** Waits on the report page (reached in the browser) until the report is there. */
  async function reportShown(j: Journey): Promise<void> {
    await j.page.waitForURL(/\/audit-report\/[A-Za-z0-9_-]{22}$/, { timeout: 10_000 });
    await j.page.getByTestId('audit-report').waitFor({ timeout: 60_000 });
    await j.step('report');
  }

  /** Export to PDF downloads a real PDF. */
  async function exportPdf(j: Journey): Promise<void> {
    const download = j.page.waitForEvent('download', { timeout: 60_000 });
    await j.page.getByTestId('export-pdf').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^growth-opportunities-report-.*\.pdf$/);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await j.page.getByTestId('toast').filter({ hasText: 'PDF Export Complete' }).waitFor();
    await j.step('pdf exported');
  }

  it('timed popup → audit request → its report a second later → PDF', async () => {
    await atEachWidth(
      browser,
      'popup-audit',
      async (j) => {
        await j.page.clock.install();
        await j.arrive(`${app.url}/`);
        await j.page.clock.fastForward(POPUP_DELAY_MS);
        const popup = j.page.getByTestId('audit-popup');
        await popup.waitFor();
        await j.step('popup');
        await fillAuditForm(j, popup, 'Harbor Point Homes');
        await popup.locator('button[type="submit"]').click();
        await j.page.getByTestId('toast').filter({ hasText: 'Audit Request Submitted!' }).first().waitFor();
        await reportShown(j);
        await exportPdf(j);
        await j.finish();
      },
      visitor,
    );
  }, 240_000);

  it('free audit page from the top navigation → report → PDF → advanced audit of the same site', async () => {
    await atEachWidth(
      browser,
      'free-audit',
      async (j) => {
        await j.arrive(`${app.url}/`);
        await j.navigate('Free Audit');
        await j.page.waitForURL(/\/marketing-audit$/);
        await j.step('free audit page');
        await fillAuditForm(j, j.page.getByRole('main'), 'Harbor Point Homes');
        await j.page.getByRole('button', { name: 'Get My Free Audit' }).click();
        await reportShown(j);
        await exportPdf(j);
        await j.page.getByTestId('advanced-audit-link').click();
        await j.page.waitForURL(/\/advanced-seo-audit\?url=/);
        // The address arrives filled in and the audit starts by itself.
        await expect.poll(() => j.page.getByLabel('Website URL').inputValue()).toBe(site);
        await j.page.getByTestId('seo-result').waitFor({ timeout: 60_000 });
        await j.step('advanced audit');
        await j.finish();
      },
      visitor,
    );
  }, 300_000);

  it('inline audit forms on /services and /experience → report', async () => {
    await atEachWidth(
      browser,
      'inline-audit',
      async (j) => {
        await j.arrive(`${app.url}/`);
        for (const page of ['Services', 'Experience']) {
          await j.navigate(page);
          await j.page.waitForURL(new RegExp(`/${page.toLowerCase()}$`));
          const form = j.page.getByTestId('inline-audit-form');
          await form.scrollIntoViewIfNeeded();
          await form.getByLabel('Business Name').fill('Harbor Point Homes');
          await form.getByLabel('Email Address').fill(`team+${j.width.name}@harbor-point.example`);
          await form.getByLabel('Website URL').fill(site);
          await form.getByLabel(/I agree to receive my audit report/).check();
          await j.step(`${page} form`);
          await form.getByRole('button', { name: 'Get My Free Audit' }).click();
          await j.page.getByTestId('inline-audit-success').waitFor();
          await reportShown(j);
        }
        await j.finish();
      },
      visitor,
    );
  }, 300_000);

  it('contact popup on /services and the contact section of the home page: one confirmation each', async () => {
    await atEachWidth(
      browser,
      'contact',
      async (j) => {
        await j.arrive(`${app.url}/`);
        await j.navigate('Services');
        await j.page.waitForURL(/\/services$/);
        await j.page.getByRole('button', { name: 'Send Message' }).first().click();
        const popup = j.page.getByTestId('contact-popup');
        await popup.waitFor();
        await popup.getByLabel('Name').fill('Sam Lee');
        await popup.getByLabel('Email').fill('sam@example.com');
        await popup.getByLabel('Message').fill('Please call me about my team.');
        await j.step('contact popup');
        await popup.getByRole('button', { name: 'Send Message' }).click();
        // One confirmation: the popup's success view, no toast beside it.
        await popup.getByRole('status').getByText('Message Sent!').waitFor();
        expect(await j.page.getByTestId('toast').count()).toBe(0);
        await j.step('contact popup sent');

        await j.navigate('Contact');
        await j.page.waitForURL(/\/(#contact)?$/);
        const form = j.page.getByTestId('contact-form');
        await form.waitFor();
        await form.scrollIntoViewIfNeeded();
        await form.getByLabel('First Name').fill('Sam');
        await form.getByLabel('Last Name').fill('Lee');
        await form.getByLabel('Email Address').fill('sam@example.com');
        await form.getByLabel('Subject').fill('Team coaching');
        await form.getByLabel('Message').fill('Do you coach teams of ten agents?');
        await form.getByRole('button', { name: 'Send Message' }).click();
        await j.page
          .getByRole('status')
          .getByText(/Message sent successfully!/)
          .waitFor();
        expect(await j.page.getByTestId('toast').count()).toBe(0);
        await j.step('contact form sent');
        await j.finish();
      },
      visitor,
    );
  }, 180_000);

  it('the assistant: a typed question gets an answer from the site’s content', async () => {
    await atEachWidth(
      browser,
      'assistant',
      async (j) => {
        // The microphone refused: the page falls back to text mode.
        await j.context.addInitScript({
          content: "navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));",
        });
        // The assistant is reached by a shared link; its own page is where the visitor starts.
        await j.arrive(`${app.url}/chat`);
        const wake = j.page.getByRole('button', { name: 'Wake Up & Listen' });
        await expect.poll(() => wake.isEnabled(), { timeout: 10_000 }).toBe(true);
        await wake.click();
        await j.page.getByText('Voice Unavailable').waitFor();
        await j.page.getByLabel('Your message').fill('How can I contact you?');
        await j.page.getByLabel('Your message').press('Enter');
        const reply = j.page.locator('[data-testid=chat-messages] li[data-role=assistant]');
        await expect.poll(() => reply.count(), { timeout: 15_000 }).toBe(1);
        expect(await reply.textContent()).toMatch(/@|\(\d{3}\)|\d{3}-\d{4}/);
        await j.step('answered');
        await j.finish();
      },
      visitor,
    );
  }, 120_000);
});
