// Responses of the ingest metrics and of the analytics dashboards (A/B testing, retargeting,
// funnels, SEO dashboard, data connections, feature status).
import { Type, type Static } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.Number>>(schema: T) => Type.Union([schema, Type.Null()]);

export const IngestMetricsSchema = Type.Object({
  accepted: Type.Integer({ description: 'events answered with 202 since start' }),
  bots: Type.Integer({ description: 'of the accepted events, those flagged as bots' }),
  duplicates: Type.Integer({ description: 'events answered with 202 but not stored again: their eventId was taken recently' }),
  rejected: Type.Integer({ description: 'requests refused (4xx or 503)' }),
  throttled: Type.Integer({ description: 'requests refused with 503 (spool full or unavailable)' }),
  unwritable: Type.Integer({ description: 'of the throttled requests, those refused because the spool could not write (disk full)' }),
  flushed: Type.Integer({ description: 'rows inserted into ClickHouse since start' }),
  flushes: Type.Integer(),
  flushFailures: Type.Integer(),
  lastFlushAt: Type.Union([Type.String(), Type.Null()]),
  lastFlushMs: Nullable(Type.Number()),
  lastFlushError: Type.Union([Type.String(), Type.Null()], { description: 'a generic word while inserts fail; details are in the log' }),
  quarantined: Type.Integer({ description: 'rows ClickHouse refused for their data, set aside since start' }),
  lastQuarantineAt: Type.Union([Type.String(), Type.Null()]),
  spooled: Type.Integer({ description: 'rows on disk waiting for ClickHouse' }),
  spoolBytes: Type.Integer(),
  spoolMaxBytes: Type.Integer(),
  segments: Type.Integer(),
});
export type IngestMetricsResponse = Static<typeof IngestMetricsSchema>;

/** The owner's view of event rows ClickHouse refused for their data (admin only). */
export const IngestQuarantineSchema = Type.Object({
  rows: Type.Integer({ description: 'rows set aside, all time' }),
  segments: Type.Integer(),
  lastAt: Type.Union([Type.String(), Type.Null()]),
  lastReason: Type.Union([Type.String(), Type.Null()]),
  lastFile: Type.Union([Type.String(), Type.Null()], { description: 'where the rows are, on the collector that set them aside' }),
});
export type IngestQuarantine = Static<typeof IngestQuarantineSchema>;

/** The A/B and retargeting pages offer 7, 30 or 90 days; 30 by default. */
export const PERIOD_DAYS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];
export const DEFAULT_PERIOD_DAYS: PeriodDays = 30;
/** The refusal of any other `days`, e.g. "days must be 7, 30 or 90.". */
export const PERIOD_DAYS_MESSAGE = `days must be ${PERIOD_DAYS.slice(0, -1).join(', ')} or ${PERIOD_DAYS.at(-1)}.`;

/** The `days` query value, or null when it is not one of the offered periods. */
export function parsePeriodDays(value: unknown): PeriodDays | null {
  if (value === undefined) return DEFAULT_PERIOD_DAYS;
  const n = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value;
  return (PERIOD_DAYS as readonly unknown[]).includes(n) ? (n as PeriodDays) : null;
}

/** A test under this many exposures in any variant is flagged as under-powered. */
export const MIN_EXPOSURES_PER_VARIANT = 150;
/** A sample-ratio-mismatch p-value below this flags the test's split as broken. */
export const SRM_P_VALUE_THRESHOLD = 0.001;
/** The winner's lead counts as significant below this p-value (the 95 % shown by the intervals). */
export const SIGNIFICANCE_LEVEL = 0.05;

const Rate = Type.Number({ description: 'percent, 2 decimals' });
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

export const AbConversionRowSchema = Type.Object({
  testType: Type.String(),
  variant: Type.String(),
  variantText: Type.String(),
  /** Visitors exposed to the variant in the period. */
  impressions: Type.Integer(),
  /** Exposed visitors who clicked. */
  clicks: Type.Integer(),
  /** Exposed visitors who converted. */
  conversions: Type.Integer(),
  clickRate: Rate,
  conversionRate: Rate,
});
export type AbConversionRow = Static<typeof AbConversionRowSchema>;

export const AbRawRowSchema = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
  testType: Type.String(),
  variant: Type.String(),
  event: Type.String(),
  source: Type.String({ description: 'utm source, else referrer domain, else direct' }),
  count: Type.Integer(),
});
export type AbRawRow = Static<typeof AbRawRowSchema>;

