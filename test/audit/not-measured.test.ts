// A check the audit could not take is "not measured", with the reason, and never passed: the
// browser test that did not finish, a sitemap that did not answer in time. The report JSON,
// its scores (computed over the measured checks, saying on how many), the advanced result,
// the PDF and the report e-mail all say it in one plain line.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { AdvancedAuditResultSchema, AuditReportSchema, type AuditReport } from '@curb/contracts/audit';
import { analyseSite } from '@curb/audit/analyse';
import { CHECKS, runChecks, type CheckRun } from '@curb/audit/checks/registry';
import { estimateLab } from '@curb/audit/lab/estimate';
import { LAB_NOT_RUN } from '@curb/audit/lab/measurement';
import type { LabResult } from '@curb/audit/lab/types';
import { advancedResultOf } from '@curb/audit/report/advanced';
import { buildReport } from '@curb/audit/report/build';
import { computeScores, scopeChecks } from '@curb/audit/report/scores';
import { parsed } from '@curb/audit/snapshot';
import { sampleProfile } from '@curb/content';
import { reportMail } from '../../services/worker/src/mail/messages.ts';
import { mailOwnerOf } from '../../services/worker/src/mail/owner.ts';
import { contextOf, labWith, snapshotOf } from './checks/harness.ts';
import { GOOD_HTML } from './checks/good-site.ts';
import { hostile, startSite } from './sites.ts';

const BROWSER_CHECKS = CHECKS.filter((c) => c.needs === 'lighthouse').map((c) => c.id);

/** The good site as the audit sees it when the browser test ran out of time. */
function timedOutLab(): LabResult {
  const site = snapshotOf();
  return { ...estimateLab(site, parsed(site.home)), notRunReason: LAB_NOT_RUN.timeout };
}

const reportOf = (run: CheckRun, ctx = contextOf()): AuditReport =>
  buildReport({ reportId: 'r'.repeat(22), businessName: 'Jane Smith Realty', ctx, run, generatedAt: new Date('2026-11-15T12:00:00Z') });

const SUMMARY =
  `${BROWSER_CHECKS.length} checks could not be measured: the in-browser speed test did not finish within its time budget. ` +
  'They are not counted as passed.';

