// What the funnel manager's Edit dialog edits and what the site does with it: the funnel's own
// fields plus its configuration, kept in `funnels.config`, every save a numbered version. A
// save drives the landing page, the popup, the e-mails, the follow-up and the
// tracking. A field that is empty means "the site's own text" (content's defaults).
import { Type, type Static, type TLiteral, type TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType } from '@sinclair/typebox/value';
import { PublicAbTestSchema } from './ab-tests.ts';

/** One of a fixed list of strings, with its default. */
function Choice<const T extends readonly string[]>(values: T, options: { default: T[number] }) {
  return Type.Union(values.map((v) => Type.Literal(v)) as TLiteral<T[number]>[], options);
}

/** The fixed list of e-mail template types. */
export const EMAIL_TEMPLATE_TYPES = ['confirmation', 'notification', 'follow-up'] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

/** The fields a landing page's form may add to the audit form's three (website, business name, e-mail). */
export const EXTRA_FORM_FIELDS = ['firstName', 'lastName', 'phone'] as const;
export type ExtraFormField = (typeof EXTRA_FORM_FIELDS)[number];
export const FIELD_MODES = ['off', 'optional', 'required'] as const;
export type FieldMode = (typeof FIELD_MODES)[number];

/** The popup's A/B variants (the `audit_popup` test): A with the report picture, B the standard form. */
export const POPUP_VARIANTS = ['A', 'B'] as const;
export type PopupVariant = (typeof POPUP_VARIANTS)[number];

/** By default, the popup opens by itself after 25 s. */
export const DEFAULT_POPUP_DELAY_SECONDS = 25;
export const MAX_POPUP_DELAY_SECONDS = 600;
/** Days after the report e-mail before the follow-up, when the sequence is on. */
export const DEFAULT_FOLLOW_UP_DAYS = 3;
export const MAX_FOLLOW_UP_DAYS = 30;

/** Funnel events the Tracking tab can switch off (the lead itself is always recorded). */
export const FUNNEL_EVENTS = ['pageView', 'popupView', 'formStart', 'formSubmit'] as const;
export type FunnelEvent = (typeof FUNNEL_EVENTS)[number];
/** Conversion goals. The one chosen is what the funnel's conversion figures count. */
export const CONVERSION_EVENTS = ['form-submit', 'email-open', 'report-view'] as const;
export type ConversionEvent = (typeof CONVERSION_EVENTS)[number];

/** The placeholders each e-mail may use; anything else in `{{…}}` is refused on save. */
export const TEMPLATE_PLACEHOLDERS: Record<EmailTemplateType, readonly string[]> = {
  confirmation: ['firstName', 'businessName', 'email', 'website', 'ownerName'],
  notification: ['firstName', 'businessName', 'email', 'website', 'reportUrl', 'score', 'ownerName'],
  'follow-up': ['firstName', 'businessName', 'email', 'website', 'reportUrl', 'score', 'ownerName'],
};

const Text = (maxLength: number) => Type.String({ maxLength, default: '' });
const Flag = (fallback: boolean) => Type.Boolean({ default: fallback });
const FieldModeSchema = Choice(FIELD_MODES, { default: 'off' });

const PopupVariantCopySchema = Type.Object(
  { title: Text(200), subtitle: Text(300), buttonText: Text(60) },
  { additionalProperties: false, default: {} },
);
const EmailTemplateSettingSchema = Type.Object({ subject: Text(200), body: Text(5000) }, { additionalProperties: false, default: {} });

