/// <reference lib="dom" />
// The audit report page in real Chromium against the running product: a real audit of a
// site on loopback, every view of the page, the side navigation, score cards, the vector
// PDF export (react-pdf under the site's CSP) and text from the audited site kept as text;
// and the report sample site (test/audit/sample-site.ts) read as a prospect reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserApp, type BrowserApp } from './harness.ts';
import { openPage, poll } from './public-helpers.ts';
import { GOOD_HTML } from '../audit/checks/good-site.ts';
import { hostile, startSite, type TestSite } from '../audit/sites.ts';
import { SAMPLE_BUSINESS, sampleRoutes } from '../audit/sample-site.ts';
import { reportGeneratedAt } from '@curb/content';
import type { AuditReport } from '@curb/contracts/audit';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

describe('audit report page in Chromium', () => {
  let app: BrowserApp;
  let site: TestSite;
  let sample: TestSite;
  let readyReport: { scores: Record<string, unknown> } | undefined;

  async function requestAudit(website: string, businessName: string): Promise<string> {
    const res = await fetch(`${app.url}/api/lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        formId: 'popup-standard',
        variant: 'popup-standard',
        source: 'Browser test',
        website,
        businessName,
        email: 'jane@example.com',
        emailConsent: true,
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { reportId: string }).reportId;
  }

  async function settled(reportId: string): Promise<string> {
    let status = 'pending';
    await poll(
      async () => {
        status = ((await (await fetch(`${app.url}/api/audit-report/${reportId}`)).json()) as { status: string }).status;
        return status;
      },
      { timeout: 40_000 },
    ).not.toBe('pending');
    return status;
  }

  beforeAll(async () => {
    site = await startSite({
      // The good site, its absolute links pointing here, and a title carrying markup as text.
      '/': (_req, res, s) =>
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            GOOD_HTML.replaceAll('https://janesmithrealty.com/', s.url).replace(
              '<title>Arlington VA Homes for Sale | Jane Smith Realty</title>',
              '<title>Homes &lt;img src=x onerror=alert(1)&gt; Realty</title>',
            ),
          ),
      '/logo.png': { headers: { 'content-type': 'image/png' }, body: PNG },
      '/loop-a': hostile.redirectTo('/loop-b'),
      '/loop-b': hostile.redirectTo('/loop-a'),
    });
    sample = await startSite(sampleRoutes());
    app = await startBrowserApp({ AUDIT_ALLOW_PRIVATE_NETWORKS: 'true', CHROME_PATH: '/nonexistent/chromium' });
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await site?.close();
    await sample?.close();
  });

  it('shows a real report: header, dials, badges, score cards, the three sections and the PDF export', async () => {
    const reportId = await requestAudit(site.url, 'Jane & Co "Realty"');
    expect(await settled(reportId)).toBe('ready');
    readyReport = (
      (await (await fetch(`${app.url}/api/audit-report/${reportId}`)).json()) as { report: { scores: Record<string, unknown> } }
    ).report;
    const page = await app.newPage();
    await openPage(page, `${app.url}/audit-report/${reportId}`);
    await page.getByTestId('audit-report').waitFor();

    expect(await page.getByTestId('report-business-name').textContent()).toBe('Jane & Co "Realty"');
    expect(await page.getByTestId('report-brand').locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // The owner has set no time zone: the report is dated in UTC, as its PDF is.
    await expect(page.getByText(/^Generated [A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC$/).count()).resolves.toBe(1);
    expect(await page.getByTestId('preview-badges').textContent()).toMatch(/Not Secure.*s load time.*Mobile Ready.*Analytics/);
    await expect(page.getByTestId('four-dials').locator('figure').count()).resolves.toBe(4);
    await expect(page.getByTestId('score-tiles').locator('> div').count()).resolves.toBe(6);
    const vitals = await page.getByTestId('core-web-vitals').textContent();
    expect(vitals).toMatch(/LCP.*s.*INP \(lab stand-in: TBT\).*ms.*CLS/);
    // FID is no longer a Core Web Vital: the report does not show it.
    expect(vitals).not.toMatch(/FID/);
    // Each speed figure says how it was measured, and the overall score what it weighs.
    expect(await page.getByTestId('speed-measurement').first().textContent()).toMatch(
      /^Load time: Estimated .* Core Web Vitals: Estimated .*mobile/,
    );
    expect(await page.getByTestId('score-note').textContent()).toMatch(/^Marketing score: website, SEO/);
    // This product has no Chromium: the checks that need the browser test are not measured, and
    // the page says so next to the score, which says on how many checks it stands.
    expect(await page.getByTestId('not-measured-note').textContent()).toMatch(
      new RegExp(
        // Where outside links cannot be reached (a machine without internet), that is a second reason.
        '^\\d+ checks could not be measured(: | \\((?:[^)]*; )?)' +
          'the in-browser test is not available on this server(?:(?:; [^)]*)?\\))?\\. ' +
          'They are not counted as passed\\. The overall score is based on \\d+ of \\d+ checks\\.$',
      ),
    );
    expect(await page.getByTestId('score-website-basis').textContent()).toMatch(/^Based on \d+ of \d+ checks$/);
    // The audit calls no grading service: no tile shows "N/A" for one.
    await expect(page.getByText('GTmetrix grade').count()).resolves.toBe(0);
    await expect(page.getByText('Pingdom grade').count()).resolves.toBe(0);

    const card = page.getByTestId('score-website');
    await expect(card.getByText('Why This Score?').count()).resolves.toBe(0);
    await card.getByRole('button').click();
    await card.getByText('Why This Score?').waitFor();
    await card.getByText('Industry average').waitFor();
    await card.getByText('Action Items').waitFor();

    await page.getByTestId('nav-analysis').click();
    await page.getByTestId('section-analysis').waitFor();
    const zillow = page.getByTestId('profile-Zillow');
    await zillow.getByText('Verified').waitFor();
    expect(await zillow.textContent()).toContain('100% complete');
    expect(await page.getByTestId('profile-summary').textContent()).toMatch(/^3 of 3 real estate profiles verified/);
    expect(await page.getByTestId('readiness').textContent()).toMatch(/^5 of 5 core features/);
    await page.getByTestId('checklist').getByText('Mobile-friendly layout').waitFor();
    expect(await page.getByTestId('not-measured-summary').textContent()).toMatch(/^\d+ checks could not be measured[:( ]/);
    const unmeasured = page.getByTestId('not-measured-checks');
    expect(await unmeasured.getByText('Text with too little contrast').textContent()).toContain('(not measured)');
    expect(await unmeasured.textContent()).toContain('The in-browser test is not available on this server.');
    // Text from the audited site is shown as text, never as markup.
    await page.getByText('Homes <img src=x onerror=alert(1)> Realty').waitFor();
    await expect(page.locator('img[src="x"]').count()).resolves.toBe(0);

    await page.getByTestId('nav-actions').click();
    await page.getByTestId('quick-wins').waitFor();
    expect(await page.getByTestId('schedule-call').getAttribute('href')).toMatch(/^mailto:/);
    await page.getByText('Investment & ROI', { exact: true }).first().waitFor();

    // Side navigation collapses and expands.
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await page.getByRole('button', { name: 'Expand navigation' }).click();

    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('export-pdf').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^growth-opportunities-report-.*\.pdf$/);
    const stream = await file.createReadStream();
    const head = await new Promise<string>((resolve) => stream.once('data', (c: Buffer) => resolve(c.subarray(0, 5).toString())));
    expect(head).toBe('%PDF-');
    await toast(page, 'PDF Export Complete').waitFor();
    await poll(() => page.getByTestId('export-progress').getAttribute('aria-valuenow')).toBe('0');
    expect(page.consoleErrors.join('\n')).toBe('');
  }, 120_000);

  it('tells the sample site the truth, in figures that agree with its preview and advanced audit', async () => {
    const reportId = await requestAudit(sample.url, SAMPLE_BUSINESS);
    expect(await settled(reportId)).toBe('ready');
    const { report, timeZone } = (await (await fetch(`${app.url}/api/audit-report/${reportId}`)).json()) as {
      report: AuditReport;
      timeZone: string;
    };
    // The form preview's SEO score is the report's.
    const preview = (await (
      await fetch(`${app.url}/api/quick-company-lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: sample.url }),
      })
    ).json()) as { seoScore: number };
    expect(preview.seoScore).toBe(report.scores.seo.score);
    // ...and the form preview on the page shows it, saying what it measures.
    const form = await app.newPage();
    await openPage(form, `${app.url}/marketing-audit`);
    await form.locator('input[name=website]').fill(sample.url);
    await form.locator('input[name=website]').blur();
    const found = form.getByTestId('lookup-result');
    await found.waitFor({ timeout: 30_000 });
    expect(await found.locator('dd').first().textContent()).toMatch(new RegExp(`^${report.scores.seo.score}/100 \\(SEO score: `));
    await form.close();

    // A reader far from the owner sees the date the PDF prints, in the owner's time zone.
    const page = await app.browser.newPage({ timezoneId: 'Pacific/Kiritimati' });
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    page.on('pageerror', (err) => errors.push(err.message));
    await openPage(page, `${app.url}/audit-report/${reportId}`);
    await page.getByTestId('audit-report').waitFor();
    await page.getByText(`Generated ${reportGeneratedAt(report.generatedAt, timeZone)}`, { exact: true }).waitFor();
    // How speed was measured is said once, and what the SEO score measures under the dials.
    await expect(page.getByTestId('speed-measurement').count()).resolves.toBe(1);
    expect(await page.getByTestId('seo-note').textContent()).toMatch(/^SEO score: /);
    await page.getByTestId('vitals-note').waitFor();

    await page.getByTestId('nav-analysis').click();
    await page.getByTestId('section-analysis').waitFor();
    const words = await page.getByTestId('most-used-words').locator('span').allTextContents();
    const shares = words.map((w) => Number(/([\d.]+)%$/.exec(w)![1]));
    expect(shares.length).toBeGreaterThan(2);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    // A hand-made "Featured listings" page is no IDX search.
    expect(
      await page
        .getByText(/^IDX listings/)
        .locator('..')
        .textContent(),
    ).toContain('(no)');

    await page.getByTestId('nav-actions').click();
    const longTerm = await page.getByTestId('long-term-plan').textContent();
    expect(longTerm).toContain('Rank for "homes for sale in Alexandria, VA"');
    expect(longTerm).not.toMatch(/<your area>/);
    await page.close();

    // The advanced audit of the same site: its home page figures are the report's, and its
    // notices are called notices.
    const advanced = await app.newPage();
    // Arriving with the address filled in starts the audit: no click.
    await openPage(advanced, `${app.url}/advanced-seo-audit?url=${encodeURIComponent(sample.url)}`);
    const result = advanced.getByTestId('seo-result');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.getByTestId('home-page-scores').textContent()).toContain(
      `Home page: SEO ${report.scores.seo.score}/100 · Overall ${report.scores.overall}/100.`,
    );
    await result.getByText('Notices', { exact: true }).waitFor();
    // No Chromium here: the advanced audit says what it could not measure, as the report does.
    expect(await result.getByTestId('not-measured-note').textContent()).toMatch(
      /^\d+ checks could not be measured(: | \((?:[^)]*; )?)the in-browser test is not available on this server[.;)]/,
    );
    await expect(result.getByText('Good (Notice)').count()).resolves.toBe(0);
    expect(await result.getByText(/^Found: 1 internal link returns an error/).textContent()).toContain('linked from the home page');
    expect([...errors, ...advanced.consoleErrors].join('\n')).toBe('');
  }, 150_000);

  it('shows the reason of a failed audit', async () => {
    const reportId = await requestAudit(`${site.origin}/loop-a`, 'Loop Realty');
    expect(await settled(reportId)).toBe('failed');
    const page = await app.newPage();
    await openPage(page, `${app.url}/audit-report/${reportId}`);
    expect(await page.getByTestId('report-failure-reason').textContent()).toMatch(/redirects in a loop/);
    await page.getByRole('link', { name: 'Request New Audit' }).waitFor();
  }, 60_000);

  it('shows Report Not Found for an unknown id', async () => {
    const page = await app.newPage();
    await openPage(page, `${app.url}/audit-report/AAAAAAAAAAAAAAAAAAAAAA`);
    await page.getByTestId('report-not-found').waitFor();
    await page.getByText('This report may have been deleted or expired. Please check your link or contact support.').waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).waitFor();
    expect(await page.getByRole('link', { name: 'Request New Audit' }).getAttribute('href')).toBe('/marketing-audit');
  });

  it('shows the pending progress, the error view and the data quality warning', async () => {
    const page = await app.newPage();
    let answer: { status: number; body: unknown } = {
      status: 200,
      body: { status: 'pending', progress: 45, stage: 'Measuring speed in a browser', businessName: 'Acme' },
    };
    await page.route('**/api/audit-report/*', (route) =>
      route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }),
    );
    await openPage(page, `${app.url}/audit-report/BBBBBBBBBBBBBBBBBBBBBB`);
    expect(await page.getByTestId('report-stage').textContent()).toBe('Measuring speed in a browser (45%)');

    answer = { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
    await openPage(page, `${app.url}/audit-report/CCCCCCCCCCCCCCCCCCCCCC`);
    await page.getByText('Unable to Load Report').waitFor();
    await page.getByText('Failed to fetch report: 500').first().waitFor();
    await toast(page, 'Error Loading Report').waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();

    // A report that fails the data check still shows, with a warning toast.
    expect(readyReport).toBeDefined();
    answer = {
      status: 200,
      body: { status: 'ready', report: { ...readyReport!, website: 'not a url', scores: { ...readyReport!.scores, overall: 150 } } },
    };
    await openPage(page, `${app.url}/audit-report/DDDDDDDDDDDDDDDDDDDDDD`);
    await page.getByTestId('audit-report').waitFor();
    await toast(page, 'Data Quality Warning').waitFor();
    await page.getByText('Some report data may be incomplete or invalid.').waitFor();
  });
});