export const AbVariantStatsSchema = Type.Object({
  variant: Type.String(),
  isControl: Type.Boolean(),
  exposures: Type.Integer(),
  conversions: Type.Integer(),
  conversionRate: Rate,
  /** Relative uplift over control in percent (rate ratio − 1); null for control or a control without conversions. */
  uplift: NullableNumber,
  /**
   * Its 95 % interval, taken on the log of the rate ratio, so never below −100 %; null also
   * when this variant has no conversions (an uplift of −100 % with no interval to give).
   */
  upliftLow: NullableNumber,
  upliftHigh: NullableNumber,
  /** Two-sided two-proportion z-test against control (0-1). */
  pValue: NullableNumber,
  /** Bayesian probability (0-1) that this variant's rate beats control's. */
  chanceToBeatControl: NullableNumber,
});
export type AbVariantStats = Static<typeof AbVariantStatsSchema>;

export const AbTestSummarySchema = Type.Object({
  testType: Type.String(),
  control: Type.String(),
  /**
   * The variant with the highest conversion rate; null while all rates are equal. It is
   * the winner only when `significant`; until then it is just the highest rate so far.
   */
  winner: Type.Union([Type.String(), Type.Null()]),
  totalExposures: Type.Integer(),
  /** Some variant has fewer than MIN_EXPOSURES_PER_VARIANT exposures. */
  underpowered: Type.Boolean(),
  srm: Type.Object({
    chiSquare: Type.Number(),
    pValue: NullableNumber,
    mismatch: Type.Boolean(),
    /** The owner's split it is checked against, percent per variant; absent: an equal split. */
    expected: Type.Optional(Type.Record(Type.String(), Type.Number())),
    /** Why it is not checked (the split changed within the period, or the winner is rolled out). */
    skipped: Type.Optional(Type.String()),
  }),
  /**
   * The winner's lead is significant at SIGNIFICANCE_LEVEL with enough sample and an intact
   * split; otherwise the winner is only leading, and the owner should not act on it yet.
   */
  significant: Type.Boolean(),
  variants: Type.Array(AbVariantStatsSchema),
});
export type AbTestSummary = Static<typeof AbTestSummarySchema>;

const DateTimeOrNull = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/**
 * A test's results over one phase: the span in which each variant showed one text. Its
 * exposures, clicks and conversions are counted from the later of its start and the period's,
 * to its end; each variant's `variantText` is the text its exposed units saw most.
 */
export const AbPhaseResultSchema = Type.Object({
  testType: Type.String(),
  number: Type.Integer({ minimum: 1 }),
  /** Null for the first phase: it began with the test. */
  startedAt: DateTimeOrNull,
  /** Null for the current phase. */
  endedAt: DateTimeOrNull,
  startedBy: Type.Union([Type.String(), Type.Null()]),
  /** What changed to begin it, in the admin's words. */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** The text each variant showed on the site-wide popup from the phase's start. */
  copy: Type.Record(Type.String(), Type.String()),
  countedFrom: Type.String({ format: 'date-time' }),
  rows: Type.Array(AbConversionRowSchema),
  /** Per variant, the other texts its units saw in this phase (another funnel's popup), most seen first. */
  otherTexts: Type.Record(Type.String(), Type.Array(Type.String())),
  /** Null while nobody was exposed in the phase. */
  summary: Type.Union([AbTestSummarySchema, Type.Null()]),
});
export type AbPhaseResult = Static<typeof AbPhaseResultSchema>;

export const AbTestingResponseSchema = Type.Object({
  days: Type.Integer(),
  conversionRates: Type.Array(AbConversionRowSchema),
  rawData: Type.Array(AbRawRowSchema),
  tests: Type.Array(AbTestSummarySchema),
  /** Each test's phases that reach into the period, the current one first. */
  phases: Type.Array(AbPhaseResultSchema),
});
export type AbTestingResponse = Static<typeof AbTestingResponseSchema>;

/** The retargeting funnel, in order. */
export const RETARGETING_FUNNEL_STEPS = ['page_view', 'popup_view', 'form_start', 'form_submit', 'email_open'] as const;
/** The journeys list shows the first 20. */
export const JOURNEY_LIMIT = 20;

export const FunnelStepRowSchema = Type.Object({
  step: Type.Integer({ minimum: 1 }),
  event: Type.String(),
  source: Type.String({ description: "'all' for the whole site" }),
  /** Events of this name in the period. */
  count: Type.Integer(),
  /** Users who reached this step in order (windowFunnel). */
  uniqueUsers: Type.Integer(),
  /** Percent of the previous step's users, 1 decimal; 100 for the first step. */
  rate: Type.Number(),
});
export type FunnelStepRow = Static<typeof FunnelStepRowSchema>;

