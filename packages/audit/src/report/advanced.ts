// The advanced SEO audit result: site health, every issue with its fix, per-category
// counts for the page's tabs, prioritised recommendations, performance and AI search.
import { CHECK_CATEGORIES, type AdvancedAuditResult, type Finding, type Severity } from '@curb/contracts/audit';
import type { Analysis } from '../analyse.ts';
import { allDates, LLMS_H1, LLMS_LINK, sourceLinks } from '../checks/ai-search.ts';
import { CHECKS, CHECKS_BY_ID } from '../checks/registry.ts';
import { datesInText } from '../page.ts';
import { homePageScores } from './home-page.ts';
import { ADVICE } from './plan.ts';
import { speedMeasurementOf } from '../lab/measurement.ts';
import { notMeasuredOf } from './not-measured.ts';

const WEIGHT: Record<Severity, number> = { Critical: 10, Warning: 5, Notice: 2 };
const IMPACT = { Critical: 'High', Warning: 'Medium', Notice: 'Low' } as const;
const TWO_YEARS = 2 * 365 * 86_400_000;

/** Severity-weighted share of the measured checks that passed (a check not measured counts for nothing). */
export function siteHealth(findings: Finding[], checksRun: number, notMeasured: ReadonlySet<string> = new Set()): number {
  const ran = (checksRun + notMeasured.size === CHECKS.length ? CHECKS : CHECKS.slice(0, checksRun + notMeasured.size)).filter(
    (c) => !notMeasured.has(c.id),
  );
  const total = ran.reduce((n, c) => n + WEIGHT[c.severity], 0);
  const lost = findings.reduce((n, f) => n + WEIGHT[f.severity], 0);
  return total ? Math.max(0, Math.round((100 * (total - lost)) / total)) : 100;
}

export function advancedResultOf(analysis: Analysis): AdvancedAuditResult {
  const { ctx, run } = analysis;
  const findings = run.findings;
  const checksRun = findings.length + run.passed.length;
  const notMeasured = notMeasuredOf(run);
  const count = (s: Severity) => findings.filter((f) => f.severity === s).length;
  const actionable = findings.filter((f) => f.severity !== 'Notice').slice(0, 10);
  const recommendations = (actionable.length ? actionable : findings.slice(0, 5)).map((f) => {
    const a = ADVICE[f.category];
    const check = CHECKS_BY_ID.get(f.id)!;
    return {
      title: f.title,
      priority: IMPACT[f.severity],
      category: a.category,
      description: `${f.detail} ${check.description}`,
      impact: a.impact,
      effort: a.effort,
      roi: a.roi,
      implementation: [
        f.fix,
        ...(f.urls?.length ? [`Start with: ${f.urls.slice(0, 3).join(', ')}`] : []),
        'Run the audit again to confirm the issue is gone.',
      ],
    };
  });

  const llms = ctx.site.llmsTxt;
  const llmsBody =
    llms.status === 200 && llms.body !== null && !/html/.test(llms.contentType) && !/^\s*<(?:!doctype|html)/i.test(llms.body)
      ? llms.body
      : null;
  const llmsIssues = findings.filter((f) => f.id.startsWith('ai.llms-')).map((f) => f.detail);

  const dates = allDates(ctx);
  const fresh = dates.some((d) => ctx.now.getTime() - d.getTime() <= TWO_YEARS);
  const failed = new Set(findings.map((f) => f.id));
  const factualAccuracy =
    (dates.length ? 25 : 0) +
    (fresh ? 25 : 0) +
    (!failed.has('schema.missing') && !failed.has('schema.local-business-incomplete') && !failed.has('schema.business-missing') ? 25 : 0) +
    (!failed.has('biz.nap-inconsistent') && !failed.has('biz.phone-missing') ? 25 : 0);
  const sourceAttribution =
    (!failed.has('ai.no-author') ? 40 : 0) +
    (sourceLinks(ctx).length ? 40 : 0) +
    (!failed.has('schema.same-as-missing') && !failed.has('schema.missing') ? 20 : 0);
  const citationScore = Math.round(0.4 * factualAccuracy + 0.4 * sourceAttribution + (failed.has('ai.no-faq') ? 0 : 20));

  const pageAges = ctx.pages.map((p) => {
    const ds = [...p.dates, ...datesInText(p.text)].map((d) => Date.parse(d)).filter(Number.isFinite);
    return ds.length ? Math.max(...ds) : null;
  });

  return {
    url: ctx.home.url,
    overallScore: siteHealth(findings, checksRun, new Set(run.notMeasured.map((c) => c.id))),
    counts: {
      passed: run.passed.length,
      notices: count('Notice'),
      warnings: count('Warning'),
      critical: count('Critical'),
      recommendations: recommendations.length,
    },
    checksRun,
    ...(notMeasured ? { notMeasured } : {}),
    pagesCrawled: ctx.pages.length,
    homePage: homePageScores(ctx),
    categories: CHECK_CATEGORIES.map((category) => {
      const ids = CHECKS.filter((c) => c.category === category).map((c) => c.id);
      const bad = findings.filter((f) => f.category === category).length;
      const unmeasured = run.notMeasured.filter((c) => c.category === category).length;
      return { category, passed: ids.length - bad - unmeasured, failed: bad, ...(unmeasured ? { notMeasured: unmeasured } : {}) };
    }).filter((c) => c.passed + c.failed + (c.notMeasured ?? 0) > 0),
    issues: findings.map((f) => ({
      id: f.id,
      type: f.severity.toLowerCase() as 'critical' | 'warning' | 'notice',
      category: f.category,
      impact: IMPACT[f.severity],
      title: f.title,
      description: f.description,
      fix: f.fix,
      detail: f.detail,
      ...(f.urls ? { urls: f.urls } : {}),
    })),
    recommendations,
    performance: {
      coreWebVitals: { lcp: ctx.lab.mobile.lcpMs, fid: ctx.lab.mobile.fidMs, cls: ctx.lab.mobile.cls, tbt: ctx.lab.mobile.tbtMs },
      mobileScore: ctx.lab.mobile.performance,
      desktopScore: ctx.lab.desktop.performance,
      imageOptimization: !['images.oversized', 'images.legacy-formats', 'images.no-srcset', 'images.dimensions-missing'].some((id) =>
        failed.has(id),
      ),
      compression: Boolean(ctx.home.snapshot.headers['content-encoding']),
      lighthousePowered: ctx.lab.lighthouse,
      speedMeasurement: speedMeasurementOf(ctx.lab),
    },
    aiSearchOptimization: {
      llmsTxt: {
        exists: llmsBody !== null,
        valid: llmsBody !== null && LLMS_H1.test(llmsBody) && LLMS_LINK.test(llmsBody) && llmsBody.length >= 50,
        issues: llmsIssues,
      },
      citationReadiness: { score: Math.min(100, citationScore), factualAccuracy, sourceAttribution },
      contentOptimization: {
        averageContentLength: Math.round(ctx.pages.reduce((n, p) => n + p.wordCount, 0) / ctx.pages.length),
        outdatedContent: pageAges.filter((t) => t !== null && ctx.now.getTime() - t > TWO_YEARS).length,
        overlongContent: ctx.pages.filter((p) => p.wordCount > 3000).length,
      },
    },
    durationMs: analysis.durationMs,
  };
}
