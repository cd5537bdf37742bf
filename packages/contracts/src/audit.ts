// The website audit: the job that runs it, the Growth Opportunities Report it produces,
// the quick company lookup and the advanced SEO audit. Shared by the audit engine, the
// api, the worker and the report page.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import './formats.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Score = Type.Number({ minimum: 0, maximum: 100 });
const Level = Type.Union([Type.Literal('High'), Type.Literal('Medium'), Type.Literal('Low')]);

// ---------------------------------------------------------------------------------------
// Jobs

/**
 * Data of an `audit-run` job (queue `JOB_QUEUES.auditRun`). The lead form writes the lead,
 * its `audits` row (status 'queued') and this job in one transaction; the worker analyses
 * the row's website, stores the report and queues the report e-mail. `keys` name the site and
 * the client behind the lead (`site:host`, `email:…`, `client:address`): the worker never runs
 * two audits that share a key at once (jobs queued before the keys existed have none).
 */
export const AuditRunJobSchema = Type.Object(
  {
    auditId: Type.String({ format: 'uuid' }),
    keys: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { maxItems: 8 })),
  },
  { additionalProperties: false },
);
export type AuditRunJob = Static<typeof AuditRunJobSchema>;

/**
 * The keys of an audit-run job: the site's host and port (lower case, without `www.`; a port
 * is another server, so a port that never answers does not hold up a real site on the same
 * host), the lead's e-mail and, when known, the client address that sent it.
 */
export function auditRunKeys(lead: { website: string | null; email: string; client?: string | null }): string[] {
  const keys: string[] = [];
  let host = '';
  try {
    host = lead.website ? new URL(lead.website).host.toLowerCase().replace(/^www\./, '') : '';
  } catch {
    // Not a URL: the audit fails at once anyway, and keys on its client only.
  }
  if (host) keys.push(`site:${host}`);
  keys.push(`email:${lead.email.trim().toLowerCase()}`);
  if (lead.client) keys.push(`client:${lead.client}`);
  return keys.map((key) => key.slice(0, 300));
}

/** Report ids carry 128 random bits: 22 characters of base64url. */
export const REPORT_ID_PATTERN = '^[A-Za-z0-9_-]{22,64}$';
/** A report address's parameter: any text, since an id of the wrong form is simply not found (404). */
export const ReportParamsSchema = Type.Object({ reportId: Type.String() });

// ---------------------------------------------------------------------------------------
// Checks and findings

export const SeveritySchema = Type.Union([Type.Literal('Critical'), Type.Literal('Warning'), Type.Literal('Notice')]);
export type Severity = Static<typeof SeveritySchema>;

export const CHECK_CATEGORIES = [
  'crawlability',
  'on-page',
  'links',
  'images',
  'security',
  'performance',
  'structured-data',
  'social',
  'ai-search',
  'real-estate',
  'social-presence',
  'business-info',
  'analytics',
  'accessibility',
] as const;
export const CheckCategorySchema = Type.Union(CHECK_CATEGORIES.map((c) => Type.Literal(c)));
export type CheckCategory = (typeof CHECK_CATEGORIES)[number];

/** One check that fired on the audited site. */
export const FindingSchema = Type.Object({
  id: Type.String(),
  category: CheckCategorySchema,
  severity: SeveritySchema,
  title: Type.String(),
  description: Type.String(),
  fix: Type.String(),
  /** What was seen on the site, e.g. the title's length or the pages affected. */
  detail: Type.String(),
  /** Pages the finding applies to (advanced audit), at most a few. */
  urls: Type.Optional(Type.Array(Type.String())),
});
export type Finding = Static<typeof FindingSchema>;

/** A check the audit could not take (the browser test did not finish, the sitemap did not answer). */
export const NotMeasuredCheckSchema = Type.Object({
  id: Type.String(),
  category: CheckCategorySchema,
  title: Type.String(),
  /** Why, in words a prospect understands. */
  reason: Type.String(),
});
export type NotMeasuredCheck = Static<typeof NotMeasuredCheckSchema>;