export const EventDetailRowSchema = Type.Object({
  event: Type.String(),
  source: Type.String(),
  count: Type.Integer(),
  uniqueUsers: Type.Integer(),
});
export type EventDetailRow = Static<typeof EventDetailRowSchema>;

export const JourneyEventSchema = Type.Object({
  event: Type.String(),
  path: Type.String(),
  timestamp: Type.String({ format: 'date-time' }),
});

export const UserJourneySchema = Type.Object({
  email: Type.Optional(Type.String()),
  sessionId: Type.String(),
  totalEvents: Type.Integer(),
  firstSeen: Type.String({ format: 'date-time' }),
  lastSeen: Type.String({ format: 'date-time' }),
  /** In time order; at most the first 50. */
  events: Type.Array(JourneyEventSchema),
});
export type UserJourney = Static<typeof UserJourneySchema>;

export const TrafficSourceRowSchema = Type.Object({
  utmSource: Type.String(),
  utmMedium: Type.String(),
  utmCampaign: Type.String(),
  referrer: Type.String({ description: 'referrer domain' }),
  sessions: Type.Integer(),
  events: Type.Integer(),
});
export type TrafficSourceRow = Static<typeof TrafficSourceRowSchema>;

export const RetargetingResponseSchema = Type.Object({
  days: Type.Integer(),
  funnelData: Type.Array(FunnelStepRowSchema),
  eventDetails: Type.Array(EventDetailRowSchema),
  userJourneys: Type.Array(UserJourneySchema),
  trafficSources: Type.Array(TrafficSourceRowSchema),
  totalUsers: Type.Integer(),
  identifiedUsers: Type.Integer(),
  /** Identified users / unique users, percent with 1 decimal. */
  conversionRate: Type.Number(),
  /** No mail service is configured: report e-mails reach only the outbox folder, so none can be opened. */
  mailOnlyToOutbox: Type.Optional(Type.Boolean()),
});
export type RetargetingResponse = Static<typeof RetargetingResponseSchema>;

export const FunnelSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  title: Type.String(),
  subtitle: Type.String(),
  description: Type.String(),
  isActive: Type.Boolean(),
  primaryColor: Type.String(),
});
export type Funnel = Static<typeof FunnelSchema>;

/** A submission is "recent" within this many days (funnel cards). */
export const RECENT_SUBMISSION_DAYS = 7;
/** The funnel analytics dialog shows the latest 10 submissions. */
export const LATEST_SUBMISSIONS = 10;

export const FunnelStatsSchema = Type.Object({
  totalSubmissions: Type.Integer(),
  /** Submissions in the last RECENT_SUBMISSION_DAYS days. */
  recentSubmissions: Type.Integer(),
  /** Visitors who viewed the funnel's landing page (human traffic). */
  views: Type.Integer(),
  /** Of those visitors, who submitted a form on that page (the numerator of a submissions rate). */
  pageSubmitters: Type.Integer(),
  /**
   * The funnel's conversion event (its Tracking tab) per landing visitor, percent with 1 decimal; 0
   * without views. Submissions: pageSubmitters ÷ views; e-mails opened or reports viewed: the
   * funnel's leads who did so ÷ views.
   */
  conversionRate: Type.Number(),
  /** What the rate counts: submissions, report e-mails opened or reports viewed. */
  conversionEvent: Type.Optional(Type.Union([Type.Literal('form-submit'), Type.Literal('email-open'), Type.Literal('report-view')])),
});
export type FunnelStats = Static<typeof FunnelStatsSchema>;

export const FunnelStatsResponseSchema = Type.Object({
  funnelStats: Type.Record(Type.String(), FunnelStatsSchema),
  totalLeads: Type.Integer(),
  /** All funnels pooled: the sum of their conversions ÷ the sum of their landing visitors, 1 decimal. */
  pooledConversion: Type.Number(),
});
export type FunnelStatsResponse = Static<typeof FunnelStatsResponseSchema>;

export const FunnelSubmissionSchema = Type.Object({
  businessName: Type.Union([Type.String(), Type.Null()]),
  firstName: Type.Union([Type.String(), Type.Null()]),
  lastName: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  submittedAt: Type.String({ format: 'date-time' }),
});

export const FunnelAnalyticsResponseSchema = Type.Object({
  totalSubmissions: Type.Integer(),
  /** Submissions this calendar month (UTC). */
  recentSubmissions: Type.Integer(),
  conversionRate: Type.Number(),
  conversionEvent: Type.Optional(Type.Union([Type.Literal('form-submit'), Type.Literal('email-open'), Type.Literal('report-view')])),
  /** Mean overall score of the funnel's finished audit reports; null when none finished. */
  averageScore: Type.Union([Type.Number(), Type.Null()]),
  submissions: Type.Array(FunnelSubmissionSchema),
});
export type FunnelAnalyticsResponse = Static<typeof FunnelAnalyticsResponseSchema>;

