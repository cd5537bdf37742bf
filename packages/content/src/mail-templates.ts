// The e-mails a funnel sends its leads, as the owner can rewrite them in the funnel manager's
// Email Templates tab: the confirmation right after the request, the notification
// with the report link, and the follow-up some days later. An empty subject or body in a
// funnel means these texts. `{{name}}` placeholders are filled in per lead; the api refuses a
// template with a placeholder its e-mail does not know.
export type MailTemplateType = 'confirmation' | 'notification' | 'follow-up';

export interface MailTemplateDefault {
  type: MailTemplateType;
  name: string;
  description: string;
  subject: string;
  body: string;
}

export const mailTemplateDefaults: Readonly<Record<MailTemplateType, MailTemplateDefault>> = {
  confirmation: {
    type: 'confirmation',
    name: 'Confirmation',
    description: 'Thanks the lead right after the form is sent (off until you switch it on).',
    subject: 'We received your audit request',
    body:
      'Hi {{firstName}},\n\nThank you for requesting a free marketing audit of {{website}}. We are analysing it now, and your ' +
      'Growth Opportunities Report will arrive by e-mail within 24 hours.\n\n{{ownerName}}',
  },
  notification: {
    type: 'notification',
    name: 'Audit report',
    description: 'Sends the link to the finished report, with the report attached as a PDF.',
    subject: 'Your Growth Opportunities Report for {{businessName}}',
    body:
      'Your Growth Opportunities Report for {{businessName}} is ready.\n\nOverall score: {{score}}/100.\n\n' +
      'Open your report: {{reportUrl}}',
  },
  'follow-up': {
    type: 'follow-up',
    name: 'Follow-up',
    description: 'Sent some days after the report when the lead has not come back (Process Builder).',
    subject: 'Questions about your marketing audit?',
    body:
      'Hi {{firstName}},\n\nA few days ago I sent you the Growth Opportunities Report for {{businessName}}. If you would like ' +
      'help putting its recommendations to work, reply to this e-mail and we can book a free 30-minute strategy call.\n\n' +
      'Your report: {{reportUrl}}\n\n{{ownerName}}',
  },
};

/** The text with each `{{name}}` replaced by its value ('' for one without). */
export function fillTemplate(text: string, values: Readonly<Record<string, string | null | undefined>>): string {
  return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** Sample values for the preview and the owner's test e-mail. */
export const sampleTemplateValues = (publicBase: string): Record<string, string> => ({
  firstName: 'Jordan',
  businessName: 'Sample Realty Team',
  email: 'jordan@samplerealtyteam.example',
  website: 'https://samplerealtyteam.example',
  reportUrl: `${publicBase}/audit-report/sample-report`,
  score: '72',
});

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** A visitor's value in a mail: one line, no control characters, bounded. */
const cleanValue = (v: string | null | undefined) =>
  (v ?? '')
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .trim()
    .slice(0, 300);
/** Escaped text with its web addresses as links in `colour` (an address ends at a held value's mark). */
const linked = (s: string, colour: string) =>
  escapeHtml(s).replace(/https?:\/\/[^\s<>"'\u0000]+/g, (url) => `<a href="${url}" style="color:${escapeHtml(colour)}">${url}</a>`);

/** Values the product makes (never typed by a visitor): the only ones whose addresses become links. */
const PRODUCT_VALUES = new Set(['reportUrl', 'score']);
/** Marks a visitor's value in the HTML body until the owner's text is linked (cleanValue drops NULs, so none is forged). */
const HELD = /\u0000(\d+)\u0000/g;

/**
 * The body as HTML paragraphs: the owner's text with its web addresses linked, the visitor's
 * values escaped and never linked (a business name "Verify at https://evil.example" mailed to an
 * unverified address must not become a link from the owner).
 */
function htmlParagraphs(template: string, values: Readonly<Record<string, string>>, colour: string): string {
  const held: string[] = [];
  const marked = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, PRODUCT_VALUES.has(name) ? value : `\u0000${held.push(value) - 1}\u0000`]),
  );
  return fillTemplate(template, marked)
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .map(
      (p) =>
        `<p>${p
          .split('\n')
          .map((line) => linked(line, colour).replace(HELD, (_, i: string) => escapeHtml(held[Number(i)] ?? '')))
          .join('<br>')}</p>`,
    )
    .join('\n');
}

/**
 * A funnel's e-mail to a lead: the template's subject and body (the defaults where empty) with
 * the lead's values filled in, as text and as HTML (values escaped, the owner's addresses linked), ending
 * with the lines given and a one-click unsubscribe link.
 */
export function composeTemplateMail(input: {
  type: MailTemplateType;
  subject: string;
  body: string;
  values: Readonly<Record<string, string | null | undefined>>;
  unsubscribeUrl: string;
  /** Lines after the body (the report's PDF link). */
  footer?: string[];
  /** The open-tracking pixel. */
  pixelUrl?: string;
  /** The owner's name: the `{{ownerName}}` signature and the unsubscribe line. */
  ownerName: string;
  /** The owner's brand colour (#rrggbb), the colour of the mail's links. */
  linkColour: string;
}): ComposedMail {
  const defaults = mailTemplateDefaults[input.type];
  const values = Object.fromEntries(Object.entries(input.values).map(([k, v]) => [k, cleanValue(v)]));
  if (!values.firstName) values.firstName = 'there';
  values.ownerName = cleanValue(input.ownerName);
  const subject = cleanValue(fillTemplate(input.subject || defaults.subject, values)).slice(0, 200);
  const body = fillTemplate(input.body || defaults.body, values)
    .replace(/\r\n?/g, '\n')
    .trim();
  const footer = input.footer ?? [];
  const unsubscribe = `No more e-mails from ${values.ownerName}: ${input.unsubscribeUrl}`;
  const text = [body, ...(footer.length ? ['', ...footer] : []), '', '—', unsubscribe].join('\n');
  const paragraphs = htmlParagraphs(input.body || defaults.body, values, input.linkColour);
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827">
${paragraphs}
${footer.map((line) => `<p>${linked(line, input.linkColour)}</p>`).join('\n')}
${input.pixelUrl ? `<img src="${escapeHtml(input.pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0">` : ''}
<p style="font-size:12px;color:#6b7280">No more e-mails from ${escapeHtml(values.ownerName)}?
<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a> with one click.</p>
</body></html>`;
  return { subject, text, html };
}