describe('checks the audit could not take', () => {
  it('reports every check reading the browser test "not measured" with the reason when the test did not finish', () => {
    expect(BROWSER_CHECKS.length).toBeGreaterThanOrEqual(15);
    const run = runChecks(contextOf({ lab: timedOutLab() }));
    expect(run.notMeasured.map((c) => c.id).sort()).toEqual([...BROWSER_CHECKS].sort());
    expect(new Set(run.notMeasured.map((c) => c.reason))).toEqual(new Set([LAB_NOT_RUN.timeout]));
    // Neither passed nor failed.
    expect(run.passed.filter((id) => BROWSER_CHECKS.includes(id))).toEqual([]);
    expect(run.findings.filter((f) => BROWSER_CHECKS.includes(f.id))).toEqual([]);
  });

  it('measures them when the browser test ran: passed when clean, a finding when Lighthouse failed the page', () => {
    const clean = runChecks(contextOf({ lab: labWith() }));
    expect(clean.notMeasured).toEqual([]);
    expect(clean.passed).toEqual(expect.arrayContaining(BROWSER_CHECKS));
    const failing = runChecks(contextOf({ lab: labWith({ id: 'color-contrast', displayValue: '3 elements' }) }));
    expect(failing.notMeasured).toEqual([]);
    expect(failing.findings.map((f) => f.id)).toContain('a11y.color-contrast');
  });

  it('says it in the report JSON: one plain line, the 15-point review, and scores that give their basis', () => {
    const ctx = contextOf({ lab: timedOutLab() });
    const report = reportOf(runChecks(ctx), ctx);
    expect(Value.Errors(AuditReportSchema, report).First()).toBeUndefined();
    expect(report.notMeasured?.summary).toBe(SUMMARY);
    expect(report.notMeasured?.checks.find((c) => c.id === 'a11y.color-contrast')).toEqual({
      id: 'a11y.color-contrast',
      category: 'accessibility',
      title: 'Text with too little contrast',
      reason: LAB_NOT_RUN.timeout,
    });
    expect(report.basis).toEqual({ measured: report.checksRun, total: report.checksRun + BROWSER_CHECKS.length });
    // The website score covers accessibility and performance: it says on how many checks it stands.
    const website = report.scores.website;
    const inScope = scopeChecks('website');
    const unmeasured = BROWSER_CHECKS.filter((id) => inScope.includes(id)).length;
    expect(unmeasured).toBeGreaterThan(5);
    expect(website.basis).toEqual({ measured: inScope.length - unmeasured, total: inScope.length });
    expect(website.reasoning).toContain(`(${unmeasured} not measured)`);

    // With the browser test, the same site has every check measured and says nothing more.
    const full = reportOf(runChecks(contextOf({ lab: labWith() })));
    expect(full.notMeasured).toBeUndefined();
    expect(full.scores.website.basis).toEqual({ measured: inScope.length, total: inScope.length });
  });

  it('shows no score for a category with nothing measured, and leaves it out of the overall score', () => {
    const ctx = contextOf({ lab: labWith() });
    const run = runChecks(ctx);
    const leadGen = new Set(scopeChecks('leadGen'));
    const blind: CheckRun = {
      ...run,
      passed: run.passed.filter((id) => !leadGen.has(id)),
      findings: run.findings.filter((f) => !leadGen.has(f.id)),
      notMeasured: CHECKS.filter((c) => leadGen.has(c.id)).map((c) => ({ id: c.id, category: c.category, title: c.title, reason: 'x' })),
    };
    const scores = computeScores(ctx, blind);
    expect(scores.leadGen.basis).toEqual({ measured: 0, total: leadGen.size });
    const { website, seo, social, content, technical } = scores;
    const expected = (0.2 * website.score + 0.2 * seo.score + 0.1 * social.score + 0.15 * content.score + 0.15 * technical.score) / 0.8;
    expect(scores.overall).toBe(Math.round(expected));
  });

  it('says it in the advanced audit result, per category and overall, and leaves the checks out of site health', () => {
    const snapshot = snapshotOf();
    const at = (lab: LabResult) => {
      const ctx = contextOf({ lab });
      return advancedResultOf({ snapshot, ctx, run: runChecks(ctx), durationMs: 1 });
    };
    const result = at(timedOutLab());
    expect(Value.Errors(AdvancedAuditResultSchema, result).First()).toBeUndefined();
    expect(result.notMeasured?.summary).toBe(SUMMARY);
    const a11y = result.categories.find((c) => c.category === 'accessibility')!;
    expect(a11y.notMeasured).toBe(BROWSER_CHECKS.filter((id) => id.startsWith('a11y.')).length);
    expect(a11y.passed + a11y.failed + a11y.notMeasured!).toBe(CHECKS.filter((c) => c.category === 'accessibility').length);
    // The good site passes everything it was measured on: 100, on the measured checks only.
    expect(result.overallScore).toBe(100);
    expect(at(labWith()).notMeasured).toBeUndefined();
  });

  it('reports a sitemap that did not answer in time as not measured, not missing', async () => {
    const site = await startSite({
      '/': (_req, res, s) =>
        res
          .writeHead(200, { 'content-type': 'text/html' })
          // Without its links to other sites, which answer or not as this machine's network allows.
          .end(GOOD_HTML.replaceAll('https://janesmithrealty.com/', s.url).replace(/<a [^>]*href="https:[^"]*"[^>]*>.*?<\/a>/g, '')),
      '/sitemap.xml': hostile.hang(),
    });
    try {
      const analysis = await analyseSite(site.url, { allowPrivateNetworks: true, lab: 'none' });
      expect(analysis.run.notMeasured.filter((c) => !BROWSER_CHECKS.includes(c.id))).toEqual([
        {
          id: 'crawl.sitemap-missing',
          category: 'crawlability',
          title: 'No XML sitemap',
          reason: 'The site did not send its sitemap within the time allowed.',
        },
      ]);
      const report = reportOf(analysis.run, analysis.ctx);
      const item = report.checklist.find((c) => c.id === 'crawl.sitemap-missing')!;
      expect(item).toMatchObject({ passed: false, notMeasured: 'The site did not send its sitemap within the time allowed.' });
      expect(item.detail).toBeUndefined();
      // This audit ran no browser test either: both reasons, in one line.
      expect(report.notMeasured?.summary).toBe(
        `${BROWSER_CHECKS.length + 1} checks could not be measured (the site did not send its sitemap within the time allowed; ` +
          'this audit does not include the in-browser test). They are not counted as passed.',
      );
    } finally {
      await site.close();
    }
  }, 30_000);

  it('says it in the PDF (cover and summary) and in the report e-mail', async () => {
    const { renderReportPdf } = await import('@curb/audit/pdf/render');
    const ctx = contextOf({ lab: timedOutLab() });
    const report = reportOf(runChecks(ctx), ctx);
    const dir = mkdtempSync(join(tmpdir(), 'curb-not-measured-'));
    try {
      const pdfPath = join(dir, 'report.pdf');
      const pdf = await renderReportPdf(report, 'https://example.com/audit-report/abc');
      writeFileSync(pdfPath, pdf);
      const pages = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' })
        .split('\f')
        .map((p) => p.replace(/\s+/g, ' '));
      expect(pages[0]).toContain(SUMMARY);
      expect(pages[1]).toContain(SUMMARY);
      // The score cards say on how many checks they stand.
      expect(pages.join(' ')).toMatch(/Based on \d+ of \d+ checks\./);

      const config = { PUBLIC_URL: 'https://curb.example', PORT: 3000, MAIL_FROM: 'a@b.c' } as Parameters<typeof reportMail>[0];
      const mail = reportMail(config, mailOwnerOf(config, sampleProfile()), 'jane@example.com', report, 'token', pdf);
      expect(mail.text).toContain(SUMMARY);
      expect(mail.html).toContain(SUMMARY);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
