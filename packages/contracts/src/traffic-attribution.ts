// Which visits brought the leads, a lead's own journey, and the owner's own funnels: the shapes
// the admin's attribution, journey and funnel views read. Definitions: docs/traffic-metrics.md.
import { Type, type Static } from '@sinclair/typebox';
import { BaseVersionSchema, EditStampSchema } from './edit-versions.ts';

export const TOUCH_MODELS = ['first', 'last'] as const;
export type TouchModel = (typeof TOUCH_MODELS)[number];

export const ATTRIBUTION_DIMENSIONS = ['channel', 'source', 'campaign', 'landing_page'] as const;
export type AttributionDimension = (typeof ATTRIBUTION_DIMENSIONS)[number];

/** What a lead went on to do, counted per visit that brought them. */
export const ATTRIBUTION_METRICS = ['leads', 'auditRequests', 'reportsOpened', 'emailsOpened', 'consultations'] as const;
export type AttributionMetric = (typeof ATTRIBUTION_METRICS)[number];

/** The row a lead goes to when none of their visits was recorded (no consent, a blocker, a form sent from elsewhere). */
export const UNTRACKED = '(not tracked)';
/** The campaign row of the leads whose visit had no UTM campaign. */
export const NO_CAMPAIGN = '(no campaign)';

/** The Traffic page's period as its address writes it: a named period, or `custom` with both days (YYYY-MM-DD, inclusive). */
export const TrafficPeriodQuery = {
  period: Type.Optional(Type.String({ maxLength: 20 })),
  from: Type.Optional(Type.String({ maxLength: 10 })),
  to: Type.Optional(Type.String({ maxLength: 10 })),
};
export const TrafficPeriodQuerySchema = Type.Object(TrafficPeriodQuery, { additionalProperties: false });
export type TrafficPeriodQuery = Static<typeof TrafficPeriodQuerySchema>;

/** The Traffic page's filters as JSON text (StatsFiltersSchema), as the lead views read them. */
const TrafficFiltersQuery = { filters: Type.Optional(Type.String({ maxLength: 8000 })) };

/** A funnel's report: the period and the filters. */
export const OwnerFunnelReportQuerySchema = Type.Object({ ...TrafficPeriodQuery, ...TrafficFiltersQuery }, { additionalProperties: false });

export const AttributionQuerySchema = Type.Object(
  {
    model: Type.Optional(Type.Union(TOUCH_MODELS.map((m) => Type.Literal(m)))),
    dimension: Type.Optional(Type.Union(ATTRIBUTION_DIMENSIONS.map((d) => Type.Literal(d)))),
    ...TrafficPeriodQuery,
    ...TrafficFiltersQuery,
  },
  { additionalProperties: false },
);
export type AttributionQuery = Static<typeof AttributionQuerySchema>;

const Counts = {
  leads: Type.Integer(),
  auditRequests: Type.Integer(),
  reportsOpened: Type.Integer(),
  emailsOpened: Type.Integer(),
  consultations: Type.Integer(),
};
export const AttributionRowSchema = Type.Object({ value: Type.String(), ...Counts });
export type AttributionRow = Static<typeof AttributionRowSchema>;

export const AttributionResponseSchema = Type.Object({
  model: Type.Union(TOUCH_MODELS.map((m) => Type.Literal(m))),
  dimension: Type.Union(ATTRIBUTION_DIMENSIONS.map((d) => Type.Literal(d))),
  from: Type.String(),
  to: Type.String(),
  rows: Type.Array(AttributionRowSchema),
  totals: Type.Object(Counts),
});
export type AttributionResponse = Static<typeof AttributionResponseSchema>;

/** A visit's entry: where it came from and where it landed. */
export const TouchSchema = Type.Object({
  startedAt: Type.String(),
  channel: Type.String(),
  source: Type.String(),
  referrer: Type.String(),
  utmSource: Type.String(),
  utmMedium: Type.String(),
  utmCampaign: Type.String(),
  landingPage: Type.String(),
});
export type Touch = Static<typeof TouchSchema>;

export const JourneyVisitSchema = Type.Object({
  ...TouchSchema.properties,
  pages: Type.Array(Type.Object({ path: Type.String(), at: Type.String() })),
});
export type JourneyVisit = Static<typeof JourneyVisitSchema>;

/** A step of the lead's own: the audit requested, a mail opened, the report viewed, a consultation. */
export const JourneyMilestoneSchema = Type.Object({
  kind: Type.Union([
    Type.Literal('lead'),
    Type.Literal('audit_requested'),
    Type.Literal('email_open'),
    Type.Literal('report_view'),
    Type.Literal('consultation_initiated'),
    Type.Literal('consultation_booked'),
  ]),
  at: Type.String(),
  detail: Type.String(),
});
export type JourneyMilestone = Static<typeof JourneyMilestoneSchema>;

