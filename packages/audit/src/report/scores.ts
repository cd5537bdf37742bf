// The six detail scores of the report, the overall score and grade. Deterministic: every
// number is derived from the findings and the measurements, with fixed thresholds, impact
// labels and benchmarks, so two audits of an unchanged site read the same.
import type { CheckCategory, Finding, ScoreDetail, ScoreKey, Scores, Severity } from '@curb/contracts/audit';
import { CHECKS, runChecks, type CheckRun } from '../checks/registry.ts';
import { browsersTrust } from '../checks/security.ts';
import { memo, type CheckContext } from '../checks/types.ts';
import { detectAnalytics, hasAnyAnalytics } from '../detect/analytics.ts';
import { detectProfiles } from '../detect/social.ts';
import { estimateLab, pageWeights } from '../lab/estimate.ts';
import type { LabResult } from '../lab/types.ts';
import { clamp } from '../util.ts';

export const BENCHMARKS: Record<ScoreKey, { industry: number; topPerformers: number }> = {
  website: { industry: 72, topPerformers: 85 },
  social: { industry: 58, topPerformers: 78 },
  seo: { industry: 65, topPerformers: 88 },
  leadGen: { industry: 45, topPerformers: 75 },
  content: { industry: 52, topPerformers: 82 },
  technical: { industry: 68, topPerformers: 90 },
};

const METRICS: Record<ScoreKey, string> = {
  website: 'Website Performance',
  social: 'Social Media Presence',
  seo: 'SEO Optimization',
  leadGen: 'Lead Generation',
  content: 'Content Strategy',
  technical: 'Technical Performance',
};

/** Impact of improving a score. Content is always High (it is what brings leads in) and technical
 *  always Medium (it matters, but a visitor rarely sees it); the rest by their thresholds. */
export function impactFor(key: ScoreKey, score: number): 'High' | 'Medium' | 'Low' {
  switch (key) {
    case 'website':
    case 'leadGen':
      return score < 60 ? 'High' : score < 80 ? 'Medium' : 'Low';
    case 'social':
      return score < 50 ? 'High' : score < 75 ? 'Medium' : 'Low';
    case 'seo':
      return score < 70 ? 'High' : score < 85 ? 'Medium' : 'Low';
    case 'content':
      return 'High';
    case 'technical':
      return 'Medium';
  }
}

export { gradeFor } from '@curb/contracts/grades';

// --- Speed as the score reads it ------------------------------------------------------------

/**
 * The server time the score's speed model assumes. One request's response time varies two- to
 * threefold between runs on shared hosting, and a browser's lab figures move with the load of
 * the machine running it: scored directly, an unchanged site scored 48, 49, then 50. The scores
 * therefore read speed from the page's make-up (weight, blocking resources, script size, image
 * sizes, compression), which only changes when the site does; the measured figures stay in the
 * report and in their findings.
 */
const NOMINAL_SERVER_MS = 200;

/** Checks that judge one run's timings: reported with the figures measured, scored on the speed model. */
const TIMING_CHECKS = new Set([
  'perf.ttfb-slow',
  'perf.load-slow',
  'perf.lcp-slow',
  'perf.cls-high',
  'perf.tbt-high',
  'perf.mobile-score-low',
]);

/** The speed model of the page's make-up, the same for every run of an unchanged site. */
export function scoringLab(ctx: CheckContext): LabResult {
  return memo(ctx, 'scoring-lab', () => {
    const home = { ...ctx.site.home, ttfbMs: NOMINAL_SERVER_MS };
    return estimateLab({ ...ctx.site, home }, ctx.home);
  });
}

/** The run as the scores count it: timing checks judged on the speed model instead of this run's figures. */
function scoringRun(ctx: CheckContext, run: CheckRun): CheckRun {
  const lab = scoringLab(ctx);
  const home = { ...ctx.home, snapshot: { ...ctx.home.snapshot, ttfbMs: NOMINAL_SERVER_MS } };
  const stable = runChecks(
    { ...ctx, lab, home, pages: ctx.pages.map((p) => (p === ctx.home ? home : p)) },
    CHECKS.filter((c) => TIMING_CHECKS.has(c.id)),
  );
  return { ...run, findings: [...run.findings.filter((f) => !TIMING_CHECKS.has(f.id)), ...stable.findings] };
}

// --- The website score formulas, shared with the admin's SEO dashboard --------------------

/** 25 points each for a title, a description, exactly one h1, and structured data. */
export function seoFormula(ctx: CheckContext): number {
  const h = ctx.home;
  return (
    (h.title ? 25 : 0) +
    (h.description ? 25 : 0) +
    (h.headings.filter((x) => x.level === 1).length === 1 ? 25 : 0) +
    (h.jsonLd.length || h.microdataTypes.length ? 25 : 0)
  );
}