/**
 * What the audit did not measure, said once in every place the report is read (page, PDF,
 * e-mail): such checks are neither passed nor failed, and the scores leave them out.
 */
export const NotMeasuredSchema = Type.Object({
  /** One plain line, e.g. "11 checks could not be measured: …. They are not counted as passed." */
  summary: Type.String(),
  checks: Type.Array(NotMeasuredCheckSchema),
});
export type NotMeasured = Static<typeof NotMeasuredSchema>;

/** How many of a score's checks were measured: "Based on 41 of 52 checks". */
export const ScoreBasisSchema = Type.Object({
  measured: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
});
export type ScoreBasis = Static<typeof ScoreBasisSchema>;

/** "Based on 41 of 52 checks" (report page and PDF); null when every check was measured. */
export function scoreBasisLine(basis: ScoreBasis | undefined): string | null {
  if (!basis || basis.measured >= basis.total) return null;
  return `Based on ${basis.measured} of ${basis.total} check${basis.total === 1 ? '' : 's'}`;
}

export const CoreWebVitalsSchema = Type.Object({
  /** Largest Contentful Paint, ms. */
  lcp: Type.Number({ minimum: 0 }),
  /** First Input Delay (lab: max potential FID), ms. */
  fid: Type.Number({ minimum: 0 }),
  cls: Type.Number({ minimum: 0 }),
  /** Total Blocking Time, ms (Lighthouse only). */
  tbt: Type.Optional(Type.Number({ minimum: 0 })),
});
export type CoreWebVitals = Static<typeof CoreWebVitalsSchema>;

// ---------------------------------------------------------------------------------------
// The Growth Opportunities Report: what the report page, the PDF and the mail read

export const SocialProfileSchema = Type.Object({
  platform: Type.String(),
  username: Type.String(),
  url: Type.String(),
  /** Real-estate profile sites (Zillow, Realtor.com, Homes.com) only. */
  claimed: Type.Optional(Type.Boolean()),
  verified: Type.Optional(Type.Boolean()),
  completeness: Type.Optional(Score),
  brokerageInfo: Type.Optional(Type.String()),
  licenseInfo: Type.Optional(Type.String()),
  issues: Type.Optional(Type.Array(Type.String())),
});
export type SocialProfile = Static<typeof SocialProfileSchema>;

export const RealEstateFeaturesSchema = Type.Object({
  hasIDX: Type.Boolean(),
  idxProvider: Type.Optional(Type.String()),
  hasValuationTool: Type.Boolean(),
  hasMortgageCalculator: Type.Boolean(),
  hasPropertySearch: Type.Boolean(),
  hasVirtualTours: Type.Boolean(),
  leadCaptureElements: Type.Array(Type.String()),
  professionalCredentials: Type.Array(Type.String()),
  realEstateWidgets: Type.Array(Type.String()),
});
export type RealEstateFeatures = Static<typeof RealEstateFeaturesSchema>;

/** What a speed figure measured: tool, device and network (shown beside the figures). */
export const SpeedMeasurementSchema = Type.Object({ loadTime: Type.String(), coreWebVitals: Type.String() });

export const WebsiteDataSchema = Type.Object({
  companyName: Type.String({ minLength: 1 }),
  businessType: Type.String(),
  location: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
  logo: Type.Optional(Type.String()),
  hasSSL: Type.Boolean(),
  /** Seconds until the page finished loading (lab or network estimate). */
  loadTime: Type.Number({ minimum: 0 }),
  mobileOptimized: Type.Boolean(),
  hasAnalytics: Type.Boolean(),
  socialProfiles: Type.Array(SocialProfileSchema),
  services: Type.Optional(Type.Array(Type.String())),
  techStack: Type.Optional(Type.Array(Type.String())),
  seoTitle: Type.Optional(Type.String()),
  metaDescription: Type.Optional(Type.String()),
  keywordDensity: Type.Optional(Type.Record(Type.String(), Type.Number())),
  pagespeed: Type.Optional(Type.Object({ desktop: Score, mobile: Score })),
  /** PNG screenshot, base64 (when Chromium is available). */
  screenshot: Type.Optional(Type.String()),
  branding: Type.Optional(Type.Object({ logoUrl: Type.Optional(Type.String()), faviconUrl: Type.Optional(Type.String()) })),
  profileVerification: Type.Optional(
    Type.Object({
      verifiedProfiles: Type.Integer({ minimum: 0 }),
      totalProfiles: Type.Integer({ minimum: 0 }),
      averageCompleteness: Score,
      brokerages: Type.Array(Type.String()),
    }),
  ),
  realEstateFeatures: Type.Optional(RealEstateFeaturesSchema),
  lighthousePowered: Type.Boolean(),
  /** How the load time and the Core Web Vitals were measured (reports made before it have none). */
  speedMeasurement: Type.Optional(SpeedMeasurementSchema),
});
export type WebsiteData = Static<typeof WebsiteDataSchema>;

