// Site-wide settings: the tracking ids
// and search-engine overrides the owner sets in the admin and the site-wide loader applies,
// and the contact details the report PDF carries.
// Every value is public once set (it ends up in the page), so none of them is a secret.
import { Type, type Static } from '@sinclair/typebox';
import { BaseVersionSchema, EditStampSchema } from './edit-versions.ts';

export const SETTING_CATEGORIES = ['analytics', 'seo', 'contact', 'traffic'] as const;
export type SettingCategory = (typeof SETTING_CATEGORIES)[number];

interface SettingRule {
  label: string;
  /** What the setting changes on the site, in the owner's words (shown under the field). */
  effect: string;
  /** What a valid value looks like, shown under the field and in the error. */
  hint: string;
  pattern: RegExp;
}

export const SETTING_RULES = {
  analytics: {
    google_analytics_id: {
      label: 'Google Analytics measurement ID',
      effect: 'Loads Google Analytics on every public page for visitors who accept tracking.',
      hint: 'G- followed by letters and digits, e.g. G-AB12CD34EF',
      pattern: /^G-[A-Z0-9]{4,20}$/,
    },
    google_tag_manager_id: {
      label: 'Google Tag Manager container ID',
      effect: 'Loads your Tag Manager container on every public page for visitors who accept tracking.',
      hint: 'GTM- followed by letters and digits, e.g. GTM-AB12CD3',
      pattern: /^GTM-[A-Z0-9]{4,12}$/,
    },
    facebook_pixel_id: {
      label: 'Facebook (Meta) Pixel ID',
      effect: 'Loads the Meta Pixel on every public page for visitors who accept tracking.',
      hint: '10 to 20 digits',
      pattern: /^\d{10,20}$/,
    },
    linkedin_insight_tag: {
      label: 'LinkedIn Insight Tag partner ID',
      effect: 'Loads the LinkedIn Insight Tag on every public page for visitors who accept tracking.',
      hint: '3 to 12 digits',
      pattern: /^\d{3,12}$/,
    },
    hotjar_site_id: {
      label: 'Hotjar site ID',
      effect: 'Loads Hotjar on every public page for visitors who accept tracking.',
      hint: '4 to 12 digits',
      pattern: /^\d{4,12}$/,
    },
  },
  seo: {
    site_title: {
      label: 'Site title',
      effect: "Takes the owner's name's place in every page title and names the site in link previews.",
      hint: 'plain text, at most 70 characters',
      pattern: /^(?=.{1,70}$)[^\u0000-\u001f\u007f<>]+$/,
    },
    site_description: {
      label: 'Site description',
      effect: "Replaces the home page's description in search results and link previews; pages with their own keep it.",
      hint: 'plain text, at most 300 characters',
      pattern: /^(?=.{1,300}$)[^\u0000-\u001f\u007f<>]+$/,
    },
    google_site_verification: {
      label: 'Google site verification code',
      effect: 'Adds the verification tag Google Search Console asks for to every page.',
      hint: 'the content value of the google-site-verification meta tag',
      pattern: /^[A-Za-z0-9_-]{10,100}$/,
    },
    canonical_url: {
      label: 'Canonical URL',
      effect: 'The address in canonical links, link previews, sitemap.xml and robots.txt.',
      hint: 'the site address, e.g. https://www.example.com',
      pattern: /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?\/?$/i,
    },
    og_image_url: {
      label: 'Social sharing image URL',
      effect: 'The picture shown when a page is shared on social networks.',
      hint: 'an https:// image address or a path on this site such as /og.png',
      pattern: /^(https:\/\/[^\s"'<>]{4,500}|\/[^\s"'<>]{1,500})$/,
    },
    twitter_card_type: {
      label: 'Twitter card type',
      effect: 'How a shared link is shown on X (Twitter): small or large picture.',
      hint: 'summary or summary_large_image',
      pattern: /^(summary|summary_large_image)$/,
    },
  },
  contact: {
    booking_url: {
      label: 'Booking link',
      effect:
        "Where prospects book a call: written out and as a QR code on the last page of every audit report's PDF. Unset, the " +
        'PDF points to the contact section of the site.',
      hint: 'an https:// address, e.g. https://calendly.com/your-name/strategy-call',
      pattern: /^https:\/\/[^\s"'<>]{4,300}$/,
    },
  },
  traffic: {
    time_zone: {
      label: 'Time zone',
      effect:
        'The days and hours of the Traffic page and the stats API ("today" starts at midnight here), and the date ' +
        'and time on every audit report, on the page and in the PDF. Unset, UTC.',
      hint: 'a time zone name, e.g. America/New_York or Europe/London',
      pattern: /^(UTC|[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2})$/,
    },
  },
} as const satisfies Record<SettingCategory, Record<string, SettingRule>>;

export type SettingKey<C extends SettingCategory> = keyof (typeof SETTING_RULES)[C] & string;
export type AnalyticsSettingKey = SettingKey<'analytics'>;
export type SeoSettingKey = SettingKey<'seo'>;
export type SettingsOf<C extends SettingCategory> = Partial<Record<SettingKey<C>, string>>;

export const settingKeys = <C extends SettingCategory>(category: C) => Object.keys(SETTING_RULES[category]) as SettingKey<C>[];

/** Why a value is refused, or undefined. An empty value means "not set" and is always fine. */
export function settingProblem(category: SettingCategory, key: string, value: string): string | undefined {
  const rules = SETTING_RULES[category] as Record<string, SettingRule>;
  // Own keys only: "constructor" or "toString" are not settings.
  const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
  if (!rule) return `Unknown ${category} setting: ${key}.`;
  if (value === '' || rule.pattern.test(value)) return undefined;
  return `${rule.label} must be ${rule.hint}.`;
}

export const SettingSchema = Type.Object({ key: Type.String(), value: Type.String() });
export type Setting = Static<typeof SettingSchema>;
/** `GET /api/settings?category=…` answers the category's set values (unset keys are left out). */
export const SettingListSchema = Type.Array(SettingSchema);

export const SettingsQuerySchema = Type.Object(
  { category: Type.Union(SETTING_CATEGORIES.map((c) => Type.Literal(c))) },
  { additionalProperties: false },
);
export const SettingsParamsSchema = SettingsQuerySchema;
export type SettingsQuery = Static<typeof SettingsQuerySchema>;

/** The keys to change; '' clears one. Keys left out are kept. */
export const SettingsUpdateSchema = Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 600 }), { maxProperties: 20 });