export const FunnelConfigSchema = Type.Object(
  {
    landingPage: Type.Object(
      {
        headline: Text(200),
        /** The lead paragraph under the headline. */
        subheadline: Text(600),
        ctaText: Text(60),
        fields: Type.Object(
          { firstName: FieldModeSchema, lastName: FieldModeSchema, phone: FieldModeSchema },
          { additionalProperties: false, default: {} },
        ),
      },
      { additionalProperties: false, default: {} },
    ),
    popup: Type.Object(
      {
        enabled: Flag(true),
        /** Seconds on the page before the popup opens by itself; 0 = no timer. */
        delaySeconds: Type.Integer({ minimum: 0, maximum: MAX_POPUP_DELAY_SECONDS, default: DEFAULT_POPUP_DELAY_SECONDS }),
        exitIntent: Flag(true),
        variants: Type.Object({ A: PopupVariantCopySchema, B: PopupVariantCopySchema }, { additionalProperties: false, default: {} }),
      },
      { additionalProperties: false, default: {} },
    ),
    emailTemplates: Type.Object(
      {
        confirmation: Type.Object(
          { enabled: Flag(false), subject: Text(200), body: Text(5000) },
          { additionalProperties: false, default: {} },
        ),
        notification: EmailTemplateSettingSchema,
        followUp: EmailTemplateSettingSchema,
      },
      { additionalProperties: false, default: {} },
    ),
    process: Type.Object(
      {
        websiteAnalysis: Flag(true),
        emailDelivery: Flag(true),
        followUpSequence: Flag(false),
        followUpDays: Type.Integer({ minimum: 1, maximum: MAX_FOLLOW_UP_DAYS, default: DEFAULT_FOLLOW_UP_DAYS }),
      },
      { additionalProperties: false, default: {} },
    ),
    tracking: Type.Object(
      {
        events: Type.Object(
          { pageView: Flag(true), popupView: Flag(true), formStart: Flag(true), formSubmit: Flag(true) },
          { additionalProperties: false, default: {} },
        ),
        conversionEvent: Choice(CONVERSION_EVENTS, { default: 'form-submit' }),
      },
      { additionalProperties: false, default: {} },
    ),
  },
  { additionalProperties: false, default: {} },
);
export type FunnelConfig = Static<typeof FunnelConfigSchema>;

export const FunnelEditSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    /** The landing page's title in the browser tab and search results ("<title> | <brand>"). */
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

/** What the Edit dialog loads: the funnel with the version it is at. */
export const FunnelEditResponseSchema = Type.Composite([FunnelEditSchema, Type.Object({ version: Type.Integer() })]);
export type FunnelEditResponse = Static<typeof FunnelEditResponseSchema>;

/**
 * A save from the Edit dialog: the edit and the version it was made on. A save on a version
 * that is no longer the newest is refused (409) rather than silently undoing another save.
 */
export const FunnelSaveSchema = Type.Composite([FunnelEditSchema, Type.Object({ baseVersion: Type.Integer({ minimum: 0 }) })], {
  additionalProperties: false,
});
export type FunnelSave = Static<typeof FunnelSaveSchema>;

