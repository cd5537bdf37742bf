// The Growth Opportunities Report: everything the report page shows, built from one
// analysed site. The same analysis always gives the same report (generatedAt aside).
import type { AuditReport, MarketAnalysis, SocialProfile, TechnicalSeo, WebsiteData } from '@curb/contracts/audit';
import { FREE_CHECKS, type CheckRun } from '../checks/registry.ts';
import type { CheckContext } from '../checks/types.ts';
import { detectAnalytics, hasAnyAnalytics } from '../detect/analytics.ts';
import { detectBusiness, detectTechStack } from '../detect/business.ts';
import { detectRealEstate } from '../detect/real-estate.ts';
import { detectProfiles, REAL_ESTATE_PROFILE_SITES, sameAsUrls } from '../detect/social.ts';
import { round } from '../util.ts';
import { actionPlanFrom, investmentFrom, recommendationsFrom } from './plan.ts';
import { computeScores, gradeFor, hasSsl } from './scores.ts';
import { speedMeasurementOf } from '../lab/measurement.ts';
import { basisOf, notMeasuredOf } from './not-measured.ts';

export interface ReportInput {
  reportId: string;
  /** As the lead typed it; the site's own name wins for websiteData.companyName when found. */
  businessName: string;
  ctx: CheckContext;
  run: CheckRun;
  generatedAt: Date;
}

/** The free audit's 15 points, named as what is checked rather than what is wrong. */
export const CHECKLIST_LABELS: Record<string, string> = {
  'crawl.status-error': 'Home page loads without errors',
  'crawl.sitemap-missing': 'XML sitemap',
  'onpage.title-missing': 'Page title',
  'onpage.description-missing': 'Meta description',
  'onpage.h1-missing': 'Main headline (H1)',
  'onpage.viewport-missing': 'Mobile-friendly layout',
  'images.alt-missing': 'Image descriptions (alt text)',
  'security.no-https': 'Secure HTTPS connection',
  'perf.load-slow': 'Loads in 3 seconds or less',
  'schema.missing': 'Structured data for search engines',
  'social.og-missing': 'Social sharing previews',
  're.lead-capture-missing': 'Lead capture (forms, booking, click-to-call)',
  'presence.none': 'Links to social and real-estate profiles',
  'biz.phone-missing': 'Phone number',
  'analytics.none': 'Visitor analytics',
};

