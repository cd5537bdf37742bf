// Scores, grade and the report built from fixture sites: valid against the contract,
// deterministic, and ranking a well-built site above a bare one.
import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { AdvancedAuditResultSchema, AuditReportSchema, QuickLookupResultSchema } from '@curb/contracts/audit';
import { runChecks } from '@curb/audit/checks/registry';
import { buildReport, keywordDensity } from '@curb/audit/report/build';
import { advancedResultOf } from '@curb/audit/report/advanced';
import { quickLookupOf } from '@curb/audit/report/quick';
import { speedMeasurementOf } from '@curb/audit/lab/measurement';
import { accessibilityFormula, gradeFor, impactFor, performanceFormula, seoFormula } from '@curb/audit/report/scores';
import { contextOf, type Fixture } from './checks/harness.ts';
import { GOOD_HTML } from './checks/good-site.ts';

const BARE = '<html><head><title>Home</title></head><body><p>Welcome to my site. <img src="/a.jpg"><img src="/b.jpg"></p></body></html>';

function report(f: Fixture) {
  const ctx = contextOf(f);
  const run = runChecks(ctx);
  return {
    ctx,
    run,
    report: buildReport({
      reportId: 'r'.repeat(22),
      businessName: 'Jane Smith Realty',
      ctx,
      run,
      generatedAt: new Date('2026-11-15T12:00:00Z'),
    }),
  };
}

describe('scores', () => {
  it('grades with the spec thresholds', () => {
    expect([95, 90, 89, 80, 79, 70, 69, 60, 59, 0].map((s) => gradeFor(s).grade)).toEqual([
      'A+',
      'A+',
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
      'D',
    ]);
    expect(gradeFor(61).label).toBe('Fair');
  });

  it('labels impact with the spec thresholds', () => {
    expect([59, 60, 79, 80].map((s) => impactFor('website', s))).toEqual(['High', 'Medium', 'Medium', 'Low']);
    expect([49, 50, 74, 75].map((s) => impactFor('social', s))).toEqual(['High', 'Medium', 'Medium', 'Low']);
    expect([69, 70, 84, 85].map((s) => impactFor('seo', s))).toEqual(['High', 'Medium', 'Medium', 'Low']);
    expect([59, 60, 79, 80].map((s) => impactFor('leadGen', s))).toEqual(['High', 'Medium', 'Medium', 'Low']);
    expect([0, 100].map((s) => impactFor('content', s))).toEqual(['High', 'High']);
    expect([0, 100].map((s) => impactFor('technical', s))).toEqual(['Medium', 'Medium']);
  });

  it('applies the admin spec website formulas', () => {
    const good = contextOf();
    expect(seoFormula(good)).toBe(100);
    expect(accessibilityFormula(good)).toBe(100);
    const bare = contextOf({ url: 'http://bare.example/', html: BARE, headers: { 'content-encoding': undefined } });
    expect(seoFormula(bare)).toBe(25); // title only
    expect(accessibilityFormula(bare)).toBe(100 - 10 - 20 - 20);
    expect(performanceFormula(bare)).toBe(100 - 20 - 30); // no compression, no SSL
  });
});