export const FunnelIdParamsSchema = Type.Object(
  { id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' }) },
  { additionalProperties: false },
);

export const EmailTemplateSchema = Type.Object({
  type: Type.Union(EMAIL_TEMPLATE_TYPES.map((t) => Type.Literal(t))),
  name: Type.String(),
  description: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  placeholders: Type.Array(Type.String()),
});
export type EmailTemplate = Static<typeof EmailTemplateSchema>;

/** One saved version of a funnel: who saved it, when, and which fields it changed. */
export const FunnelVersionSchema = Type.Object({
  version: Type.Integer(),
  changedAt: Type.String({ format: 'date-time' }),
  changedBy: Type.String(),
  /** The changed fields, by their labels in the Edit dialog ("Landing Page › Headline"). */
  changes: Type.Array(Type.String()),
  /** Set when this version restored an earlier one. */
  revertedTo: Type.Union([Type.Integer(), Type.Null()]),
});
export type FunnelVersion = Static<typeof FunnelVersionSchema>;
export const FunnelHistorySchema = Type.Array(FunnelVersionSchema);

/** A version number as PostgreSQL stores it (an integer column): a larger one is refused, not a 500. */
export const FunnelRevertSchema = Type.Object(
  { version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);

/** The e-mail preview: a template filled in with a sample lead. */
export const EmailPreviewRequestSchema = Type.Object(
  {
    type: Type.Union(EMAIL_TEMPLATE_TYPES.map((t) => Type.Literal(t))),
    subject: Type.String({ maxLength: 200 }),
    body: Type.String({ maxLength: 5000 }),
  },
  { additionalProperties: false },
);
export type EmailPreviewRequest = Static<typeof EmailPreviewRequestSchema>;
export const EmailPreviewSchema = Type.Object({ to: Type.String(), subject: Type.String(), text: Type.String(), html: Type.String() });
export type EmailPreview = Static<typeof EmailPreviewSchema>;

// --- What the public site reads (GET /api/site/config, and embedded in every page) ---------

export const PublicFunnelSchema = Type.Object({
  id: Type.String(),
  active: Type.Boolean(),
  title: Type.String(),
  landingPage: FunnelConfigSchema.properties.landingPage,
  popup: FunnelConfigSchema.properties.popup,
  tracking: Type.Object({ events: FunnelConfigSchema.properties.tracking.properties.events }),
});
export type PublicFunnel = Static<typeof PublicFunnelSchema>;

// --- Labels and the first problem of an edit, in the dialog's words -------------------------

/** The Edit dialog's tabs, in order. */
export const FUNNEL_EDIT_TABS = [
  { key: 'general', label: 'General' },
  { key: 'landing', label: 'Landing Page' },
  { key: 'popup', label: 'Popup Creator' },
  { key: 'emails', label: 'Email Templates' },
  { key: 'process', label: 'Process Builder' },
  { key: 'tracking', label: 'Tracking' },
] as const;
export type FunnelEditTab = (typeof FUNNEL_EDIT_TABS)[number]['key'];

/**
 * Every field of the Edit dialog, by its dotted path in the edit: its tab and its label there.
 * The dialog shows these labels, and messages and the history name a field "<tab> › <label>".
 */
const FUNNEL_FIELDS = {
  name: ['general', 'Name'],
  title: ['general', 'Page title'],
  subtitle: ['general', 'Subtitle'],
  description: ['general', 'Description'],
  isActive: ['general', 'Active'],
  primaryColor: ['general', 'Card colour'],
  'config.landingPage.headline': ['landing', 'Headline'],
  'config.landingPage.subheadline': ['landing', 'Copy'],
  'config.landingPage.ctaText': ['landing', 'Call to action'],
  'config.landingPage.fields.firstName': ['landing', 'First name field'],
  'config.landingPage.fields.lastName': ['landing', 'Last name field'],
  'config.landingPage.fields.phone': ['landing', 'Phone field'],
  'config.popup.enabled': ['popup', 'Show the popup'],
  'config.popup.delaySeconds': ['popup', 'Delay (seconds)'],
  'config.popup.exitIntent': ['popup', 'Exit intent'],
  'config.popup.variants.A.title': ['popup', 'Variant A title'],
  'config.popup.variants.A.subtitle': ['popup', 'Variant A subtitle'],
  'config.popup.variants.A.buttonText': ['popup', 'Variant A button text'],
  'config.popup.variants.B.title': ['popup', 'Variant B title'],
  'config.popup.variants.B.subtitle': ['popup', 'Variant B subtitle'],
  'config.popup.variants.B.buttonText': ['popup', 'Variant B button text'],
  'config.emailTemplates.confirmation.enabled': ['emails', 'Send the confirmation'],
  'config.emailTemplates.confirmation.subject': ['emails', 'Confirmation subject'],
  'config.emailTemplates.confirmation.body': ['emails', 'Confirmation body'],
  'config.emailTemplates.notification.subject': ['emails', 'Audit report subject'],
  'config.emailTemplates.notification.body': ['emails', 'Audit report body'],
  'config.emailTemplates.followUp.subject': ['emails', 'Follow-up subject'],
  'config.emailTemplates.followUp.body': ['emails', 'Follow-up body'],
  'config.process.websiteAnalysis': ['process', 'Website analysis'],
  'config.process.emailDelivery': ['process', 'E-mail delivery'],
  'config.process.followUpSequence': ['process', 'Follow-up sequence'],
  'config.process.followUpDays': ['process', 'Follow-up after (days)'],
  'config.tracking.events.pageView': ['tracking', 'Landing page views'],
  'config.tracking.events.popupView': ['tracking', 'Popup views'],
  'config.tracking.events.formStart': ['tracking', 'Form starts'],
  'config.tracking.events.formSubmit': ['tracking', 'Form submissions'],
  'config.tracking.conversionEvent': ['tracking', 'Conversion event'],
} as const satisfies Record<string, readonly [FunnelEditTab, string]>;
export type FunnelFieldPath = keyof typeof FUNNEL_FIELDS;
export const FUNNEL_FIELD_PATHS = Object.keys(FUNNEL_FIELDS) as FunnelFieldPath[];

/** A field of the Edit dialog as the dialog shows it and the API checks it. */
export interface FunnelFieldDefinition {
  path: FunnelFieldPath;
  tab: FunnelEditTab;
  /** Its label in its tab ("Headline"). */
  label: string;
  /** Text: at most this many characters. */
  maxLength?: number;
  /** Whole numbers: the smallest and largest allowed. */
  minimum?: number;
  maximum?: number;
}

/** The schema of the edit at a dotted path. */
function schemaAt(path: string): TSchema {
  let schema: unknown = FunnelEditSchema;
  for (const key of path.split('.')) schema = (schema as { properties: Record<string, TSchema> }).properties[key];
  return schema as TSchema;
}

/** A field's label and limits: the label from the list above, the limits from FunnelEditSchema. */
export function funnelField(path: FunnelFieldPath): FunnelFieldDefinition {
  const [tab, label] = FUNNEL_FIELDS[path];
  const { maxLength, minimum, maximum } = schemaAt(path) as { maxLength?: number; minimum?: number; maximum?: number };
  return {
    path,
    tab,
    label,
    ...(maxLength !== undefined && { maxLength }),
    ...(minimum !== undefined && { minimum }),
    ...(maximum !== undefined && { maximum }),
  };
}

const tabLabel = (tab: FunnelEditTab) => FUNNEL_EDIT_TABS.find((t) => t.key === tab)!.label;

/** The dialog's label of a dotted field path ("Landing Page › Headline"); the path itself for one it does not show. */
export const funnelFieldLabel = (path: string): string => {
  const field = Object.hasOwn(FUNNEL_FIELDS, path) ? FUNNEL_FIELDS[path as FunnelFieldPath] : undefined;
  return field ? `${tabLabel(field[0])} › ${field[1]}` : path;
};

/** A TypeBox error path (`/config/popup/delaySeconds`) as a dotted one. */
const dotted = (pointer: string) => pointer.replace(/^\//, '').replaceAll('/', '.');

/** The template keys of the config and the type whose placeholders they may use. */
export const TEMPLATE_KEYS = { confirmation: 'confirmation', notification: 'notification', followUp: 'follow-up' } as const;

/** `{{name}}` placeholders of a text, in order of appearance (spaces inside the braces allowed). */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]!);
}

