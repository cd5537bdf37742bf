// Lead forms by form id and the rules every submission is checked with.
// The web forms and the API validate with the same functions, so a message the server
// sends back is the one the form would have shown.

/** A field of a lead form. */
export interface FormField {
  name: 'website' | 'businessName' | 'email' | 'name' | 'firstName' | 'lastName' | 'phone' | 'subject' | 'message';
  type: 'url' | 'text' | 'email' | 'tel' | 'textarea';
  /** The field's label, as the form shows it and as its messages name it. */
  placeholder: string;
  required: boolean;
  order: number;
  minLength?: number;
  maxLength?: number;
}

/** A lead form. */
export interface FormDefinition {
  id: FormId;
  title: string;
  subtitle: string;
  fields: FormField[];
  showWebsiteEnrichment: boolean;
  showConsentBoxes: boolean;
  submitText: string;
  /** The submission requests a free audit: the API creates the audit and answers its reportId. */
  requestsAudit: boolean;
}

/** What a submission is checked against: the fields (labels, required, limits) and whether consent is asked. */
export type FormRules = Pick<FormDefinition, 'fields' | 'showConsentBoxes'>;

/** The form ids the site and the API know. */
export const FORM_IDS = ['popup-image', 'popup-standard', 'inline-audit', 'contact-form'] as const;
export type FormId = (typeof FORM_IDS)[number];

/** Fields of the audit forms: website, business name, email, in that order, all required. */
const auditFields: FormField[] = [
  { name: 'website', type: 'url', placeholder: 'Website URL', required: true, order: 1, maxLength: 2048 },
  { name: 'businessName', type: 'text', placeholder: 'Your Business Name', required: true, order: 2, maxLength: 200 },
  { name: 'email', type: 'email', placeholder: 'Email Address', required: true, order: 3, maxLength: 254 },
];

/** Every lead form by id. */
export const formDefinitions: Readonly<Record<FormId, FormDefinition>> = {
  'popup-image': {
    id: 'popup-image',
    title: 'Get Your Free Marketing Audit',
    subtitle: 'Discover 3-5 untapped revenue sources in your marketing. Your report arrives within 24 hours.',
    fields: auditFields,
    showWebsiteEnrichment: true,
    showConsentBoxes: true,
    submitText: 'Get My Free Audit',
    requestsAudit: true,
  },
  'popup-standard': {
    id: 'popup-standard',
    title: 'Free 15-Point Marketing Audit',
    subtitle: 'See how your website and marketing compare with top agents in your market.',
    fields: auditFields,
    showWebsiteEnrichment: true,
    showConsentBoxes: true,
    submitText: 'Request My Audit',
    requestsAudit: true,
  },
  'inline-audit': {
    id: 'inline-audit',
    title: 'Get Your Free Marketing Audit',
    subtitle: 'Your Growth Opportunities Report arrives by email within 24 hours.',
    fields: auditFields,
    showWebsiteEnrichment: true,
    showConsentBoxes: true,
    submitText: 'Get My Free Audit',
    requestsAudit: true,
  },
  'contact-form': {
    id: 'contact-form',
    title: 'Get in Touch',
    subtitle: 'I reply within 24 hours.',
    fields: [
      { name: 'firstName', type: 'text', placeholder: 'First Name', required: true, order: 1, maxLength: 100 },
      { name: 'lastName', type: 'text', placeholder: 'Last Name', required: true, order: 2, maxLength: 100 },
      { name: 'email', type: 'email', placeholder: 'Email Address', required: true, order: 3, maxLength: 254 },
      { name: 'subject', type: 'text', placeholder: 'Subject', required: true, order: 4, maxLength: 200 },
      { name: 'message', type: 'textarea', placeholder: 'Message', required: true, order: 5, maxLength: 5000 },
    ],
    showWebsiteEnrichment: false,
    showConsentBoxes: false,
    submitText: 'Send Message',
    requestsAudit: false,
  },
};

/** True for a known form id. */
export function isFormId(value: unknown): value is FormId {
  return typeof value === 'string' && (FORM_IDS as readonly string[]).includes(value);
}