export const SCORE_KEYS = ['website', 'social', 'seo', 'leadGen', 'content', 'technical'] as const;
export type ScoreKey = (typeof SCORE_KEYS)[number];

export const ScoreDetailSchema = Type.Object({
  metric: Type.String(),
  score: Score,
  maxScore: Type.Number({ minimum: 1 }),
  reasoning: Type.String(),
  impact: Level,
  recommendations: Type.Array(Type.String()),
  benchmarks: Type.Optional(Type.Object({ industry: Score, topPerformers: Score })),
  /** The checks the score is computed over (reports made before it was recorded have none). */
  basis: Type.Optional(ScoreBasisSchema),
});
export type ScoreDetail = Static<typeof ScoreDetailSchema>;

export const ScoresSchema = Type.Object({
  overall: Score,
  website: ScoreDetailSchema,
  social: ScoreDetailSchema,
  seo: ScoreDetailSchema,
  leadGen: ScoreDetailSchema,
  content: ScoreDetailSchema,
  technical: ScoreDetailSchema,
});
export type Scores = Static<typeof ScoresSchema>;

export const RECOMMENDATION_CATEGORIES = ['Technical', 'Content', 'SEO', 'Social', 'Lead Generation'] as const;
export const RecommendationSchema = Type.Object({
  title: Type.String(),
  description: Type.String(),
  priority: Level,
  timeToComplete: Type.String(),
  costEstimate: Type.String(),
  roi: Type.String(),
  impact: Type.String(),
  category: Type.Union(RECOMMENDATION_CATEGORIES.map((c) => Type.Literal(c))),
});
export type Recommendation = Static<typeof RecommendationSchema>;

export const MarketAnalysisSchema = Type.Object({
  /** Listing portals the site sends its visitors to: they compete for the same lead. */
  competitorCount: Type.Integer({ minimum: 0 }),
  marketOpportunity: Level,
  keyInsights: Type.Array(Type.String()),
  growthPotential: Score,
  competitiveAdvantage: Type.Array(Type.String()),
  marketChallenges: Type.Array(Type.String()),
});
export type MarketAnalysis = Static<typeof MarketAnalysisSchema>;

export const TechnicalSeoSchema = Type.Object({
  hasRobotsTxt: Type.Boolean(),
  hasSitemap: Type.Boolean(),
  hasGoogleAnalytics: Type.Boolean(),
  hasGoogleTagManager: Type.Boolean(),
  hasStructuredData: Type.Boolean(),
  hasMetaTags: Type.Boolean(),
  hasOpenGraph: Type.Boolean(),
  hasFavicon: Type.Boolean(),
  httpsRedirect: Type.Boolean(),
  mobileResponsive: Type.Boolean(),
  pageSpeed: Type.Object({
    desktop: Score,
    mobile: Score,
    /** Third-party grading services; absent (shown N/A) as the product does not call them. */
    gtmetrixGrade: Type.Optional(Type.String()),
    pingdomGrade: Type.Optional(Type.String()),
    webVitals: CoreWebVitalsSchema,
  }),
  coreWebVitals: CoreWebVitalsSchema,
  compressionSettings: Type.Object({ gzipEnabled: Type.Boolean(), compressionRatio: Type.Number({ minimum: 0 }) }),
  cacheHeaders: Type.Object({ expiresHeaders: Type.Boolean() }),
  imageOptimization: Type.Object({
    oversizedImages: Type.Integer({ minimum: 0 }),
    missingAltTags: Type.Integer({ minimum: 0 }),
    lazyLoadingEnabled: Type.Boolean(),
  }),
});
export type TechnicalSeo = Static<typeof TechnicalSeoSchema>;