/** From 100: -30 load over 3000 ms, -20 page over 1000 KB, -20 no compression, -30 no SSL. */
export function performanceFormula(ctx: CheckContext): number {
  let score = 100;
  if (scoringLab(ctx).desktop.interactiveMs > 3000) score -= 30;
  if (pageWeights(ctx.site, ctx.home).totalBytes > 1000 * 1024) score -= 20;
  if (!ctx.home.snapshot.headers['content-encoding']) score -= 20;
  if (!hasSsl(ctx)) score -= 30;
  return Math.max(0, score);
}

/** From 100: -5 per image without alt, -20 without lang, -20 without viewport. */
export function accessibilityFormula(ctx: CheckContext): number {
  const h = ctx.home;
  return Math.max(0, 100 - 5 * h.images.filter((i) => i.alt === null && !i.decorative).length - (h.lang ? 0 : 20) - (h.viewport ? 0 : 20));
}

export function hasSsl(ctx: CheckContext): boolean {
  return ctx.home.url.startsWith('https:') && browsersTrust(ctx.site.tls);
}

// --- Check pass rates ---------------------------------------------------------------------

const WEIGHT: Record<Severity, number> = { Critical: 10, Warning: 5, Notice: 2 };

interface Scope {
  categories?: CheckCategory[];
  ids?: string[];
}

const SCOPES: Record<ScoreKey, Scope> = {
  website: {
    categories: ['performance', 'security', 'accessibility'],
    ids: ['onpage.viewport-missing', 'onpage.viewport-fixed-width', 'images.oversized', 'images.broken'],
  },
  social: { categories: ['social'], ids: ['schema.same-as-missing', 'presence.none'] },
  seo: { categories: ['crawlability', 'on-page', 'links', 'structured-data'], ids: ['images.alt-missing'] },
  leadGen: {
    categories: ['real-estate'],
    ids: [
      'biz.phone-missing',
      'biz.phone-not-clickable',
      'biz.email-missing',
      'biz.contact-page-missing',
      'biz.privacy-policy-missing',
      'biz.address-missing',
      'analytics.none',
      'analytics.no-ad-pixel',
    ],
  },
  content: {
    categories: ['ai-search'],
    ids: [
      'onpage.word-count-low',
      'onpage.thin-pages',
      'onpage.duplicate-content',
      'onpage.heading-order',
      'onpage.title-generic',
      'images.alt-missing',
      'images.alt-filename',
      'biz.copyright-outdated',
      're.testimonials-missing',
      'biz.about-page-missing',
    ],
  },
  technical: {
    categories: ['crawlability', 'security', 'performance', 'analytics'],
    ids: ['onpage.charset-missing', 'onpage.doctype-missing', 'schema.jsonld-invalid'],
  },
};

export function scopeChecks(key: ScoreKey): string[] {
  const s = SCOPES[key];
  return CHECKS.filter((c) => s.categories?.includes(c.category) || s.ids?.includes(c.id)).map((c) => c.id);
}

interface Rate {
  /** null when none of the score's checks could be measured. */
  score: number | null;
  passed: number;
  /** The score's checks that were measured, of `total`. */
  measured: number;
  total: number;
  failed: Finding[];
}

/**
 * 100 with nothing wrong, falling with the severity weight of what failed: 100·e^(−lost/45),
 * so one critical issue costs about 20 points and the many checks that do not apply to a
 * site (no hreflang, no forms) neither help nor hurt. A check that was not measured counts
 * for nothing either way: the score says on how many checks it stands.
 */
function penaltyScore(key: ScoreKey, run: CheckRun): Rate {
  const ids = new Set(scopeChecks(key));
  const unmeasured = run.notMeasured.filter((c) => ids.has(c.id)).length;
  const measured = ids.size - unmeasured;
  const failed = run.findings.filter((f) => ids.has(f.id));
  const lost = failed.reduce((n, f) => n + WEIGHT[f.severity], 0);
  return { score: measured ? 100 * Math.exp(-lost / 45) : null, passed: measured - failed.length, measured, total: ids.size, failed };
}

/** Weighted mean of the parts that were measured; null when none was. */
function blend(parts: Array<[weight: number, value: number | null]>): number | null {
  const known = parts.filter((p): p is [number, number] => p[1] !== null);
  const weight = known.reduce((n, [w]) => n + w, 0);
  return weight ? known.reduce((n, [w, v]) => n + w * v, 0) / weight : null;
}

/** Share of the profiles buyers look for that the site links to, weighted by how much they matter to agents. */
const PROFILE_WEIGHTS: Record<string, number> = {
  Zillow: 20,
  'Realtor.com': 20,
  Facebook: 15,
  Instagram: 15,
  LinkedIn: 10,
  'Google Business Profile': 10,
  YouTube: 5,
  'Homes.com': 5,
};

export function profileCoverage(ctx: CheckContext): { score: number; linked: string[] } {
  const linked = detectProfiles(ctx.pages).map((p) => p.platform);
  const score = linked.reduce((n, p) => n + (PROFILE_WEIGHTS[p] ?? 0), 0);
  return { score: Math.min(100, score), linked };
}

const labScore = (lab: LabResult) => 0.6 * lab.mobile.performance + 0.4 * lab.desktop.performance;