const NullableInt = Type.Union([Type.Integer(), Type.Null()]);

export const WebsiteAnalyticsSchema = Type.Object({
  url: Type.String(),
  checkedAt: Type.String({ format: 'date-time' }),
  seo: Type.Object({ title: Type.String(), description: Type.String(), h1_count: Type.Integer(), image_alt_missing: Type.Integer() }),
  technical: Type.Object({ structured_data_found: Type.Boolean(), lang_attribute: Type.Boolean(), viewport_meta: Type.Boolean() }),
  performance: Type.Object({
    load_time_ms: Type.Integer(),
    page_size_kb: Type.Number(),
    compression_enabled: Type.Boolean(),
    has_ssl: Type.Boolean(),
  }),
  scores: Type.Object({ seo: Type.Integer(), performance: Type.Integer(), accessibility: Type.Integer() }),
});
export type WebsiteAnalytics = Static<typeof WebsiteAnalyticsSchema>;

export const SeoDashboardSchema = Type.Object({
  googleAnalytics: Type.Object({
    /** Sessions in the last 7 days, from the site's own events. */
    sessions: Type.Integer(),
    /** Of those, sessions that arrived from a search engine. */
    organicTraffic: Type.Integer(),
    /** Sessions with one page view and no engagement, percent with 1 decimal. */
    bounceRate: Type.Number(),
  }),
  // No search-console or rank source is connected: these stay null rather than invented.
  searchConsole: Type.Object({ totalClicks: NullableInt, totalImpressions: NullableInt, averagePosition: NullableNumber }),
  keywordRankings: Type.Object({ totalKeywords: NullableInt, averagePosition: NullableNumber, improvements: NullableInt }),
  keywordTracking: Type.Object({ domain: Type.Union([Type.String(), Type.Null()]), sourceConfigured: Type.Boolean() }),
  /** The site's own home page; null when it could not be fetched. */
  websiteAnalytics: Type.Union([WebsiteAnalyticsSchema, Type.Null()]),
});
export type SeoDashboard = Static<typeof SeoDashboardSchema>;

export const SetupKeywordsBodySchema = Type.Object({ domain: Type.String({ maxLength: 300 }) }, { additionalProperties: false });
export type SetupKeywordsBody = Static<typeof SetupKeywordsBodySchema>;

export const SetupKeywordsResponseSchema = Type.Object({ message: Type.String(), domain: Type.String() });

/** The data sources a feature can depend on. */
export const DATA_SOURCES = {
  form_submissions: 'Form Data Collection',
  email_delivery: 'Email Service Integration',
  analytics_tracking: 'Analytics Tracking',
  real_time_reporting: 'Real-time Reporting',
  seo_analysis: 'SEO Analysis',
  user_authentication: 'User Authentication',
} as const;
export type DataSourceId = keyof typeof DATA_SOURCES;

export const FeatureStatusSchema = Type.Object({
  id: Type.String(),
  featureName: Type.String(),
  description: Type.String(),
  category: Type.String(),
  implementationStatus: Type.Union([Type.Literal('complete'), Type.Literal('partial'), Type.Literal('prototype')]),
  /** Percent of the feature's data sources that are connected. */
  functionalityLevel: Type.Integer({ minimum: 0, maximum: 100 }),
  hasRealData: Type.Boolean(),
  connectedDataSources: Type.Array(Type.String()),
  missingDataSources: Type.Array(Type.String()),
  lastCheckedAt: Type.String({ format: 'date-time' }),
});
export type FeatureStatus = Static<typeof FeatureStatusSchema>;

export const DataSourceStatusSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  connected: Type.Boolean(),
  /** Rows behind the source (leads, events, sent mails...). */
  dataPoints: Type.Integer(),
  detail: Type.String(),
});
export type DataSourceStatus = Static<typeof DataSourceStatusSchema>;

export const DataConnectionsOverviewSchema = Type.Object({
  totalFeatures: Type.Integer(),
  featuresWithRealData: Type.Integer(),
  prototypeFeatures: Type.Integer(),
  /** Source id → number of features missing it. */
  missingConnections: Type.Record(Type.String(), Type.Integer()),
  /** Features not yet complete, least functional first. */
  priorityFeatures: Type.Array(FeatureStatusSchema),
  sources: Type.Array(DataSourceStatusSchema),
});
export type DataConnectionsOverview = Static<typeof DataConnectionsOverviewSchema>;
