// The traffic query, in the shape of Plausible's Stats API v2 so that tools which speak it can
// read this product: { metrics, dimensions, filters, date_range, order_by, limit } in,
// { results: [{ dimensions, metrics }], meta, query } out. The admin's Traffic page reads
// through the same route (POST /api/stats). Definitions of each metric: docs/traffic-metrics.md.
import { Type, type Static } from '@sinclair/typebox';

/** Plausible's metric names, plus the conversions only this product knows (a lead is a person). */
export const STATS_METRICS = [
  'visitors',
  'visits',
  'pageviews',
  'views_per_visit',
  'bounce_rate',
  'visit_duration',
  'events',
  'conversion_rate',
  'percentage',
  'leads',
  'audit_requests',
  'consultations',
] as const;
export type StatsMetric = (typeof STATS_METRICS)[number];

export const STATS_DIMENSIONS = [
  'event:page',
  'event:goal',
  'visit:entry_page',
  'visit:exit_page',
  'visit:channel',
  'visit:source',
  'visit:referrer',
  'visit:utm_source',
  'visit:utm_medium',
  'visit:utm_campaign',
  'visit:utm_content',
  'visit:utm_term',
  'visit:country',
  'visit:browser',
  'visit:os',
  'visit:device',
  'visit:screen_size',
  'time',
  'time:hour',
  'time:day',
  'time:week',
  'time:month',
] as const;
export type StatsDimension = (typeof STATS_DIMENSIONS)[number];

export const STATS_FILTER_OPERATORS = ['is', 'is_not', 'contains', 'contains_not'] as const;
export type StatsFilterOperator = (typeof STATS_FILTER_OPERATORS)[number];