/** The first placeholder of `text` a template of `type` does not know, with the message to show. */
export function placeholderProblem(type: EmailTemplateType, text: string): string | null {
  const allowed = TEMPLATE_PLACEHOLDERS[type];
  const unknown = placeholdersIn(text).find((name) => !allowed.includes(name));
  if (unknown === undefined) return null;
  return `unknown placeholder {{${unknown}}}; use ${allowed.map((p) => `{{${p}}}`).join(', ')}`;
}

/** Why a value at `path` is refused, in words. */
function describe(path: string, value: unknown): string {
  const label = funnelFieldLabel(path);
  if (path === 'primaryColor') return `${label} must be a colour like #dc2626.`;
  if (path === 'config.popup.delaySeconds') return `${label} must be a whole number from 0 to ${MAX_POPUP_DELAY_SECONDS}.`;
  if (path === 'config.process.followUpDays') return `${label} must be a whole number from 1 to ${MAX_FOLLOW_UP_DAYS}.`;
  if ((path === 'name' || path === 'title') && typeof value === 'string' && !value.trim()) return `${label} is required.`;
  return `${label} has a value it cannot take.`;
}

/** The value at a dotted path of an object. */
function valueAt(root: unknown, path: string): unknown {
  let value = root;
  for (const key of path ? path.split('.') : [])
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/**
 * The first problem of an edit, naming the field as the dialog shows it, or null. Checks the
 * shape (unknown fields, types, lengths, choices) and the e-mail templates' placeholders.
 */
export function funnelEditProblem(edit: unknown): { field: string; message: string } | null {
  const error = Value.Errors(FunnelEditSchema, edit).First();
  if (error) {
    const path = dotted(error.path);
    const value = valueAt(edit, path);
    if (error.type === ValueErrorType.ObjectAdditionalProperties) {
      const parts = path.split('.');
      const parent = parts.slice(0, -1).join('.');
      return { field: path, message: `${parent ? `${funnelFieldLabel(parent)}: ` : ''}unknown field "${parts.at(-1)}".` };
    }
    if (value === undefined) return { field: path, message: `${funnelFieldLabel(path)} is missing.` };
    if (typeof value === 'string' && typeof error.schema.maxLength === 'number' && value.length > error.schema.maxLength) {
      return { field: path, message: `${funnelFieldLabel(path)} must be at most ${error.schema.maxLength} characters.` };
    }
    return { field: path, message: describe(path, value) };
  }
  const e = edit as FunnelEdit;
  if (!e.name.trim()) return { field: 'name', message: describe('name', e.name) };
  if (!e.title.trim()) return { field: 'title', message: describe('title', e.title) };
  for (const [key, type] of Object.entries(TEMPLATE_KEYS) as Array<[keyof typeof TEMPLATE_KEYS, EmailTemplateType]>) {
    for (const part of ['subject', 'body'] as const) {
      const template: { subject: string; body: string } = e.config.emailTemplates[key];
      const problem = placeholderProblem(type, template[part]);
      const path = `config.emailTemplates.${key}.${part}`;
      if (problem) return { field: path, message: `${funnelFieldLabel(path)}: ${problem}.` };
    }
  }
  return null;
}

/** A stored config may predate a field: defaults fill it, unknown leftovers are dropped. */
export function completeConfig(stored: unknown): FunnelConfig {
  const base = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? structuredClone(stored) : {};
  const filled = Value.Default(FunnelConfigSchema, Value.Clean(FunnelConfigSchema, base));
  return Value.Check(FunnelConfigSchema, filled) ? (filled as FunnelConfig) : (Value.Default(FunnelConfigSchema, {}) as FunnelConfig);
}

/** The dotted paths whose values differ between two edits, labelled as the dialog shows them. */
export function changedFields(before: FunnelEdit | null, after: FunnelEdit): string[] {
  const paths: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (typeof b === 'object' && b !== null && !Array.isArray(b)) {
      for (const key of Object.keys(b))
        walk((a as Record<string, unknown> | undefined)?.[key], (b as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) paths.push(path);
  };
  walk(before ?? {}, after, '');
  return paths.map(funnelFieldLabel);
}

/** What the public site applies of the funnels and A/B tests (GET /api/site/config, and embedded in every page). */
export const PublicSiteConfigSchema = Type.Object({
  funnels: Type.Array(PublicFunnelSchema),
  tests: Type.Array(PublicAbTestSchema),
});
export type PublicSiteConfig = Static<typeof PublicSiteConfigSchema>;