describe('report', () => {
  it('is valid, deterministic and scores the good site high', () => {
    const a = report({});
    const b = report({});
    expect([...Value.Errors(AuditReportSchema, a.report)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
    expect(JSON.stringify(a.report)).toBe(JSON.stringify(b.report));
    expect(a.report.scores.overall).toBeGreaterThanOrEqual(85);
    expect(a.report.checklist).toHaveLength(15);
    expect(a.report.checklist.every((c) => c.passed)).toBe(true);
    expect(a.report.websiteData).toMatchObject({
      companyName: 'Jane Smith Realty',
      businessType: 'Real Estate Agent',
      location: 'Arlington, VA',
      phone: '+1-703-555-0142',
      hasSSL: true,
      mobileOptimized: true,
      hasAnalytics: true,
    });
    expect(a.report.websiteData.realEstateFeatures).toMatchObject({
      hasIDX: true,
      idxProvider: 'IDX Broker',
      hasValuationTool: true,
      hasMortgageCalculator: true,
      hasPropertySearch: true,
      hasVirtualTours: true,
    });
    const zillow = a.report.websiteData.socialProfiles.find((p) => p.platform === 'Zillow');
    expect(zillow).toMatchObject({
      username: 'JaneSmithRealty',
      claimed: true,
      verified: true,
      completeness: 100,
      brokerageInfo: 'Smith Partners Realty',
      licenseInfo: 'License # 0225123456',
    });
    expect(a.report.websiteData.profileVerification).toMatchObject({ verifiedProfiles: 3, totalProfiles: 3, averageCompleteness: 100 });
    // The report's fixed benchmarks (industry / top performers), written out: a change must fail here.
    const specBenchmarks = {
      website: [72, 85],
      social: [58, 78],
      seo: [65, 88],
      leadGen: [45, 75],
      content: [52, 82],
      technical: [68, 90],
    } as const;
    for (const [key, [industry, topPerformers]] of Object.entries(specBenchmarks) as Array<
      [keyof typeof specBenchmarks, readonly [number, number]]
    >) {
      expect(a.report.scores[key].benchmarks, key).toEqual({ industry, topPerformers });
      expect(a.report.scores[key].recommendations.length).toBeGreaterThan(0);
    }
  });

  it('scores a bare http site low, with findings, plans and fallback-free recommendations', () => {
    const { report: r } = report({
      url: 'http://bare.example/',
      html: BARE,
      robots: null,
      sitemap: null,
      llms: null,
      headers: { 'content-encoding': undefined, 'strict-transport-security': undefined },
    });
    expect([...Value.Errors(AuditReportSchema, r)]).toEqual([]);
    expect(r.scores.overall).toBeLessThan(50);
    expect(r.grade).toBe('D');
    expect(r.websiteData.hasSSL).toBe(false);
    // A title of "Home" names no business: the name the lead gave stands.
    expect(r.websiteData.companyName).toBe('Jane Smith Realty');
    expect(r.findings[0]!.severity).toBe('Critical');
    expect(r.recommendations.length).toBeGreaterThan(3);
    expect(r.recommendations[0]!.priority).toBe('High');
    expect(r.actionPlan.immediate.length).toBeGreaterThan(0);
    expect(r.investmentAnalysis.riskLevel).toBe('High');
    // No lead figure promised to a site it was not measured on.
    expect(r.investmentAnalysis.expectedROI).toBe('The most to gain: these fixes address problems that cost leads today');
    expect(r.investmentAnalysis.expectedROI).not.toMatch(/\d+\s*%/);
    expect(r.marketAnalysis!.marketOpportunity).toBe('High');
    expect(r.checklist.filter((c) => !c.passed).length).toBeGreaterThan(8);
    expect(r.scores.website.impact).toBe('High');
  });

  it('computes keyword density deterministically', () => {
    // 6 words of 3+ letters; stop words count in the total but are not listed.
    expect(keywordDensity('Homes homes for sale in Arlington homes')).toEqual({ homes: 50, arlington: 16.67, sale: 16.67 });
  });
});

describe('quick lookup and advanced result', () => {
  const analysis = (f: Fixture) => {
    const ctx = contextOf(f);
    return { snapshot: ctx.site, ctx, run: runChecks(ctx), durationMs: 1234 };
  };

  it('says beside every speed figure how it was measured, the same way in the lookup, the report and the advanced audit', () => {
    const a = analysis({});
    const { report: r } = report({});
    expect(a.ctx.lab.lighthouse).toBe(false);
    const estimated = {
      loadTime: expect.stringMatching(/^Estimated from our server’s download/),
      coreWebVitals: expect.stringMatching(/^Estimated from network timings \(mobile/),
    };
    expect(quickLookupOf(a).speedMeasurement).toEqual(estimated);
    expect(r.websiteData.speedMeasurement).toEqual(estimated);
    expect(advancedResultOf(a).performance.speedMeasurement).toEqual(estimated);
    const lab = speedMeasurementOf({ lighthouse: true });
    expect(lab.coreWebVitals).toBe('Lighthouse, mobile (simulated slow 4G, 4× slower CPU)');
    expect(lab.loadTime).toMatch(/^Lighthouse, desktop/);
  });

  it('builds a valid quick lookup with the top SEO issues', () => {
    const fixture: Fixture = { replace: [[/<meta name="description" content="[^"]*">/, '']] };
    const q = quickLookupOf(analysis(fixture));
    expect([...Value.Errors(QuickLookupResultSchema, q)]).toEqual([]);
    expect(q).toMatchObject({
      companyName: 'Jane Smith Realty',
      // The report's SEO score of the same page, not the four basics' formula alone (75).
      seoScore: report(fixture).report.scores.seo.score,
      lighthousePowered: false,
      hasAnalytics: true,
      mobileOptimized: true,
    });
    expect(q.seoIssues[0]).toEqual({
      type: 'Missing meta description',
      description: 'The page has no meta description.',
      category: 'Warning',
    });
  });

  it('builds a valid advanced result with every tab fed', () => {
    const r = advancedResultOf(
      analysis({
        llms: '# Jane\n\nNo links here but long enough to pass the length rule.',
        replace: [['<h1>Arlington Real Estate with Jane Smith</h1>', '']],
      }),
    );
    expect([...Value.Errors(AdvancedAuditResultSchema, r)]).toEqual([]);
    expect(r.counts.warnings).toBeGreaterThan(0);
    expect(r.categories.map((c) => c.category)).toEqual(
      expect.arrayContaining(['crawlability', 'on-page', 'security', 'performance', 'ai-search']),
    );
    expect(r.aiSearchOptimization.llmsTxt).toMatchObject({ exists: true, valid: false });
    expect(r.aiSearchOptimization.llmsTxt.issues).toContain('The file does not appear to contain any links.');
    expect(r.aiSearchOptimization.citationReadiness.score).toBeGreaterThan(50);
    expect(r.recommendations[0]!.implementation.length).toBeGreaterThanOrEqual(2);
    expect(r.overallScore).toBeLessThan(100);
    expect(advancedResultOf(analysis({})).overallScore).toBe(100);
  });

  it('treats the good home page text as having content', () => {
    expect(contextOf({ html: GOOD_HTML }).home.wordCount).toBeGreaterThan(300);
  });
});

describe('report PDF', () => {
  it('renders the report as a vector PDF with text from the site kept as text', async () => {
    const { renderReportPdf } = await import('@curb/audit/pdf/render');
    const { report: r } = report({
      replace: [
        ['<title>Arlington VA Homes for Sale | Jane Smith Realty</title>', '<title>Homes <script>alert(1)</script> & more</title>'],
      ],
    });
    const pdf = await renderReportPdf(r, 'https://example.com/audit-report/abc');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5000);
  }, 20_000);
});