/** Named periods; a custom range is ["YYYY-MM-DD", "YYYY-MM-DD"] (inclusive, owner's time zone). */
export const STATS_PERIODS = ['realtime', 'day', 'yesterday', '7d', '30d', '90d', 'month', 'last_month', 'year', '12mo', 'all'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** The longest custom range a query may ask for. */
export const STATS_MAX_RANGE_DAYS = 3 * 366;
export const STATS_MAX_FILTERS = 10;
export const STATS_MAX_LIMIT = 10_000;

/** `[operator, dimension, values]`, each filter; names are checked by the query builder. */
export const StatsFiltersSchema = Type.Array(
  Type.Tuple([
    Type.String({ maxLength: 20 }),
    Type.String({ maxLength: 40 }),
    Type.Array(Type.String({ maxLength: 500 }), { minItems: 1, maxItems: 20 }),
  ]),
  { maxItems: STATS_MAX_FILTERS },
);

/** Validated loosely here (shape and sizes); names and dates are checked by the query builder, which names what is wrong. */
export const StatsQuerySchema = Type.Object(
  {
    site_id: Type.Optional(Type.String({ maxLength: 200 })),
    metrics: Type.Array(Type.String({ maxLength: 40 }), { minItems: 1, maxItems: STATS_METRICS.length }),
    dimensions: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 3 })),
    filters: Type.Optional(StatsFiltersSchema),
    date_range: Type.Union([Type.String({ maxLength: 20 }), Type.Tuple([Type.String({ maxLength: 30 }), Type.String({ maxLength: 30 })])]),
    /** The comparison period: the previous period, the same period a year before, or a custom range. */
    comparison: Type.Optional(
      Type.Union([
        Type.Literal('previous_period'),
        Type.Literal('year_over_year'),
        Type.Tuple([Type.String({ maxLength: 10 }), Type.String({ maxLength: 10 })]),
      ]),
    ),
    order_by: Type.Optional(
      Type.Array(Type.Tuple([Type.String({ maxLength: 40 }), Type.Union([Type.Literal('asc'), Type.Literal('desc')])]), { maxItems: 4 }),
    ),
    pagination: Type.Optional(
      Type.Object(
        {
          limit: Type.Integer({ minimum: 1, maximum: STATS_MAX_LIMIT }),
          offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
        },
        { additionalProperties: false },
      ),
    ),
    include: Type.Optional(Type.Object({ total_rows: Type.Optional(Type.Boolean()) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type StatsQuery = Static<typeof StatsQuerySchema>;

export interface StatsRow {
  dimensions: string[];
  metrics: Array<number | null>;
  /** With a comparison: the same row's metrics in the comparison period, and the change in % (or points for rates). */
  comparison?: { dimensions: string[]; metrics: Array<number | null>; change: Array<number | null> };
}

export interface StatsResponse {
  results: StatsRow[];
  meta: {
    time_zone: string;
    total_rows?: number;
    date_range: [string, string];
    comparison_date_range?: [string, string];
    /** The metrics counted from hourly sketches rather than the visits (a large period), within about 2 %. */
    approximate_metrics?: StatsMetric[];
  };
  query: StatsQuery;
}

/**
 * A goal: an event by name, or a page path where `*` stands for any characters
 * (`/blog/*`). The owner defines their own; the conversions below are always goals.
 */
export const GOAL_KINDS = ['event', 'page'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];
export interface GoalDefinition {
  name: string;
  kind: GoalKind;
  match: string;
}

/** The conversions every site has, as goals in `event:goal` (an audit request is the submit of a form that asks for an audit). */
export const CONVERSION_GOALS = { lead: 'Lead', auditRequest: 'Audit request', consultation: 'Consultation booked' } as const;

/** Metrics that are percentages: their change against the comparison is in points, not in %. */
export const STATS_RATE_METRICS: ReadonlySet<StatsMetric> = new Set(['bounce_rate', 'conversion_rate', 'percentage']);

/** Screen size classes by the screen's width in CSS pixels, as Plausible draws them. */
export const SCREEN_SIZES = [
  { below: 576, name: 'Mobile' },
  { below: 992, name: 'Tablet' },
  { below: 1440, name: 'Laptop' },
  { below: Number.POSITIVE_INFINITY, name: 'Desktop' },
] as const;
export const screenSizeClass = (width: number): string => SCREEN_SIZES.find((s) => width < s.below)!.name;

/** The default time zone of the owner's periods until they set one. */
export const DEFAULT_TIME_ZONE = 'UTC';

// ---- The owner's goals and API tokens (admin routes) ----

export const GOAL_NAME_MAX = 80;
export const GOAL_MATCH_MAX = 500;
const EVENT_NAME = /^[a-z][a-z0-9_]{0,63}$/;
const PAGE_PATH = /^\/[^\s<>"'\\]*$/;

export const GoalInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: GOAL_NAME_MAX }),
    kind: Type.Union(GOAL_KINDS.map((k) => Type.Literal(k))),
    match: Type.String({ minLength: 1, maxLength: GOAL_MATCH_MAX }),
  },
  { additionalProperties: false },
);
export type GoalInput = Static<typeof GoalInputSchema>;
export const GoalSchema = Type.Composite([Type.Object({ id: Type.String() }), GoalInputSchema]);
export type Goal = Static<typeof GoalSchema>;

/** Why a goal cannot be stored, naming its field; undefined when it can. */
export function goalProblem(goal: GoalInput): { field: 'name' | 'match'; message: string } | undefined {
  if (!goal.name.trim()) return { field: 'name', message: 'Give the goal a name.' };
  if ((Object.values(CONVERSION_GOALS) as string[]).includes(goal.name.trim())) {
    return { field: 'name', message: `"${goal.name.trim()}" is already a goal of every site; choose another name.` };
  }
  if (goal.kind === 'event' && !EVENT_NAME.test(goal.match)) {
    return { field: 'match', message: 'An event goal is an event name: lower-case letters, digits and _, starting with a letter.' };
  }
  if (goal.kind === 'page' && !PAGE_PATH.test(goal.match)) {
    return { field: 'match', message: 'A page goal is a path starting with /, where * stands for any characters (e.g. /blog/*).' };
  }
  return undefined;
}

export const API_TOKEN_NAME_MAX = 80;
export const ApiTokenInputSchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: API_TOKEN_NAME_MAX }) },
  { additionalProperties: false },
);
export const ApiTokenSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The token's first characters, to tell tokens apart. */
  prefix: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
});
export type ApiToken = Static<typeof ApiTokenSchema>;
/** The answer to creating a token: the only time the token itself is shown. */
export const ApiTokenCreatedSchema = Type.Composite([ApiTokenSchema, Type.Object({ token: Type.String() })]);
