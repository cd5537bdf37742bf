// The funnels' landing pages and popup as the site shows them before the owner changes
// anything: the texts the funnel manager's empty fields stand for. The api's page
// server, the public pages and the admin's placeholders all read them from here.
import { marketingAuditPage, reportLandingPage } from './audit-pages.ts';
import { type FormDefinition, type FormField, formDefinitions } from './forms.ts';
import { pageSeo } from './seo.ts';
import { personal } from './site.ts';

/** The free audit's funnel: the site-wide popup is its popup, and every audit request its lead. */
export const AUDIT_FUNNEL_ID = 'marketing-audit';
/** The report showcase's funnel: its landing page is the report landing page, which has no form. */
export const REPORT_FUNNEL_ID = 'real-estate-marketing-report';

/** A landing page's own texts: what an empty field of the Landing Page tab (and the page title) leaves. */
export interface LandingDefaults {
  /** The page's name in "<title> | <brand>". */
  title: string;
  headline: string;
  copy: string;
  ctaText: string;
  /** Whether the page has a lead form (its fields can be extended). */
  hasForm: boolean;
}

const nameOf = (path: string) => (pageSeo.find((p) => p.path === path)?.title ?? personal.name).replace(` | ${personal.name}`, '');

/** The landing page defaults of a funnel: the report page for its funnel, the free audit page for every other. */
export function landingDefaults(funnelId: string): LandingDefaults {
  if (funnelId === REPORT_FUNNEL_ID) {
    return {
      title: nameOf('/real-estate-marketing-report'),
      headline: reportLandingPage.heroTitle,
      copy: reportLandingPage.heroLead,
      ctaText: reportLandingPage.heroButton,
      hasForm: false,
    };
  }
  return {
    title: nameOf('/marketing-audit'),
    headline: marketingAuditPage.heroTitle,
    copy: marketingAuditPage.heroLead,
    ctaText: formDefinitions['inline-audit'].submitText,
    hasForm: true,
  };
}

/** The popup's variants: A shows the report picture with popup-image's texts, B popup-standard's. */
export const POPUP_VARIANT_FORMS = { A: 'popup-image', B: 'popup-standard' } as const;

/** A popup variant's default texts. */
export function popupVariantDefaults(variant: 'A' | 'B'): { title: string; subtitle: string; buttonText: string } {
  const form = formDefinitions[POPUP_VARIANT_FORMS[variant]];
  return { title: form.title, subtitle: form.subtitle, buttonText: form.submitText };
}

type ExtraField = 'firstName' | 'lastName' | 'phone';
type FieldMode = 'off' | 'optional' | 'required';

const EXTRA_FIELDS: Record<ExtraField, Omit<FormField, 'required' | 'order'>> = {
  firstName: { name: 'firstName', type: 'text', placeholder: 'First Name', maxLength: 100 },
  lastName: { name: 'lastName', type: 'text', placeholder: 'Last Name', maxLength: 100 },
  phone: { name: 'phone', type: 'tel', placeholder: 'Phone', maxLength: 50 },
};

/**
 * An audit form as a funnel shows it: its own fields, then the extra fields the funnel asks for
 * (optional or required), and its texts where the funnel sets them. The browser form and the
 * API check a submission against the same definition.
 */
export function funnelFormDefinition(
  base: FormDefinition,
  fields: Partial<Record<ExtraField, FieldMode>> | undefined,
  texts: { title?: string; subtitle?: string; submitText?: string } = {},
): FormDefinition {
  const last = Math.max(...base.fields.map((f) => f.order));
  const extra = (Object.keys(EXTRA_FIELDS) as ExtraField[])
    .filter((name) => (fields?.[name] ?? 'off') !== 'off' && !base.fields.some((f) => f.name === name))
    .map((name, i): FormField => ({ ...EXTRA_FIELDS[name], required: fields?.[name] === 'required', order: last + i + 1 }));
  return {
    ...base,
    title: texts.title || base.title,
    subtitle: texts.subtitle || base.subtitle,
    submitText: texts.submitText || base.submitText,
    fields: [...base.fields, ...extra],
  };
}

/** What a funnel's copy in the site config holds (structurally: content does not know the schemas). */
export interface FunnelCopySource {
  active: boolean;
  title: string;
  landingPage: { headline: string; subheadline: string; ctaText: string; fields: Partial<Record<ExtraField, FieldMode>> };
}

/** A landing page's texts as shown: the funnel's where it sets them, the page's own elsewhere. */
export interface LandingCopy extends LandingDefaults {
  /** False for an inactive funnel: its page is the generic audit page. */
  active: boolean;
  fields: Partial<Record<ExtraField, FieldMode>>;
}

/**
 * The landing page of `funnelId` as a visitor gets it. An inactive funnel (or one the config
 * does not know) shows the page's own texts; the page server rewrites the prerendered HTML with
 * the same function, so the browser's first render matches it.
 */
export function landingCopy(funnelId: string, funnel: FunnelCopySource | undefined): LandingCopy {
  const defaults = landingDefaults(funnelId);
  if (!funnel?.active) return { ...defaults, active: funnel?.active ?? true, fields: {} };
  const set = funnel.landingPage;
  return {
    title: funnel.title.trim() || defaults.title,
    headline: set.headline || defaults.headline,
    copy: set.subheadline || defaults.copy,
    ctaText: set.ctaText || defaults.ctaText,
    hasForm: defaults.hasForm,
    active: true,
    fields: defaults.hasForm ? set.fields : {},
  };
}