const SERVICES: Array<[string, RegExp]> = [
  ['Buyer representation', /\bbuy(?:er|ing)s?\b/i],
  ['Seller representation', /\bsell(?:er|ing)s?\b|\blist(?:ing)? your home\b/i],
  ['Home valuation', /home valu|what(?:'|’)?s my home worth/i],
  ['Relocation', /relocat/i],
  ['Luxury homes', /\bluxury\b/i],
  ['New construction', /new construction|new homes/i],
  ['Investment properties', /\binvest(?:ment|or)s?\b/i],
  ['Rentals', /\brent(?:al|als|ing)\b/i],
  ['Property management', /property management/i],
  ['Commercial real estate', /\bcommercial\b/i],
  ['First-time buyers', /first[- ]time (?:home )?buyers?/i],
];

const STOP_WORDS = new Set(
  (
    'a an and are as at be by for from has have in is it its of on or our that the this to was we with you your i my me us will can ' +
    'all more about'
  ).split(' '),
);

export function keywordDensity(text: string, top = 8): Record<string, number> {
  const words = text.toLowerCase().match(/[a-z][a-z'-]{2,}/g) ?? [];
  if (!words.length) return {};
  const counts = new Map<string, number>();
  for (const w of words) if (!STOP_WORDS.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return Object.fromEntries(
    [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, top)
      .map(([w, n]) => [w, round((100 * n) / words.length, 2)]),
  );
}

function socialProfiles(ctx: CheckContext, brokerage: string | null, licence: string | null): SocialProfile[] {
  const claimedInSchema = new Set(ctx.pages.flatMap(sameAsUrls).map((u) => u.replace(/\/$/, '').toLowerCase()));
  return detectProfiles(ctx.pages).map((p) => {
    if (!(REAL_ESTATE_PROFILE_SITES as readonly string[]).includes(p.platform)) return p;
    // What the site itself proves about the profile: the owner links it (claimed), lists it
    // in structured data (verified two ways), and shows the brokerage and licence to match.
    const verified = claimedInSchema.has(p.url.replace(/\/$/, '').toLowerCase());
    const issues = [
      ...(verified ? [] : ["Not listed in the site's structured data (sameAs)"]),
      ...(brokerage ? [] : ['No brokerage named on the website to match the profile']),
      ...(licence ? [] : ['No licence number on the website to match the profile']),
    ];
    return {
      ...p,
      claimed: true,
      verified,
      completeness: 40 + (verified ? 20 : 0) + (brokerage ? 20 : 0) + (licence ? 20 : 0),
      ...(brokerage ? { brokerageInfo: brokerage } : {}),
      ...(licence ? { licenseInfo: `License # ${licence}` } : {}),
      issues,
    };
  });
}

function servicesOf(ctx: CheckContext): string[] {
  const text =
    `${ctx.home.headings.map((h) => h.text).join(' ')} ${ctx.home.links.map((l) => l.text).join(' ')} ` +
    `${ctx.home.text.slice(0, 50_000)}`;
  return SERVICES.filter(([, re]) => re.test(text)).map(([name]) => name);
}

export function websiteDataOf(ctx: CheckContext, fallbackName: string): WebsiteData {
  const biz = detectBusiness(ctx.home);
  const re = detectRealEstate(ctx.pages);
  const profiles = socialProfiles(ctx, re.brokerage, re.licence);
  const reProfiles = profiles.filter((p) => p.claimed !== undefined);
  const analytics = detectAnalytics(ctx.home);
  const faviconUrl = biz.favicon ?? (faviconOk(ctx) ? ctx.site.favicon!.url : null);
  const { hasCallToAction: _cta, hasTestimonials: _t, hasEqualHousing: _e, brokerage: _b, licence: _l, isRealEstate: _r, ...features } = re;
  return {
    companyName: biz.name ?? fallbackName,
    businessType: biz.type,
    ...(biz.location ? { location: biz.location } : {}),
    ...(biz.phone ? { phone: biz.phone } : {}),
    ...(biz.logo ? { logo: biz.logo } : {}),
    hasSSL: hasSsl(ctx),
    loadTime: round(ctx.lab.desktop.interactiveMs / 1000, 1),
    mobileOptimized: mobileReady(ctx),
    hasAnalytics: hasAnyAnalytics(analytics),
    socialProfiles: profiles,
    services: servicesOf(ctx),
    techStack: detectTechStack(ctx.home),
    ...(ctx.home.title ? { seoTitle: ctx.home.title } : {}),
    ...(ctx.home.description ? { metaDescription: ctx.home.description } : {}),
    keywordDensity: keywordDensity(ctx.home.text),
    pagespeed: { desktop: ctx.lab.desktop.performance, mobile: ctx.lab.mobile.performance },
    ...(ctx.lab.screenshot ? { screenshot: ctx.lab.screenshot } : {}),
    branding: { ...(biz.logo ? { logoUrl: biz.logo } : {}), ...(faviconUrl ? { faviconUrl } : {}) },
    profileVerification: {
      verifiedProfiles: reProfiles.filter((p) => p.verified).length,
      totalProfiles: reProfiles.length,
      averageCompleteness: reProfiles.length
        ? Math.round(reProfiles.reduce((n, p) => n + (p.completeness ?? 0), 0) / reProfiles.length)
        : 0,
      brokerages: re.brokerage ? [re.brokerage] : [],
    },
    realEstateFeatures: features,
    lighthousePowered: ctx.lab.lighthouse,
    speedMeasurement: speedMeasurementOf(ctx.lab),
  };
}

function faviconOk(ctx: CheckContext): boolean {
  return ctx.site.favicon !== null && ctx.site.favicon.status !== null && ctx.site.favicon.status < 400;
}

export function mobileReady(ctx: CheckContext): boolean {
  return /width\s*=\s*device-width/i.test(ctx.home.viewport ?? '');
}

function technicalSeoOf(ctx: CheckContext): TechnicalSeo {
  const a = detectAnalytics(ctx.home);
  const vitals = { lcp: ctx.lab.mobile.lcpMs, fid: ctx.lab.mobile.fidMs, cls: ctx.lab.mobile.cls };
  const images = ctx.home.images;
  const oversized = ctx.site.resources.filter((r) => r.kind === 'image' && (r.bytes ?? 0) > 300 * 1024).length;
  const html = ctx.home.snapshot;
  return {
    hasRobotsTxt: ctx.site.robots.status === 200,
    hasSitemap: ctx.site.sitemap.status === 200,
    hasGoogleAnalytics: a.ga4.length > 0 || a.universal.length > 0,
    hasGoogleTagManager: a.gtm.length > 0,
    hasStructuredData: ctx.home.jsonLd.length > 0 || ctx.home.microdataTypes.length > 0,
    hasMetaTags: Boolean(ctx.home.title && ctx.home.description),
    hasOpenGraph: [...ctx.home.metas.keys()].some((k) => k.startsWith('og:')),
    hasFavicon: faviconOk(ctx),
    httpsRedirect: ctx.site.httpVariant?.redirectsToHttps ?? false,
    mobileResponsive: mobileReady(ctx),
    pageSpeed: {
      desktop: ctx.lab.desktop.performance,
      mobile: ctx.lab.mobile.performance,
      webVitals: { ...vitals, tbt: ctx.lab.mobile.tbtMs },
    },
    coreWebVitals: vitals,
    compressionSettings: {
      gzipEnabled: Boolean(html.headers['content-encoding']),
      compressionRatio: html.transferBytes > 0 && html.headers['content-encoding'] ? round(html.htmlBytes / html.transferBytes, 1) : 1,
    },
    cacheHeaders: {
      expiresHeaders: ctx.site.resources.some((r) => /max-age=\d+/.test(r.headers['cache-control'] ?? '') || Boolean(r.headers.expires)),
    },
    imageOptimization: {
      oversizedImages: oversized,
      missingAltTags: images.filter((i) => i.alt === null && !i.decorative).length,
      lazyLoadingEnabled: images.some((i) => i.loading === 'lazy'),
    },
  };
}

function marketAnalysisOf(ctx: CheckContext, report: { overall: number; websiteData: WebsiteData; run: CheckRun }): MarketAnalysis {
  const { overall, websiteData: w, run } = report;
  const f = w.realEstateFeatures!;
  const portals = detectProfiles(ctx.pages).filter((p) => ['Zillow', 'Realtor.com', 'Homes.com', 'Redfin'].includes(p.platform)).length;
  const failed = new Set(run.findings.map((x) => x.id));
  const strengths = [
    w.hasSSL && 'Secure HTTPS site',
    w.mobileOptimized && 'Mobile-ready layout',
    w.loadTime <= 3 && `Fast load (${w.loadTime} s)`,
    f.hasIDX && `IDX listings${f.idxProvider ? ` (${f.idxProvider})` : ''}`,
    f.hasValuationTool && 'Home valuation offer for seller leads',
    f.leadCaptureElements.length >= 2 && `${f.leadCaptureElements.length} ways to capture leads`,
    !failed.has('schema.missing') && !failed.has('schema.business-missing') && 'Business described in structured data',
    w.socialProfiles.length >= 4 && `${w.socialProfiles.length} linked social and profile sites`,
    f.professionalCredentials.length > 0 && 'Credentials shown',
  ].filter((x): x is string => Boolean(x));
  const insights = [
    `The site loads in ${w.loadTime} s on desktop (${w.loadTime <= 3 ? 'within' : 'over'} the 3-second mark where visitors start leaving).`,
    `${
      portals
        ? `It links to ${portals} listing portal${portals === 1 ? '' : 's'} where other agents also advertise`
        : 'It links to no listing portal profile'
    }; ${f.hasIDX ? 'its own IDX search keeps buyers on the site' : 'without IDX search, buyers browse listings on the portals instead'}.`,
    `${
      f.leadCaptureElements.length
        ? `Lead capture: ${f.leadCaptureElements.join(', ')}`
        : 'There is no way to capture a lead on the home page'
    }.`,
    `${
      w.hasAnalytics
        ? 'Visits are measured, so improvements can be tracked'
        : 'No analytics: the effect of marketing cannot be measured yet'
    }.`,
    `${run.findings.filter((x) => x.severity === 'Critical').length} critical and ` +
      `${run.findings.filter((x) => x.severity === 'Warning').length} warning-level issues were found across ` +
      `${run.findings.length + run.passed.length} checks.`,
  ];
  return {
    competitorCount: portals,
    marketOpportunity: overall < 60 ? 'High' : overall < 80 ? 'Medium' : 'Low',
    keyInsights: insights,
    growthPotential: Math.round(Math.min(90, Math.max(10, (100 - overall) * 0.8 + 10))),
    competitiveAdvantage: strengths.slice(0, 5),
    marketChallenges: run.findings
      .filter((x) => x.severity !== 'Notice')
      .slice(0, 4)
      .map((x) => x.title),
  };
}

export function buildReport(input: ReportInput): AuditReport {
  const { ctx, run } = input;
  const scores = computeScores(ctx, run);
  const websiteData = websiteDataOf(ctx, input.businessName);
  const failed = new Map(run.findings.map((f) => [f.id, f]));
  const unmeasured = new Map(run.notMeasured.map((c) => [c.id, c.reason]));
  const notMeasured = notMeasuredOf(run);
  return {
    id: input.reportId,
    businessName: input.businessName,
    website: ctx.home.url,
    generatedAt: input.generatedAt.toISOString(),
    websiteData,
    scores,
    grade: gradeFor(scores.overall).grade,
    marketAnalysis: marketAnalysisOf(ctx, { overall: scores.overall, websiteData, run }),
    recommendations: recommendationsFrom(run.findings),
    technicalSEO: technicalSeoOf(ctx),
    actionPlan: actionPlanFrom(run.findings),
    investmentAnalysis: investmentFrom(run.findings, scores.overall, websiteData.hasSSL),
    checklist: FREE_CHECKS.map((c) => {
      const f = failed.get(c.id);
      const why = unmeasured.get(c.id);
      return {
        id: c.id,
        title: CHECKLIST_LABELS[c.id] ?? c.title,
        passed: !f && !why,
        ...(f ? { detail: f.detail } : {}),
        ...(why ? { notMeasured: why } : {}),
      };
    }),
    findings: run.findings,
    checksRun: run.findings.length + run.passed.length,
    ...(notMeasured ? { notMeasured } : {}),
    basis: basisOf(run),
  };
}
