/// <reference lib="dom" />
// Every public form in real Chromium against the real API and database: the forms'
// validation messages, busy labels, success views and toasts, and failure toasts (with the
// failure forced at the network layer). Website lookups are answered by the test, so the
// page states around them are deterministic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { gate, startBrowserApp, type BrowserApp } from './harness.ts';
import { openPage, poll } from './public-helpers.ts';

const lookupResult = {
  companyName: 'Acme Homes',
  businessType: 'Real estate agency',
  location: 'Arlington, VA',
  phone: null,
  logo: null,
  favicon: null,
  website: 'https://acme-homes.example/',
  seoScore: 71,
  lighthousePowered: false,
  hasAnalytics: true,
  mobileOptimized: true,
  loadTime: 2.4,
  coreWebVitals: null,
  seoIssues: [
    { type: 'title', description: 'Title too long', category: 'Warning' },
    { type: 'h1', description: 'No H1 heading', category: 'Critical' },
    { type: 'alt', description: 'Images without alt text', category: 'Warning' },
    { type: 'sitemap', description: 'No sitemap.xml', category: 'Notice' },
  ],
  screenshot: null,
  enrichmentMethod: 'url-provided',
};

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/**
 * A form tries an unavailable server again for 30 s, saying "Still sending…" (web/src/lib/
 * form-submit.ts); the page's fake clock outlasts that until the form gives up and says why.
 */
async function outlastRetries(page: Page, gaveUp: () => Promise<boolean>): Promise<void> {
  await poll(() => toast(page, 'Still sending…').isVisible()).toBe(true);
  await poll(
    async () => {
      // Looked at before each jump: a jump past the failure toast's own timer would hide it.
      if (await gaveUp()) return true;
      await page.clock.fastForward(4_000);
      return false;
    },
    { timeout: 20_000 },
  ).toBe(true);
}