export const ActionPlanSchema = Type.Object({
  immediate: Type.Array(Type.String()),
  shortTerm: Type.Array(Type.String()),
  longTerm: Type.Array(Type.String()),
});

export const InvestmentAnalysisSchema = Type.Object({
  estimatedCost: Type.String(),
  timeframe: Type.String(),
  expectedROI: Type.String(),
  riskLevel: Type.Union([Type.Literal('Low'), Type.Literal('Medium'), Type.Literal('High')]),
});

export const GRADES = ['A+', 'A', 'B', 'C', 'D'] as const;

export const AuditReportSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  businessName: Type.String({ minLength: 1 }),
  website: Type.String({ format: 'uri' }),
  generatedAt: Type.String({ format: 'date-time' }),
  websiteData: WebsiteDataSchema,
  scores: ScoresSchema,
  grade: Type.Union(GRADES.map((g) => Type.Literal(g))),
  marketAnalysis: Type.Optional(MarketAnalysisSchema),
  recommendations: Type.Array(RecommendationSchema),
  technicalSEO: TechnicalSeoSchema,
  actionPlan: ActionPlanSchema,
  investmentAnalysis: InvestmentAnalysisSchema,
  /** The 15 points of the free audit, each passed or not; `notMeasured` says why one was not taken. */
  checklist: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      passed: Type.Boolean(),
      detail: Type.Optional(Type.String()),
      notMeasured: Type.Optional(Type.String()),
    }),
  ),
  /** Every check that fired, most severe first. */
  findings: Type.Array(FindingSchema),
  checksRun: Type.Integer({ minimum: 0 }),
  /** Checks that could not be measured; absent when every check was. */
  notMeasured: Type.Optional(NotMeasuredSchema),
  /** The overall score's basis: measured checks of all the report's checks. */
  basis: Type.Optional(ScoreBasisSchema),
});
export type AuditReport = Static<typeof AuditReportSchema>;

/**
 * GET /api/audit-report/:reportId. 'pending' while the job is queued or running (the page
 * polls and shows the progress), 'failed' with the reason, 'ready' with the report.
 */
export const AuditReportResponseSchema = Type.Union([
  Type.Object({
    status: Type.Literal('pending'),
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    stage: Type.String(),
    businessName: Type.String(),
  }),
  Type.Object({ status: Type.Literal('failed'), error: Type.String(), businessName: Type.String(), website: Nullable(Type.String()) }),
  Type.Object({
    status: Type.Literal('ready'),
    report: AuditReportSchema,
    /** The owner's time zone: the report's dates are written in it, as in the PDF. */
    timeZone: Type.String(),
  }),
]);
export type AuditReportResponse = Static<typeof AuditReportResponseSchema>;

// ---------------------------------------------------------------------------------------
// POST /api/quick-company-lookup: the name and logo a form prefills from a website

