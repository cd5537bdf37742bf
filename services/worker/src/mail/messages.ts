// The e-mails the product sends, as text and HTML: the lead's report e-mail and the owner's
// notices. Everything from a visitor is escaped in HTML and kept to one line in headers. The
// owner's profile names the sender, the signature and where replies and notices go.
import type { AuditReport } from '@curb/contracts/audit';
import { signatureLines, type MailOwner } from './owner.ts';
import type { MailConfig, OutgoingMail } from './transports.ts';

export function publicBase(config: MailConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function reportMail(
  config: MailConfig,
  owner: MailOwner,
  to: string,
  report: AuditReport,
  openToken: string,
  pdf: Buffer,
): OutgoingMail {
  const base = publicBase(config);
  const link = `${base}/audit-report/${encodeURIComponent(report.id)}`;
  const pdfLink = `${base}/api/audit-report/${encodeURIComponent(report.id)}/pdf`;
  const pixel = `${base}/api/email/open/${openToken}`;
  const name = report.businessName;
  const top = report.recommendations.slice(0, 3).map((r) => r.title);
  const signature = signatureLines(owner);
  // What the audit could not measure, said where the score is, as on the page and the PDF.
  const unmeasured = report.notMeasured?.summary;
  const text = [
    `Your Growth Opportunities Report for ${name} is ready.`,
    '',
    `Overall score: ${report.scores.overall}/100 (grade ${report.grade}).`,
    ...(unmeasured ? [unmeasured] : []),
    ...(top.length ? ['', 'Top opportunities:', ...top.map((t) => `- ${t}`)] : []),
    '',
    `Open your report: ${link}`,
    `Download it as a PDF: ${pdfLink} (also attached)`,
    '',
    ...signature,
  ].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827">
<p style="color:${owner.brandColour};font-size:12px;letter-spacing:1px">GROWTH OPPORTUNITIES REPORT</p>
<h1 style="font-size:22px">Your report for ${escapeHtml(name)} is ready</h1>
<p>Overall score: <strong>${report.scores.overall}/100</strong> (grade ${report.grade}).</p>
${unmeasured ? `<p>${escapeHtml(unmeasured)}</p>` : ''}
${top.length ? `<p>Top opportunities:</p><ul>${top.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(link)}" ` +
    `style="background:${owner.brandColour};color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Open your report</a></p>
<p>The report is attached as a PDF, and you can <a href="${escapeHtml(pdfLink)}">download it here</a>.</p>
<p>${signature.map(escapeHtml).join('<br>')}</p>
<img src="${escapeHtml(pixel)}" width="1" height="1" alt="" style="display:block;border:0">
</body></html>`;
  return {
    from: owner.from,
    replyTo: owner.email,
    to,
    subject: `Your Growth Opportunities Report for ${name.replace(/[\r\n]+/g, ' ')}`,
    text,
    html,
    attachments: [{ filename: `growth-opportunities-report-${report.id}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}

/** Header values come from visitors: one line, bounded. */
const headerText = (s: string) =>
  s
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, 120);
// Visitor text in the plain-text notice: a name with a line break or a terminal escape could
// otherwise forge a line ("Website: …") or recolour the owner's terminal. Only a message
// keeps its line breaks.
export const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
const multiLine = (s: string) => s.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');

/**
 * The owner's notice, to the profile's e-mail: what was submitted, as labelled plain text and the same lines escaped in
 * HTML (visitor text is never markup), with Reply-To set to the visitor.
 */
export function ownerNoticeMail(
  owner: MailOwner,
  subject: string,
  replyTo: string,
  lines: Array<[string, string | null | undefined]>,
): OutgoingMail {
  const filled = lines
    .filter((l): l is [string, string] => typeof l[1] === 'string' && l[1] !== '')
    .map(([label, value]): [string, string] => [label, label === 'Message' ? multiLine(value) : oneLine(value)]);
  const text = filled.map(([label, value]) => `${label}: ${value}`).join('\n');
  const rows = filled
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="white-space:pre-wrap;padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827">
<h1 style="font-size:18px">${escapeHtml(subject)}</h1>
<table>${rows}</table>
</body></html>`;
  return { from: owner.from, to: owner.email, subject: headerText(subject), text, html, replyTo, attachments: [] };
}