/**
 * Forms that request an audit get the audit success text and go to the report 1 s later. It is
 * the form's own flag, not an id containing "audit": that rule would leave the popups
 * (popup-image, popup-standard) on the page they were sent from (docs/product.md, Public site).
 */
export function isAuditVariant(formId: string): boolean {
  return isFormId(formId) ? formDefinitions[formId].requestsAudit : formId.includes('audit');
}

/** Consent texts of the audit forms; only the first box is required. */
export const consentTexts = {
  emailConsent: 'I agree to receive my audit report and related marketing insights by email.',
  communicationConsent: 'Send me occasional tips and updates (optional).',
} as const;

/** Validation messages, the same words in the browser and in the API's answers. */
export const validationMessages = {
  required: (placeholder: string) => `${placeholder} is required`,
  email: 'Please enter a valid email address',
  url: 'Please enter a valid website URL',
  consent: 'Consent is required to submit this form',
  tooShort: (placeholder: string, min: number) => `${placeholder} must be at least ${min} characters`,
  tooLong: (placeholder: string, max: number) => `${placeholder} must be at most ${max} characters`,
} as const;

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

/** A plausible e-mail address (the browser's check, a little stricter on the domain). */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** The address with https:// added when it has no scheme, before sending: people type bare domains. */
export function withScheme(value: string): string {
  const trimmed = value.trim();
  return /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * False when the URL parser made the host an IPv4 address the visitor did not write as one:
 * WHATWG URLs read `1.5` as 1.0.0.5, and `127.1`, `0x7f.1`, `0177.0.0.1` or `2130706433` as
 * 127.0.0.1. A number typed into the website field is a mistake, never a site to audit; an
 * address written out in full (`203.0.113.7`) is taken as written.
 */
export function hostAsWritten(value: string, url: URL): boolean {
  if (!DOTTED_QUAD.test(url.hostname)) return true;
  const afterScheme = value.trim().replace(/^[a-z][a-z\d+.-]*:\/\//i, '');
  const authority = afterScheme.split(/[/?#\\]/, 1)[0] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  return host === url.hostname;
}

/** The website as a URL when it parses as an http(s) address with a dotted host, else null. */
export function parseWebsite(value: string): URL | null {
  if (!value.trim() || /\s/.test(value.trim())) return null;
  try {
    const url = new URL(withScheme(value));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') || url.hostname.startsWith('.') || url.hostname.endsWith('.')) return null;
    if (!hostAsWritten(value, url)) return null;
    return url;
  } catch {
    return null;
  }
}

/** The enrichment cache key: no scheme, no leading www., no bare trailing slash, so the ways one
 *  site is written share one entry. */
export function normalizeWebsite(value: string): string {
  const url = parseWebsite(value);
  if (!url) return value.trim().toLowerCase();
  const host = url.host.toLowerCase().replace(/^www\./, '');
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${host}${path}${url.search}`;
}

/** The problem with one field's value, or null. */
export function fieldProblem(field: FormField, raw: string | undefined): string | null {
  const value = (raw ?? '').trim();
  if (!value) return field.required ? validationMessages.required(field.placeholder) : null;
  if (field.type === 'email' && !isValidEmail(value)) return validationMessages.email;
  if (field.type === 'url' && !parseWebsite(value)) return validationMessages.url;
  if (field.minLength !== undefined && value.length < field.minLength)
    return validationMessages.tooShort(field.placeholder, field.minLength);
  if (field.maxLength !== undefined && value.length > field.maxLength)
    return validationMessages.tooLong(field.placeholder, field.maxLength);
  return null;
}

/** The first problem with a submission to `definition`, or null when it may be sent. */
export function validateFormValues(
  definition: FormRules,
  values: Partial<Record<FormField['name'], string | undefined>>,
  consent: { emailConsent?: boolean } = {},
): { field: FormField['name'] | 'emailConsent'; message: string } | null {
  for (const field of [...definition.fields].sort((a, b) => a.order - b.order)) {
    const message = fieldProblem(field, values[field.name]);
    if (message) return { field: field.name, message };
  }
  if (definition.showConsentBoxes && consent.emailConsent !== true) return { field: 'emailConsent', message: validationMessages.consent };
  return null;
}

/** The contact popup (name, email, subject, message; subject optional). */
export const contactPopup = {
  title: 'Send a Message',
  fields: {
    name: 'Name',
    email: 'Email',
    subject: 'Subject',
    message: 'Message',
  },
  submitText: 'Send Message',
  sendingText: 'Sending...',
} as const;

/** The contact popup's rules, with its labels: name, e-mail and message required, subject optional. */
export const contactPopupForm: FormRules = {
  fields: [
    { name: 'name', type: 'text', placeholder: contactPopup.fields.name, required: true, order: 1, maxLength: 200 },
    { name: 'email', type: 'email', placeholder: contactPopup.fields.email, required: true, order: 2, maxLength: 254 },
    { name: 'subject', type: 'text', placeholder: contactPopup.fields.subject, required: false, order: 3, maxLength: 200 },
    { name: 'message', type: 'textarea', placeholder: contactPopup.fields.message, required: true, order: 4, maxLength: 5000 },
  ],
  showConsentBoxes: false,
};

/**
 * The inline audit form (Services, Experience): business name, e-mail and the website to audit,
 * all required, and the e-mail consent.
 */
export const marketingAuditForm: FormRules = {
  fields: [
    { name: 'businessName', type: 'text', placeholder: 'Business Name', required: true, order: 1, maxLength: 200 },
    { name: 'email', type: 'email', placeholder: 'Email Address', required: true, order: 2, maxLength: 254 },
    { name: 'website', type: 'url', placeholder: 'Website URL', required: true, order: 3, maxLength: 2048 },
  ],
  showConsentBoxes: true,
};

/** The label of `form`'s field `name` (the name itself for a field the form does not have). */
export function fieldLabel(form: FormRules, name: FormField['name']): string {
  return form.fields.find((f) => f.name === name)?.placeholder ?? name;
}

// Free-mail domains say nothing about the visitor's business website.
const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'cox.net',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'zoho.com',
  'yandex.com',
]);

/** A business e-mail's domain: the inline form's first suggestion for the website to audit. */
export function websiteFromEmail(email: string): string | null {
  const domain = email.split('@')[1]?.toLowerCase();
  return domain?.includes('.') && !FREE_MAIL.has(domain) ? domain : null;
}

/**
 * The forms as the owner knows them, by the id a lead stores. The free audit page's form is
 * stored as inline-audit and the inline audit forms (Services, Experience) as marketing-audit,
 * kept so for the leads already counted by those ids; an export names the form instead.
 */
const FORM_NAMES: Readonly<Record<string, string>> = {
  'popup-image': 'Audit popup (image)',
  'popup-standard': 'Audit popup',
  'inline-audit': 'Free audit page form',
  'marketing-audit': 'Inline audit form',
  'contact-form': 'Contact form',
};

/** The form a lead came from, in words; an id the site no longer has stays as it is. */
export function formName(formId: string): string {
  return FORM_NAMES[formId] ?? formId;
}

/** A lead's extra fields as the owner reads them. */
const LEAD_FIELD_LABELS: Readonly<Record<string, string>> = {
  subject: 'Subject',
  message: 'Message',
  variant: 'Form variant',
  abVariant: 'A/B variant',
  variantId: 'A/B variant form',
  campaignData: 'Campaign',
};

/** A lead's extra fields as one readable line, e.g. "A/B variant: B; Campaign: source=google, medium=cpc"; '' when none. */
export function readableLeadFields(fields: Record<string, unknown>): string {
  const text = (value: unknown): string =>
    value !== null && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => `${k}=${v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
          .join(', ')
      : String(value);
  return Object.entries(fields)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${LEAD_FIELD_LABELS[key] ?? key}: ${text(value)}`)
    .join('; ');
}
