// The public forms' rules that a schema cannot say, in one place: which fields each form
// requires and how each is checked (the form's definition in @curb/content, labels and all,
// the same the page checks with), which contact form a message came from, and names without
// HTML. A refusal is the form's own words, sent with the field the form shows it at.
import { contactPopupForm, formDefinitions, marketingAuditForm, validateFormValues, type FormField, type FormRules } from '@curb/content';
import { LEAD_MESSAGES, type ContactBody } from '@curb/contracts/leads';
import { HttpError } from '@curb/runtime';

type FormValues = Partial<Record<FormField['name'], string | undefined>>;

// A tag-like sequence: "<b", "</", "<!", "<?". Text such as "Smith & Sons <3" is fine.
const TAG_PATTERN = /<\s*[a-z!/?]/i;

/**
 * Refuses what `form` does not allow (the first problem, at its field), then names that carry
 * HTML tags.
 */
export function checkForm(form: FormRules, values: FormValues & { emailConsent?: boolean }, names: Array<FormField['name']>): void {
  const invalid = validateFormValues(form, values, { emailConsent: values.emailConsent });
  if (invalid) throw new HttpError(400, invalid.message, { field: invalid.field });
  const html = names.find((name) => TAG_PATTERN.test(values[name] ?? ''));
  if (html) throw new HttpError(400, LEAD_MESSAGES.htmlInName, { field: html });
}

/** The contact form a message came from: the popup sends `name`, the page first and last name. */
export function contactFormOf(body: ContactBody): FormRules {
  if (body.name === undefined) return formDefinitions['contact-form'];
  if (body.firstName !== undefined || body.lastName !== undefined) throw new HttpError(400, LEAD_MESSAGES.contactShape);
  return contactPopupForm;
}

/**
 * Whatever the lead form shows, an e-mail is required, and a website it does not show may
 * still be sent: it must be an address.
 */
export const LEAD_ALWAYS: FormRules = {
  fields: marketingAuditForm.fields
    .filter((f) => f.name === 'email' || f.name === 'website')
    .map((f) => ({ ...f, required: f.name === 'email' })),
  showConsentBoxes: false,
};

/** Trims every string value of a flat record; absent and blank values become undefined. */
export function trimmed<T extends Record<string, unknown>>(body: T): { [K in keyof T]: T[K] } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') {
      const t = value.trim();
      out[key] = t === '' ? undefined : t;
    } else out[key] = value;
  }
  return out as T;
}