function detail(key: ScoreKey, score: number | null, reasoning: string, rate: Rate, fallback: string): ScoreDetail {
  // Nothing measured: no score (0, with a basis of 0 checks, which the page and PDF show as such).
  const s = score === null ? 0 : Math.round(clamp(score, 0, 100));
  const recommendations = rate.failed.slice(0, 5).map((f) => f.fix);
  return {
    metric: METRICS[key],
    score: s,
    maxScore: 100,
    reasoning,
    impact: impactFor(key, s),
    recommendations: recommendations.length ? recommendations : [fallback],
    benchmarks: BENCHMARKS[key],
    basis: { measured: score === null ? 0 : rate.measured, total: rate.total },
  };
}

function summary(rate: Rate): string {
  const top = rate.failed.slice(0, 2).map((f) => f.title.toLowerCase());
  const unmeasured = rate.total - rate.measured;
  const of = unmeasured ? `${rate.measured} measured checks passed (${unmeasured} not measured)` : `${rate.total} checks passed`;
  return `${rate.passed} of ${of}${top.length ? `; main gaps: ${top.join('; ')}` : ''}.`;
}

export function computeScores(ctx: CheckContext, measuredRun: CheckRun): Scores {
  const run = scoringRun(ctx, measuredRun);
  const rates = Object.fromEntries(
    (['website', 'social', 'seo', 'leadGen', 'content', 'technical'] as const).map((k) => [k, penaltyScore(k, run)]),
  ) as Record<ScoreKey, Rate>;
  const lab = scoringLab(ctx);
  const loadS = (lab.desktop.interactiveMs / 1000).toFixed(1);
  const source = ctx.lab.lighthouse
    ? `by the page’s weight; Lighthouse measured ${(ctx.lab.desktop.interactiveMs / 1000).toFixed(1)} s on this run`
    : 'by the page’s weight';
  const measuredNote = ctx.lab.lighthouse
    ? ` (Lighthouse measured ${ctx.lab.mobile.performance} and ${ctx.lab.desktop.performance} on this run)`
    : '';
  const perfF = performanceFormula(ctx);
  const a11yF = accessibilityFormula(ctx);
  const seoF = seoFormula(ctx);
  const analytics = hasAnyAnalytics(detectAnalytics(ctx.home));

  const website = detail(
    'website',
    blend([
      [1, perfF],
      [1, a11yF],
      [1, rates.website.score],
    ]),
    `Loads in ${loadS} s (${source}); ${hasSsl(ctx) ? 'secure HTTPS' : 'no valid HTTPS'}; ` +
      `${ctx.home.viewport ? 'mobile viewport set' : 'not set up for phones'}. Speed and security score ${perfF}/100, accessibility ` +
      `${a11yF}/100; ${summary(rates.website)}`,
    rates.website,
    'Keep images compressed and re-test speed after every site change.',
  );
  const seo = detail(
    'seo',
    blend([
      [1, seoF],
      [1, rates.seo.score],
    ]),
    `Search basics ${seoF}/100 (title, description, one H1, structured data: 25 points each); ${summary(rates.seo)}`,
    rates.seo,
    'Publish a new locally focused page or post every month to keep ranking.',
  );
  const coverage = profileCoverage(ctx);
  const social = detail(
    'social',
    blend([
      [0.6, coverage.score],
      [0.4, rates.social.score],
    ]),
    `${coverage.linked.length ? `Links to ${coverage.linked.join(', ')}` : 'Links to no social or real-estate profile'} (profile ` +
      `coverage ${coverage.score}/100); ${summary(rates.social)}`,
    rates.social,
    'Post listings and market updates weekly on your strongest network.',
  );
  const leadGen = detail(
    'leadGen',
    rates.leadGen.score,
    `${analytics ? 'Visits are measured' : 'Visits are not measured'}; ${summary(rates.leadGen)}`,
    rates.leadGen,
    'Test a second lead magnet (market report or buyer guide) against your current offer.',
  );
  const content = detail(
    'content',
    rates.content.score,
    `${ctx.home.wordCount.toLocaleString('en-US')} words on the home page; ${summary(rates.content)}`,
    rates.content,
    'Refresh market statistics monthly and date them.',
  );
  const technical = detail(
    'technical',
    blend([
      [0.6, rates.technical.score],
      [0.4, labScore(lab)],
    ]),
    `Speed by the page’s weight ${lab.mobile.performance}/100 on mobile, ${lab.desktop.performance}/100 on desktop${measuredNote}; ` +
      `${summary(rates.technical)}`,
    rates.technical,
    'Review the site with this audit after each plugin or theme update.',
  );
  // A score with nothing measured behind it is left out, not counted as 0 or 100.
  const part = (weight: number, d: ScoreDetail): [number, number | null] => [weight, d.basis?.measured === 0 ? null : d.score];
  const overall = Math.round(
    blend([part(0.2, website), part(0.2, seo), part(0.2, leadGen), part(0.1, social), part(0.15, content), part(0.15, technical)]) ?? 0,
  );
  return { overall, website, social, seo, leadGen, content, technical };
}