export const QuickLookupRequestSchema = Type.Object(
  {
    url: Type.Optional(Type.String({ maxLength: 2048 })),
    companyName: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type QuickLookupRequest = Static<typeof QuickLookupRequestSchema>;

export const SeoIssueSchema = Type.Object({
  type: Type.String(),
  description: Type.String(),
  category: SeveritySchema,
});

export const QuickLookupResultSchema = Type.Object({
  companyName: Type.String(),
  businessType: Nullable(Type.String()),
  location: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  logo: Nullable(Type.String()),
  favicon: Nullable(Type.String()),
  /** The address that was analysed after redirects; null for a name-only lookup. */
  website: Nullable(Type.String()),
  seoScore: Nullable(Score),
  lighthousePowered: Type.Boolean(),
  hasAnalytics: Nullable(Type.Boolean()),
  mobileOptimized: Nullable(Type.Boolean()),
  /** Seconds. */
  loadTime: Nullable(Type.Number({ minimum: 0 })),
  coreWebVitals: Nullable(CoreWebVitalsSchema),
  speedMeasurement: Type.Optional(SpeedMeasurementSchema),
  /** Most severe first; the page shows the top 3. */
  seoIssues: Type.Array(SeoIssueSchema),
  screenshot: Nullable(Type.String()),
  enrichmentMethod: Type.Union([Type.Literal('url-provided'), Type.Literal('company-lookup')]),
});
export type QuickLookupResult = Static<typeof QuickLookupResultSchema>;

// ---------------------------------------------------------------------------------------
// POST /api/advanced-seo-audit: the admin's deeper audit of one site

export const AdvancedAuditRequestSchema = Type.Object(
  { url: Type.Optional(Type.String({ maxLength: 2048 })) },
  { additionalProperties: false },
);

export const AdvancedIssueSchema = Type.Object({
  id: Type.String(),
  /** critical | warning | notice: the severity shown as the issue's type. */
  type: Type.Union([Type.Literal('critical'), Type.Literal('warning'), Type.Literal('notice')]),
  category: CheckCategorySchema,
  impact: Level,
  title: Type.String(),
  description: Type.String(),
  fix: Type.String(),
  detail: Type.String(),
  urls: Type.Optional(Type.Array(Type.String())),
});
export type AdvancedIssue = Static<typeof AdvancedIssueSchema>;

export const AdvancedRecommendationSchema = Type.Object({
  title: Type.String(),
  priority: Level,
  category: Type.String(),
  description: Type.String(),
  impact: Type.String(),
  effort: Level,
  roi: Type.String(),
  implementation: Type.Array(Type.String()),
});

export const AdvancedAuditResultSchema = Type.Object({
  url: Type.String(),
  overallScore: Score,
  counts: Type.Object({
    passed: Type.Integer({ minimum: 0 }),
    notices: Type.Integer({ minimum: 0 }),
    warnings: Type.Integer({ minimum: 0 }),
    critical: Type.Integer({ minimum: 0 }),
    recommendations: Type.Integer({ minimum: 0 }),
  }),
  checksRun: Type.Integer({ minimum: 0 }),
  /** Checks that could not be measured; absent when every check was. */
  notMeasured: Type.Optional(NotMeasuredSchema),
  pagesCrawled: Type.Integer({ minimum: 0 }),
  /**
   * The free report's SEO and overall scores of the home page, computed from this crawl's home
   * page exactly as the report computes them, so both audits of one site show the same figures.
   */
  homePage: Type.Optional(Type.Object({ seo: Score, overall: Score })),
  /** Per check category, so every tab (Crawlability, On-Page, Technical...) has content. */
  categories: Type.Array(
    Type.Object({
      category: CheckCategorySchema,
      passed: Type.Integer(),
      failed: Type.Integer(),
      notMeasured: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
  ),
  issues: Type.Array(AdvancedIssueSchema),
  recommendations: Type.Array(AdvancedRecommendationSchema),
  performance: Type.Object({
    coreWebVitals: CoreWebVitalsSchema,
    mobileScore: Score,
    desktopScore: Score,
    imageOptimization: Type.Boolean(),
    compression: Type.Boolean(),
    lighthousePowered: Type.Boolean(),
    speedMeasurement: Type.Optional(SpeedMeasurementSchema),
  }),
  aiSearchOptimization: Type.Object({
    llmsTxt: Type.Object({ exists: Type.Boolean(), valid: Type.Boolean(), issues: Type.Array(Type.String()) }),
    citationReadiness: Type.Object({ score: Score, factualAccuracy: Score, sourceAttribution: Score }),
    contentOptimization: Type.Object({
      /** Average words of main content per page. */
      averageContentLength: Type.Number({ minimum: 0 }),
      outdatedContent: Type.Integer({ minimum: 0 }),
      overlongContent: Type.Integer({ minimum: 0 }),
    }),
  }),
  durationMs: Type.Integer({ minimum: 0 }),
});
export type AdvancedAuditResult = Static<typeof AdvancedAuditResultSchema>;