export const LeadJourneySchema = Type.Object({
  leadId: Type.String(),
  email: Type.String(),
  createdAt: Type.String(),
  firstTouch: Type.Union([TouchSchema, Type.Null()]),
  visits: Type.Array(JourneyVisitSchema),
  milestones: Type.Array(JourneyMilestoneSchema),
});
export type LeadJourney = Static<typeof LeadJourneySchema>;

/** The most visits a journey lists (the latest), and pages per visit. */
export const JOURNEY_MAX_VISITS = 100;
export const JOURNEY_MAX_PAGES = 200;

// The owner's funnels: named sequences of page paths (with `*` for any run of characters) or events.
export const OWNER_FUNNEL_MIN_STEPS = 2;
export const OWNER_FUNNEL_MAX_STEPS = 8;
export const OWNER_FUNNEL_MAX = 50;
export const OWNER_FUNNEL_NAME_MAX = 80;

export const FunnelStepSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('page'), Type.Literal('event')]),
    /** A path starting with `/` (`*` matches any characters) or an event name. */
    value: Type.String({ maxLength: 300 }),
  },
  { additionalProperties: false },
);
export type FunnelStep = Static<typeof FunnelStepSchema>;

export const OwnerFunnelInputSchema = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    // Sizes are checked by validateOwnerFunnel so the answer can name the step.
    steps: Type.Array(FunnelStepSchema, { maxItems: 20 }),
  },
  { additionalProperties: false },
);
export type OwnerFunnelInput = Static<typeof OwnerFunnelInputSchema>;

export const OwnerFunnelSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  steps: Type.Array(FunnelStepSchema),
  updatedAt: Type.String(),
});
export type OwnerFunnel = Static<typeof OwnerFunnelSchema>;

export const OwnerFunnelReportSchema = Type.Object({
  funnel: OwnerFunnelSchema,
  from: Type.String(),
  to: Type.String(),
  steps: Type.Array(
    Type.Object({
      label: Type.String(),
      visitors: Type.Integer(),
      /** Of the first step's visitors, in %. */
      conversion: Type.Number(),
      /** Of the previous step's visitors who did not reach this one, in %. */
      dropOff: Type.Number(),
    }),
  ),
});
export type OwnerFunnelReport = Static<typeof OwnerFunnelReportSchema>;

const EVENT_NAME = /^[a-z][a-z0-9_]{0,59}$/;
// A path is what the tracker sends: printable, no spaces, no query string.
const PAGE_PATTERN = /^\/[A-Za-z0-9\-._~%!$&'()*+,;=:@/]*$/;

/** The first problem with a funnel as the owner wrote it, naming the field or step; null when it is fine. */
export function ownerFunnelProblem(input: OwnerFunnelInput): { message: string; field: string } | null {
  const name = input.name.trim();
  if (!name) return { message: 'Give the funnel a name.', field: 'name' };
  if (name.length > OWNER_FUNNEL_NAME_MAX)
    return { message: `The name is longer than ${OWNER_FUNNEL_NAME_MAX} characters.`, field: 'name' };
  if (input.steps.length < OWNER_FUNNEL_MIN_STEPS || input.steps.length > OWNER_FUNNEL_MAX_STEPS)
    return { message: `A funnel has ${OWNER_FUNNEL_MIN_STEPS} to ${OWNER_FUNNEL_MAX_STEPS} steps.`, field: 'steps' };
  for (const [i, step] of input.steps.entries()) {
    const field = `steps.${i}`;
    const value = step.value.trim();
    if (!value) return { message: `Step ${i + 1} needs a page path or an event name.`, field };
    if (step.kind === 'page' && !PAGE_PATTERN.test(value))
      return { message: `Step ${i + 1}: a page path starts with / and has no spaces or query (use * for any characters).`, field };
    if (step.kind === 'event' && !EVENT_NAME.test(value))
      return { message: `Step ${i + 1}: an event name has lower-case letters, digits and _ only.`, field };
  }
  return null;
}

/** A funnel step as the owner reads it. */
export const funnelStepLabel = (step: FunnelStep) => (step.kind === 'page' ? `Visited ${step.value}` : `Event ${step.value}`);

/** The owner's weekly Traffic e-mail: off by default; the address it goes to (admin only, never public). */
export const WeeklyEmailSettingSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    recipient: Type.String({ maxLength: 254 }),
  },
  { additionalProperties: false },
);
export type WeeklyEmailSetting = Static<typeof WeeklyEmailSettingSchema>;
/** The setting as the admin edits it: with the version a save is made on. */
export const WeeklyEmailSectionSchema = Type.Composite([WeeklyEmailSettingSchema, EditStampSchema]);
export type WeeklyEmailSection = Static<typeof WeeklyEmailSectionSchema>;
/** A save: the setting and the version it was made on (refused when someone saved since). */
export const WeeklyEmailSaveSchema = Type.Composite([WeeklyEmailSettingSchema, Type.Object({ baseVersion: BaseVersionSchema })], {
  additionalProperties: false,
});
export type WeeklyEmailSave = Static<typeof WeeklyEmailSaveSchema>;