describe('public forms in Chromium', () => {
  let app: BrowserApp;
  beforeAll(async () => {
    // Audit requests must name a reachable site: the product's own address on loopback (no
    // DNS here), with Lighthouse left out so the audits the forms queue stay light.
    app = await startBrowserApp({ AUDIT_ALLOW_PRIVATE_NETWORKS: 'true', CHROME_PATH: '/nonexistent/chromium' });
  });
  afterAll(() => app?.close());

  it('contact popup: required fields gate the button; one confirmation, the success view, closing after 3 s; failures toast', async () => {
    const page = await app.newPage();
    await page.clock.install();
    await openPage(page, `${app.url}/services`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const popup = page.getByTestId('contact-popup');
    await poll(() => popup.isVisible()).toBe(true);
    const send = popup.getByRole('button', { name: 'Send Message' });
    expect(await send.isDisabled()).toBe(true);
    await popup.getByLabel('Name').fill('Sam Lee & Co <3');
    await popup.getByLabel('Email').fill('sam@example.com');
    expect(await send.isDisabled()).toBe(true);
    await popup.getByLabel('Message').fill('Please call me about my team.');

    await page.route('**/api/contact', (route) => route.abort());
    await send.click();
    await outlastRetries(page, () => toast(page, 'Failed to send message. Please try again.').isVisible());
    expect(await toast(page, 'Error').isVisible()).toBe(true);
    expect(await popup.getByLabel('Message').inputValue()).toBe('Please call me about my team.');
    await page.unroute('**/api/contact');

    await send.click();
    await poll(() => popup.getByText('Message Sent!', { exact: true }).isVisible()).toBe(true);
    expect(await popup.getByText('Thank you for reaching out. I’ll get back to you within 24 hours.').isVisible()).toBe(true);
    // One confirmation: no toast beside the success view, and the failed try's toast is gone.
    await poll(() => page.getByTestId('toast').filter({ visible: true }).count()).toBe(0);
    expect(await toast(page, 'Message sent!').count()).toBe(0);
    await page.clock.runFor(3_100);
    await poll(() => popup.isVisible()).toBe(false);
    await page.close();
  });

  it('contact page form: Sending..., cleared on success with one confirmation beside it; failure toast', async () => {
    const page = await app.newPage();
    await openPage(page, `${app.url}/experience`);
    const form = page.getByTestId('contact-form');
    const fill = async () => {
      await form.getByLabel('First Name').fill('Ana');
      await form.getByLabel('Last Name').fill('Lee');
      await form.getByLabel('Email Address').fill('ana@example.com');
      await form.getByLabel('Subject').fill('Team training');
      await form.getByLabel('Message').fill('Can we talk next week?');
    };
    await fill();
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: 'down' }));
    await form.getByRole('button', { name: 'Send Message' }).click();
    await poll(() => toast(page, 'Please try again or contact me directly via email or phone.').isVisible()).toBe(true);
    expect(await toast(page, 'Failed to send message').isVisible()).toBe(true);
    await page.unroute('**/api/contact');

    let release: () => void = () => {};
    await page.route('**/api/contact', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await poll(() => form.getByRole('button', { name: 'Sending...' }).isVisible()).toBe(true);
    release();
    const status = form.getByTestId('contact-form-status');
    await poll(() => status.textContent()).toBe(
      'Message sent successfully! Your message has been sent successfully. I’ll get back to you soon!',
    );
    // One confirmation: the status beside the form, no toast (the failed try's is gone too).
    await poll(() => page.getByTestId('toast').filter({ visible: true }).count()).toBe(0);
    expect(await toast(page, 'Your message has been sent successfully.').count()).toBe(0);
    expect(await form.getByLabel('First Name').inputValue()).toBe('');
    await page.close();
  });

  it('audit popup lead form: the spec messages, website enrichment, and the server message on failure', async () => {
    const page = await app.newPage();
    await page.clock.install();
    let lookups = 0;
    // The lookup answers once the test has seen the form wait for it.
    const lookupHeld = gate();
    await page.route('**/api/quick-company-lookup', async (route: Route) => {
      lookups += 1;
      await lookupHeld.passed;
      await route.fulfill({ json: lookupResult });
    });
    await openPage(page, `${app.url}/blog`);
    await page.evaluate(() => {
      window.addEventListener('urlEnrichmentSuccess', (e) => ((window as unknown as { found: unknown }).found = (e as CustomEvent).detail));
    });
    await page.getByRole('button', { name: 'Get Your Free Audit' }).click();
    const popup = page.getByTestId('audit-popup');
    await poll(() => popup.isVisible()).toBe(true);
    // Either A/B variant of the popup (with or without the picture) has the same fields.
    const submit = popup.locator('button[type="submit"]');
    await submit.click();
    for (const message of [
      'Website URL is required',
      'Your Business Name is required',
      'Email Address is required',
      'Consent is required to submit this form',
    ]) {
      expect(await popup.getByText(message, { exact: true }).isVisible(), message).toBe(true);
    }
    await popup.getByLabel('Website URL').fill('not a site');
    await popup.getByLabel('Email Address').fill('owner@');
    await submit.click();
    expect(await popup.getByText('Please enter a valid website URL').isVisible()).toBe(true);
    expect(await popup.getByText('Please enter a valid email address').isVisible()).toBe(true);

    // Enrichment: 1.5 s after typing stops (the text has a dot), the business name fills in.
    await popup.getByLabel('Website URL').fill('acme-homes.example');
    const business = popup.getByLabel('Your Business Name');
    await poll(() => business.getAttribute('placeholder'), { timeout: 4000 }).toBe('Loading company info...');
    expect(await popup.getByText('Analyzing website...').isVisible()).toBe(true);
    lookupHeld.open();
    await poll(() => business.inputValue()).toBe('Acme Homes');
    expect(await business.getAttribute('placeholder')).toBe('Your Business Name');
    expect(await popup.getByTestId('enrichment-success').textContent()).toContain('Real estate agency');
    expect(await page.evaluate(() => (window as unknown as { found?: { companyName: string } }).found?.companyName)).toBe('Acme Homes');
    // The same address again is answered from the cache.
    await popup.getByLabel('Website URL').fill('https://www.acme-homes.example/');
    await poll(() => popup.getByTestId('enrichment-success').isVisible(), { timeout: 4000 }).toBe(true);
    expect(lookups).toBe(1);

    await popup.getByLabel('Email Address').fill('owner@acme-homes.example');
    await popup.getByLabel(/I agree to receive my audit report/).check();
    await page.route('**/api/lead', (route) =>
      route.fulfill({ status: 429, json: { message: 'Too many submissions from your connection. Please wait a minute and try again.' } }),
    );
    await submit.click();
    await poll(() => toast(page, 'Too many submissions from your connection. Please wait a minute and try again.').isVisible()).toBe(true);
    expect(await toast(page, 'Submission Failed').isVisible()).toBe(true);
    await page.unroute('**/api/lead');
    await page.route('**/api/lead', (route) => route.abort());
    await submit.click();
    await outlastRetries(page, () => toast(page, 'Please try again later').isVisible());
    await page.unroute('**/api/lead');

    // A site that cannot be found is refused before anything is promised, at the website field.
    await submit.click();
    const site = popup.getByLabel('Website URL');
    await poll(() => site.getAttribute('aria-invalid')).toBe('true');
    await poll(() => site.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await popup.getByRole('alert').filter({ hasText: 'The domain www.acme-homes.example could not be found.' }).isVisible()).toBe(
      true,
    );
    expect(await popup.isVisible()).toBe(true);
    await popup.getByLabel('Website URL').fill(app.url);
    await submit.click();
    // The audit success text, then the report a second later (a client-side move).
    await poll(() => toast(page, 'Audit Request Submitted!').isVisible()).toBe(true);
    await poll(() => popup.isVisible()).toBe(false);
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/audit-report\/[\w-]+$/);
    await page.close();
  });

  it('free audit page: lookup with loader, preview and top 3 insights, then the report page', async () => {
    const page = await app.newPage();
    const lookupHeld = gate();
    await page.route('**/api/quick-company-lookup', async (route: Route) => {
      await lookupHeld.passed;
      await route.fulfill({ json: lookupResult });
    });
    await openPage(page, `${app.url}/marketing-audit`);
    for (const tile of ['Growth Opportunities', 'Lead Generation', 'ROI Focused'])
      expect(await page.getByRole('heading', { name: tile }).isVisible()).toBe(true);
    await page.getByLabel('Website URL').fill(app.url);
    // Leaving the field with a dot in it starts the lookup at once.
    await page.getByLabel('Website URL').blur();
    await poll(() => page.getByTestId('website-preview').getByText('Capturing website...').isVisible()).toBe(true);
    await poll(() => page.getByTestId('audit-loader').textContent()).toContain('Building analysis foundation...');
    lookupHeld.open();
    await poll(() => page.getByText('Website analyzed successfully').isVisible()).toBe(true);
    const insights = page.getByRole('complementary').locator('li');
    expect(await insights.count()).toBe(3);
    expect(await page.getByLabel('Your Business Name').inputValue()).toBe('Acme Homes');

    await page.getByLabel('Email Address').fill('owner@acme-homes.example');
    await page.getByLabel(/I agree to receive my audit report/).check();
    await page.getByRole('button', { name: 'Get My Free Audit' }).click();
    await poll(() => page.getByText('Audit Request Submitted!', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByText('competitive benchmark analysis', { exact: false }).isVisible()).toBe(true);
    await page.waitForURL(/\/audit-report\/[A-Za-z0-9_-]{22}$/, { timeout: 5000 });
    await page.close();
  });

  it('inline audit form: disabled until complete, Generating Report..., Request Submitted!; refused at a field; toasts', async () => {
    const page = await app.newPage();
    await page.clock.install();
    await openPage(page, `${app.url}/services`);
    const form = page.getByTestId('inline-audit-form');
    const submit = form.getByRole('button', { name: 'Get My Free Audit' });
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Business Name').fill('Ridge Realty');
    await form.getByLabel('Email Address').fill('team@ridgerealty.example');
    // The business e-mail suggests the website; the visitor sees it and may change it.
    expect(await form.getByLabel('Website URL').inputValue()).toBe('ridgerealty.example');
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel(/I agree to receive my audit report/).check();
    expect(await submit.isDisabled()).toBe(false);
    await form.getByLabel('Website URL').fill('');
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Website URL').fill('ridgerealty.example');

    // A site that cannot be audited is refused with the reason, at the website field; nothing is promised.
    await submit.click();
    const site = form.getByLabel('Website URL');
    await poll(() => site.getAttribute('aria-invalid')).toBe('true');
    expect(
      await form
        .getByRole('alert')
        .filter({ hasText: 'The domain ridgerealty.example could not be found. Please check the website address.' })
        .isVisible(),
    ).toBe(true);
    expect(await page.getByTestId('inline-audit-success').count()).toBe(0);
    await form.getByLabel('Website URL').fill(app.url);

    await page.route('**/api/marketing-audit', (route) => route.fulfill({ status: 502, body: '' }));
    await submit.click();
    await outlastRetries(page, () => toast(page, 'Submission failed').isVisible());
    await page.unroute('**/api/marketing-audit');
    await page.route('**/api/marketing-audit', (route) => route.abort());
    await submit.click();
    await outlastRetries(page, () => toast(page, 'Please try again or contact me directly.').isVisible());
    await page.unroute('**/api/marketing-audit');

    let release: () => void = () => {};
    await page.route('**/api/marketing-audit', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    await submit.click();
    await poll(() => form.getByRole('button', { name: 'Generating Report...' }).isVisible()).toBe(true);
    release();
    const done = page.getByTestId('inline-audit-success');
    await poll(() => done.isVisible()).toBe(true);
    expect(await done.getByRole('heading', { name: 'Request Submitted!' }).isVisible()).toBe(true);
    expect(await toast(page, 'Check your email within 24 hours.').isVisible()).toBe(true);
    // ...and the report a second later, as every form that requests an audit.
    await page.waitForURL(/\/audit-report\/[A-Za-z0-9_-]{22}$/, { timeout: 5000 });
    await page.close();
  });

  it('advanced SEO audit: every issue shows what triggered it, and each score says what it measures', async () => {
    const page = await app.newPage();
    await openPage(page, `${app.url}/advanced-seo-audit`);
    // The product audits its own pages here (loopback is allowed for this test instance).
    await page.getByLabel('Website URL').fill(app.url);
    await page.getByRole('button', { name: 'Run Audit' }).click();
    const result = page.getByTestId('seo-result');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.getByTestId('score-note').textContent()).toMatch(/^Site Health: technical SEO/);
    const evidence = result.getByTestId('issue-evidence');
    const issues = await result.locator('li[data-type]').count();
    expect(issues).toBeGreaterThan(0);
    expect(await evidence.count()).toBe(issues);
    for (const text of await evidence.allTextContents()) expect(text).toMatch(/^Found: \S/);
    await page.close();
  }, 90_000);
});
