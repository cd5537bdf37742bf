// What the funnel manager's Edit dialog edits (spec: admin-and-assistant.md, funnel manager
// and section 9): the funnel's own fields plus its configuration, kept in `funnels.config`.
// The spec's version only pretends to save; ours stores it.
import { Type, type Static, type TLiteral } from '@sinclair/typebox';

/** One of a fixed list of strings, with its default. */
function Choice<const T extends readonly string[]>(values: T, options: { default: T[number] }) {
  return Type.Union(values.map((v) => Type.Literal(v)) as TLiteral<T[number]>[], options);
}

export const LANDING_LAYOUTS = ['centered', 'split', 'hero', 'minimal'] as const;
export const POPUP_TRIGGERS = ['time', 'scroll', 'exit', 'click'] as const;
export const POPUP_SIZES = ['small', 'medium', 'large', 'fullscreen'] as const;
/** Spec: small 400px, medium 600px, large 800px, fullscreen. */
export const POPUP_SIZE_LABELS: Record<(typeof POPUP_SIZES)[number], string> = {
  small: 'Small (400px)',
  medium: 'Medium (600px)',
  large: 'Large (800px)',
  fullscreen: 'Fullscreen',
};
export const POPUP_FREQUENCIES = ['always', 'once-day', 'once-week', 'once-session'] as const;
export const CONFIRMATION_DELAYS = ['immediate', '5min', '1hour'] as const;
export const REPORT_DELAYS = ['immediate', '2min', '5min'] as const;
export const CONVERSION_GOALS = ['form-submit', 'email-open', 'report-view'] as const;
export const ATTRIBUTION_WINDOWS = [1, 7, 30] as const;
/** Spec: the fixed list of e-mail template types. */
export const EMAIL_TEMPLATE_TYPES = ['confirmation', 'notification', 'follow-up'] as const;

const Text = (maxLength: number, fallback = '') => Type.String({ maxLength, default: fallback });
const Flag = (fallback: boolean) => Type.Boolean({ default: fallback });

const EmailTemplateSettingSchema = Type.Object({ enabled: Flag(true), subject: Text(200) }, { additionalProperties: false });

export const FunnelConfigSchema = Type.Object(
  {
    landingPage: Type.Object(
      {
        headline: Text(200),
        subheadline: Text(300),
        ctaText: Text(60, 'Get Your Free Audit'),
        layout: Choice(LANDING_LAYOUTS, { default: 'centered' }),
      },
      { additionalProperties: false, default: {} },
    ),
    popup: Type.Object(
      {
        enabled: Flag(true),
        trigger: Choice(POPUP_TRIGGERS, { default: 'time' }),
        /** Seconds for a time trigger, percent of the page for a scroll trigger. */
        triggerValue: Type.Integer({ minimum: 0, maximum: 600, default: 25 }),
        size: Choice(POPUP_SIZES, { default: 'medium' }),
        frequency: Choice(POPUP_FREQUENCIES, { default: 'once-session' }),
        headline: Text(200),
      },
      { additionalProperties: false, default: {} },
    ),
    emailTemplates: Type.Object(
      {
        confirmation: EmailTemplateSettingSchema,
        notification: EmailTemplateSettingSchema,
        followUp: Type.Object({ enabled: Flag(false), subject: Text(200) }, { additionalProperties: false }),
      },
      { additionalProperties: false, default: { confirmation: {}, notification: {}, followUp: {} } },
    ),
    process: Type.Object(
      {
        websiteAnalysis: Flag(true),
        emailDelivery: Flag(true),
        followUpSequence: Flag(false),
        confirmationDelay: Choice(CONFIRMATION_DELAYS, { default: 'immediate' }),
        reportDelay: Choice(REPORT_DELAYS, { default: 'immediate' }),
      },
      { additionalProperties: false, default: {} },
    ),
    tracking: Type.Object(
      {
        goals: Type.Array(Type.Union(CONVERSION_GOALS.map((g) => Type.Literal(g))), {
          uniqueItems: true,
          maxItems: 3,
          default: ['form-submit'],
        }),
        attributionWindowDays: Type.Union(
          ATTRIBUTION_WINDOWS.map((d) => Type.Literal(d)),
          { default: 7 },
        ),
        utm: Type.Object(
          { source: Flag(true), medium: Flag(true), campaign: Flag(true), content: Flag(false) },
          { additionalProperties: false, default: {} },
        ),
      },
      { additionalProperties: false, default: {} },
    ),
  },
  { additionalProperties: false },
);
export type FunnelConfig = Static<typeof FunnelConfigSchema>;

export const FunnelEditSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    subtitle: Type.String({ maxLength: 300 }),
    description: Type.String({ maxLength: 2000 }),
    isActive: Type.Boolean(),
    primaryColor: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
    config: FunnelConfigSchema,
  },
  { additionalProperties: false },
);
export type FunnelEdit = Static<typeof FunnelEditSchema>;

export const FunnelIdParamsSchema = Type.Object(
  { id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' }) },
  { additionalProperties: false },
);

export const EmailTemplateSchema = Type.Object({
  type: Type.Union(EMAIL_TEMPLATE_TYPES.map((t) => Type.Literal(t))),
  name: Type.String(),
  description: Type.String(),
  subject: Type.String(),
});
export type EmailTemplate = Static<typeof EmailTemplateSchema>;