/** `PUT /api/settings/:category`: the changes and the version of the category they were made on. */
export const SettingsSaveSchema = Type.Object(
  { values: SettingsUpdateSchema, baseVersion: BaseVersionSchema },
  { additionalProperties: false },
);
export type SettingsSave = Static<typeof SettingsSaveSchema>;

/** A category as the admin edits it (`GET /api/admin/settings/:category`, and a save's answer): its values and version. */
export const SettingsSectionSchema = Type.Composite([Type.Object({ values: SettingListSchema }), EditStampSchema]);
export type SettingsSection = Static<typeof SettingsSectionSchema>;

/** How the stale-save message names a category ("The SEO settings were changed by …"). */
export const SETTING_CATEGORY_SUBJECTS: Record<SettingCategory, string> = {
  analytics: 'The tracking settings were',
  seo: 'The search-engine settings were',
  contact: 'The contact settings were',
  traffic: 'The traffic settings were',
};

type CspDirective = 'scriptSrc' | 'connectSrc' | 'imgSrc' | 'frameSrc' | 'styleSrc' | 'fontSrc';

/**
 * What each configured tag needs the page's Content Security Policy to allow, from the
 * vendors' own CSP guides. The server adds these only for the keys that are set.
 */
export const TAG_CSP_SOURCES: Record<AnalyticsSettingKey, Partial<Record<CspDirective, string[]>>> = {
  google_analytics_id: {
    scriptSrc: ['https://www.googletagmanager.com'],
    connectSrc: [
      'https://www.google-analytics.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    ],
    imgSrc: ['https://www.google-analytics.com', 'https://www.googletagmanager.com'],
  },
  google_tag_manager_id: {
    scriptSrc: ['https://www.googletagmanager.com'],
    connectSrc: [
      'https://www.google-analytics.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    ],
    imgSrc: ['https://www.googletagmanager.com', 'https://www.google-analytics.com'],
    frameSrc: ['https://www.googletagmanager.com'],
  },
  facebook_pixel_id: {
    scriptSrc: ['https://connect.facebook.net'],
    connectSrc: ['https://www.facebook.com', 'https://connect.facebook.net'],
    imgSrc: ['https://www.facebook.com'],
  },
  linkedin_insight_tag: {
    scriptSrc: ['https://snap.licdn.com'],
    connectSrc: ['https://px.ads.linkedin.com'],
    imgSrc: ['https://px.ads.linkedin.com'],
  },
  hotjar_site_id: {
    scriptSrc: ['https://static.hotjar.com', 'https://script.hotjar.com'],
    connectSrc: ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'],
    imgSrc: ['https://*.hotjar.com'],
    styleSrc: ['https://static.hotjar.com'],
    fontSrc: ['https://script.hotjar.com'],
    frameSrc: ['https://vars.hotjar.com'],
  },
};
