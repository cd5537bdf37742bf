// What a prospect reads about the sample site: one measurement per site, so the
// form preview, the report and the advanced audit agree where they measure the same thing;
// and no text that leaks a template or contradicts the site.
import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { AdvancedAuditResultSchema } from '@curb/contracts/audit';
import { longTermPlan, MEDIUM_TERM_PLAN, reportDate, reportGeneratedAt } from '@curb/content';
import { runChecks } from '@curb/audit/checks/registry';
import { advancedResultOf } from '@curb/audit/report/advanced';
import { buildReport } from '@curb/audit/report/build';
import { quickLookupOf } from '@curb/audit/report/quick';
import { contextOf } from './checks/harness.ts';
import { SAMPLE_BUSINESS, SAMPLE_URL, sampleFixture } from './sample-site.ts';

/** The sample site as the free audit (home page) or the advanced audit (nine pages) reads it. */
function analysisOf(crawl: boolean) {
  const ctx = contextOf(sampleFixture({ crawl }));
  return { snapshot: ctx.site, ctx, run: runChecks(ctx), durationMs: 1000 };
}

function sampleReport() {
  const { ctx, run } = analysisOf(false);
  return buildReport({ reportId: 'r'.repeat(22), businessName: SAMPLE_BUSINESS, ctx, run, generatedAt: new Date('2026-11-15T12:00:00Z') });
}

describe('one measurement per site: the preview, the report and the advanced audit agree', () => {
  it("gives the form preview the report's SEO score (it was the 25-points formula alone: 50 against 46)", () => {
    const report = sampleReport();
    expect(quickLookupOf(analysisOf(false)).seoScore).toBe(report.scores.seo.score);
  });

  it("shows, beside the advanced audit's Site Health, the free report's SEO and overall scores of the same home page", () => {
    const report = sampleReport();
    const advanced = advancedResultOf(analysisOf(true));
    expect([...Value.Errors(AdvancedAuditResultSchema, advanced)]).toEqual([]);
    expect(advanced.pagesCrawled).toBe(9);
    expect(advanced.homePage).toEqual({ seo: report.scores.seo.score, overall: report.scores.overall });
    // The crawl of nine pages is its own measurement of a different thing, and says so on screen.
    expect(advanced.overallScore).not.toBe(report.scores.overall);
  });
});

describe('report text that contradicted the sample site', () => {
  const report = sampleReport();
  const ids = report.findings.map((f) => f.id);

  it('does not credit a hand-made "Featured listings" page as IDX listings', () => {
    expect(report.websiteData.realEstateFeatures?.hasIDX).toBe(false);
    expect(report.marketAnalysis?.competitiveAdvantage.join(' ')).not.toMatch(/IDX/);
  });

  it('counts the quoted client on the home page as a testimonial', () => {
    expect(ids).not.toContain('re.testimonials-missing');
  });

  it('names the page that carries a broken link', () => {
    const broken = report.findings.find((f) => f.id === 'links.broken-internal');
    expect(broken?.detail).toBe('1 internal link returns an error: /old-listing (404, linked from the home page).');
    expect(broken?.urls).toEqual([SAMPLE_URL]);
    const crawled = advancedResultOf(analysisOf(true)).issues.find((i) => i.id === 'links.broken-internal');
    expect(crawled?.detail).toMatch(/linked from the home page/);
  });

  it('flags the unsized award badge (an .svg file)', () => {
    expect(report.findings.find((f) => f.id === 'images.dimensions-missing')?.detail).toBe('1 image has no width and height.');
  });

  it('writes the long-term plan for the place found on the site, never a "<your area>" template', () => {
    expect(report.websiteData.location).toBe('Alexandria, VA');
    const plan = [...MEDIUM_TERM_PLAN, ...longTermPlan(report.websiteData.location)];
    expect(plan.join('\n')).not.toMatch(/[<>]/);
    expect(plan).toContain('Rank for "homes for sale in Alexandria, VA" with a page for each neighborhood');
    expect(longTermPlan(undefined)).toContain('Rank for "homes for sale" in each town you serve, with a page for each');
  });

  it("dates the report in the owner's time zone, whatever the reader's", () => {
    const zone = 'America/New_York';
    // 02:30 UTC on the 15th is still the evening of the 14th in Virginia.
    expect(reportDate('2026-11-15T02:30:00Z', zone)).toBe('November 14, 2026');
    expect(reportDate('2026-11-15T12:00:00Z', zone)).toBe('November 15, 2026');
    expect(reportDate('2026-11-15T02:30:00Z', 'UTC')).toBe('November 15, 2026');
    expect(reportDate('not a date', zone)).toBe('');
    // The generated line carries its time and zone: which evening it was is never a guess.
    expect(reportGeneratedAt('2026-11-15T02:30:00Z', zone)).toBe('November 14, 2026, 9:30 PM EST');
    expect(reportGeneratedAt('2026-07-04T16:05:00Z', zone)).toBe('July 4, 2026, 12:05 PM EDT');
    expect(reportGeneratedAt('2026-07-04T16:05:00Z', 'Europe/London')).toBe('July 4, 2026, 5:05 PM GMT+1');
    // A zone the runtime does not know is read as UTC rather than failing the page.
    expect(reportGeneratedAt('2026-07-04T16:05:00Z', 'Mars/Olympus')).toBe('July 4, 2026, 4:05 PM UTC');
    expect(reportGeneratedAt('not a date', zone)).toBe('');
  });
});
