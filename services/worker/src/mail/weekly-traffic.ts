// The owner's weekly Traffic e-mail: the week's figures against the week before and the new
// leads. Lead names and sources came from visitors: escaped in HTML, one line in text.
import type { MailConfig, OutgoingMail } from './transports.ts';
import { escapeHtml, oneLine, publicBase } from './messages.ts';

export interface WeekFigures {
  /** The week's first and last day (YYYY-MM-DD, owner's time zone). */
  monday: string;
  sunday: string;
  figures: Array<{ label: string; now: number; before: number }>;
  newLeads: Array<{ name: string; email: string; source: string; createdAt: string }>;
}

const count = (n: number) => n.toLocaleString('en-US');

/** "+12 %", "−5 %", "new" (from nothing), "no change". */
export function changeText(now: number, before: number): string {
  if (now === before) return 'no change';
  if (before === 0) return 'new';
  const pct = Math.round(((now - before) / before) * 100);
  return pct === 0 ? 'about the same' : `${pct > 0 ? '+' : '−'}${Math.abs(pct)} %`;
}

export function weeklyTrafficMailMessage(config: MailConfig, to: string, week: WeekFigures): OutgoingMail {
  const visitors = week.figures.find((f) => f.label === 'Visitors');
  const [now, before] = [visitors?.now ?? 0, visitors?.before ?? 0];
  const subject = `Your week ${week.monday} to ${week.sunday}: ${count(now)} visitors (${changeText(now, before)})`;
  const traffic = `${publicBase(config)}/admin/traffic?period=custom&from=${week.monday}&to=${week.sunday}`;
  const lines = week.figures.map((f) => `${f.label}: ${count(f.now)} (week before: ${count(f.before)}, ${changeText(f.now, f.before)})`);
  const leads = week.newLeads.map((l) => `- ${oneLine(l.name)} <${oneLine(l.email)}>, ${oneLine(l.source)}, ${l.createdAt.slice(0, 10)}`);
  const text = [
    `Your site from ${week.monday} to ${week.sunday}, against the week before:`,
    '',
    ...lines,
    '',
    week.newLeads.length ? 'New leads:' : 'No new leads this week.',
    ...leads,
    '',
    `Open the Traffic page: ${traffic}`,
    'You get this e-mail because the weekly e-mail is on in Settings; turn it off there.',
  ].join('\n');
  const cell = 'padding:4px 12px 4px 0;text-align:left';
  const figureRows = week.figures
    .map(
      (f) =>
        `<tr><th style="${cell}">${escapeHtml(f.label)}</th><td style="${cell}">${count(f.now)}</td>` +
        `<td style="${cell}">${count(f.before)}</td><td style="${cell}">${escapeHtml(changeText(f.now, f.before))}</td></tr>`,
    )
    .join('\n');
  const leadRows = week.newLeads
    .map(
      (l) =>
        `<tr><td style="${cell}">${escapeHtml(oneLine(l.name))}</td><td style="${cell}">${escapeHtml(oneLine(l.email))}</td>` +
        `<td style="${cell}">${escapeHtml(oneLine(l.source))}</td><td style="${cell}">${l.createdAt.slice(0, 10)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827">
<h1 style="font-size:18px">Your site from ${week.monday} to ${week.sunday}</h1>
<table><tr>${['', 'This week', 'Week before', 'Change'].map((h) => `<th style="${cell}">${h}</th>`).join('')}</tr>
${figureRows}</table>
<h2 style="font-size:16px">${week.newLeads.length ? 'New leads' : 'No new leads this week'}</h2>
${week.newLeads.length ? `<table>${leadRows}</table>` : ''}
<p><a href="${escapeHtml(traffic)}">Open the Traffic page</a></p>
<p style="color:#6b7280;font-size:12px">You get this e-mail because the weekly e-mail is on in Settings; turn it off there.</p>
</body></html>`;
  return { from: config.MAIL_FROM, to, subject, text, html, attachments: [] };
}
