// The `mail-send` job: e-mail the lead the link to their report, with the report as a PDF
// attachment and a tracking pixel; or tell the site's owner about a new lead or contact message. Delivery tries the HTTP mail API first, then SMTP; with
// neither configured the message is written to the file outbox ($DATA_DIR/outbox/*.eml).
// The audit row records emailSent (we tried), emailDelivered (a transport accepted it).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { Value } from '@sinclair/typebox/value';
import { personal } from '@curb/content';
import { pdfRenderPool } from '@curb/audit/pdf/render-pool';
import type { AuditReport } from '@curb/contracts/audit';
import type { Config } from '@curb/contracts/config';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import { MailSendJobSchema, type MailSendJob } from '@curb/contracts/mail';
import { auditMail, contactMessages, leads, type JobQueue, type Sql } from '@curb/db';

export type MailConfig = Pick<Config, 'MAIL_API_URL' | 'MAIL_API_KEY' | 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR' | 'PUBLIC_URL' | 'PORT'>;

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The visitor who wrote, so the owner can answer the notice directly. */
  replyTo?: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Transport {
  name: 'mail-api' | 'smtp' | 'outbox';
  /** Resolves when the transport accepted the message; throws with the reason otherwise. */
  send(mail: OutgoingMail): Promise<void>;
}

/** The transports to try, in order: mail API, SMTP, and the outbox only when neither is set. */
export function transportsFor(config: MailConfig): Transport[] {
  const list: Transport[] = [];
  if (config.MAIL_API_URL) list.push(mailApiTransport(config.MAIL_API_URL, config.MAIL_API_KEY));
  if (config.SMTP_URL) list.push(smtpTransport(config.SMTP_URL));
  if (!list.length) list.push(outboxTransport(resolve(config.DATA_DIR, 'outbox')));
  return list;
}

/**
 * A JSON mail API: POST {from, to, subject, text, html, attachments[{filename, content
 * (base64), contentType}]} with "Authorization: Bearer <MAIL_API_KEY>"; any 2xx is accepted.
 */
function mailApiTransport(url: string, key: string | undefined): Transport {
  return {
    name: 'mail-api',
    async send(mail) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({ ...mail, attachments: mail.attachments.map((a) => ({ ...a, content: a.content.toString('base64') })) }),
        signal: AbortSignal.timeout(20_000),
      });
      if (!res.ok) throw new Error(`mail API answered ${res.status} ${(await res.text().catch(() => '')).slice(0, 200)}`);
    },
  };
}

function smtpTransport(url: string): Transport {
  return {
    name: 'smtp',
    async send(mail) {
      const transporter = nodemailer.createTransport(url, {
        connectionTimeout: 15_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as object);
      try {
        const info = await transporter.sendMail(mail);
        if (!info.accepted.length) throw new Error(`SMTP server refused the recipient: ${String(info.rejected.join(', '))}`);
      } finally {
        transporter.close();
      }
    },
  };
}

/** Writes the raw message to the outbox, readable there; it is not delivered to anyone. */
function outboxTransport(dir: string): Transport {
  return {
    name: 'outbox',
    async send(mail) {
      const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(mail);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`), info.message as Buffer, { mode: 0o600 });
    },
  };
}

export function publicBase(config: MailConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function reportMail(config: MailConfig, to: string, report: AuditReport, openToken: string, pdf: Buffer): OutgoingMail {
  const base = publicBase(config);
  const link = `${base}/audit-report/${encodeURIComponent(report.id)}`;
  const pdfLink = `${base}/api/audit-report/${encodeURIComponent(report.id)}/pdf`;
  const pixel = `${base}/api/email/open/${openToken}`;
  const name = report.businessName;
  const top = report.recommendations.slice(0, 3).map((r) => r.title);
  const text = [
    `Your Growth Opportunities Report for ${name} is ready.`,
    '',
    `Overall score: ${report.scores.overall}/100 (grade ${report.grade}).`,
    ...(top.length ? ['', 'Top opportunities:', ...top.map((t) => `- ${t}`)] : []),
    '',
    `Open your report: ${link}`,
    `Download it as a PDF: ${pdfLink} (also attached)`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827">
<p style="color:#dc2626;font-size:12px;letter-spacing:1px">GROWTH OPPORTUNITIES REPORT</p>
<h1 style="font-size:22px">Your report for ${escapeHtml(name)} is ready</h1>
<p>Overall score: <strong>${report.scores.overall}/100</strong> (grade ${report.grade}).</p>
${top.length ? `<p>Top opportunities:</p><ul>${top.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(link)}" style="background:#dc2626;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Open your report</a></p>
<p>The report is attached as a PDF, and you can <a href="${escapeHtml(pdfLink)}">download it here</a>.</p>
<img src="${escapeHtml(pixel)}" width="1" height="1" alt="" style="display:block;border:0">
</body></html>`;
  return {
    from: config.MAIL_FROM,
    to,
    subject: `Your Growth Opportunities Report for ${name.replace(/[\r\n]+/g, ' ')}`,
    text,
    html,
    attachments: [{ filename: `growth-opportunities-report-${report.id}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}

export interface MailDeps {
  sql: Sql;
  jobs: JobQueue;
  config: MailConfig;
  log: FastifyBaseLogger;
  transports?: Transport[];
}

export type MailOutcome = 'delivered' | 'outbox' | 'skipped';

/** Tries the transports in order; the name of the one that accepted, or every failure. */
async function handOver(
  deps: MailDeps,
  mail: OutgoingMail,
  context: object,
): Promise<{ transport: Transport['name'] } | { errors: string[] }> {
  const errors: string[] = [];
  for (const transport of deps.transports ?? transportsFor(deps.config)) {
    try {
      await transport.send(mail);
      deps.log.info({ ...context, transport: transport.name }, 'e-mail handed over');
      return { transport: transport.name };
    } catch (err) {
      errors.push(`${transport.name}: ${(err as Error).message}`);
      deps.log.warn({ ...context, transport: transport.name, err: (err as Error).message }, 'mail transport failed');
    }
  }
  return { errors };
}

export async function runMailJob(deps: MailDeps, job: { id: string; data: unknown }): Promise<MailOutcome> {
  if (!Value.Check(MailSendJobSchema, job.data)) {
    deps.log.warn({ jobId: job.id }, 'mail-send job with invalid data dropped');
    return 'skipped';
  }
  const data: MailSendJob = job.data;
  if (data.kind === 'audit-report') return sendReport(deps, data.auditId);
  const mail = data.kind === 'lead-notification' ? await leadNotice(deps, data.leadId) : await contactNotice(deps, data.messageId);
  // Deleted since (retention, or by the owner): nothing left to tell.
  if (!mail) return 'skipped';
  const result = await handOver(deps, mail, { job: data.kind });
  // Thrown, pg-boss retries the job with backoff.
  if ('errors' in result) throw new Error(`no mail transport accepted the owner's notice (${result.errors.join('; ')})`);
  return result.transport === 'outbox' ? 'outbox' : 'delivered';
}

async function sendReport(deps: MailDeps, auditId: string): Promise<MailOutcome> {
  const { sql } = deps;
  const audit = await auditMail.findForMail(sql, auditId);
  if (!audit || audit.email_delivered || audit.status === 'failed') return 'skipped';
  if (audit.status !== 'done' || !audit.report) throw new Error('the report is not ready yet');

  const token = audit.open_token ?? randomBytes(16).toString('base64url');
  await auditMail.markSent(sql, auditId, token);
  const base = publicBase(deps.config);
  const pdf = await pdfRenderPool().render(audit.report, `${base}/audit-report/${encodeURIComponent(audit.report.id)}`);
  const mail = reportMail(deps.config, audit.email, audit.report, token, pdf);

  const result = await handOver(deps, mail, { auditId });
  if ('transport' in result) {
    // Accepted by a transport, the outbox included (the owner's chosen way to send): sent.
    await auditMail.markDelivered(sql, auditId, result.transport);
    return result.transport === 'outbox' ? 'outbox' : 'delivered';
  }
  const { errors } = result;
  await auditMail.recordFailure(sql, auditId, errors.join('; ').slice(0, 1000));
  throw new Error(`no mail transport accepted the report e-mail (${errors.join('; ')})`);
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
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
const multiLine = (s: string) => s.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');

/**
 * The owner's notice: what was submitted, as labelled plain text and the same lines escaped in
 * HTML (visitor text is never markup), with Reply-To set to the visitor.
 */
export function ownerNoticeMail(
  config: MailConfig,
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
        `<tr><th style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="white-space:pre-wrap;padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827">
<h1 style="font-size:18px">${escapeHtml(subject)}</h1>
<table>${rows}</table>
</body></html>`;
  return { from: config.MAIL_FROM, to: personal.email, subject: headerText(subject), text, html, replyTo, attachments: [] };
}

const fieldText = (v: unknown) => (v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v));

async function leadNotice(deps: MailDeps, leadId: string): Promise<OutgoingMail | null> {
  const lead = await leads.findForNotice(deps.sql, leadId);
  if (!lead) return null;
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(' ');
  const { phone, subject, message, ...rest } = lead.fields;
  const report = lead.report_id ? `${publicBase(deps.config)}/audit-report/${encodeURIComponent(lead.report_id)}` : null;
  return ownerNoticeMail(deps.config, `New lead: ${lead.business_name ?? lead.email} (${lead.form_id})`, lead.email, [
    ['Form', lead.form_id],
    ['Source', lead.source],
    ['Business', lead.business_name],
    ['Name', name],
    ['Email', lead.email],
    ['Phone', fieldText(phone)],
    ['Website', lead.website],
    ['Subject', fieldText(subject)],
    ['Message', fieldText(message)],
    ...Object.entries(rest).map(([key, value]): [string, string | null] => [key, fieldText(value)]),
    ['Audit report', report],
    ['Received', lead.created_at.toISOString()],
  ]);
}

async function contactNotice(deps: MailDeps, messageId: string): Promise<OutgoingMail | null> {
  const msg = await contactMessages.find(deps.sql, messageId);
  if (!msg) return null;
  return ownerNoticeMail(deps.config, `New message from ${msg.name}${msg.subject ? `: ${msg.subject}` : ''}`, msg.email, [
    ['Name', msg.name],
    ['Email', msg.email],
    ['Subject', msg.subject],
    ['Message', msg.message],
    ['Source', msg.source],
    ['Received', msg.created_at.toISOString()],
  ]);
}

/** Registers the mail-send handler on the worker's queue. */
export async function workMailSends(deps: MailDeps): Promise<void> {
  await deps.jobs.updateQueue(JOB_QUEUES.mailSend, {
    name: JOB_QUEUES.mailSend,
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  let workerId: string | undefined = undefined;
  workerId = await deps.jobs.work(JOB_QUEUES.mailSend, { batchSize: 1 }, async ([job]) => {
    if (!job) return;
    await runMailJob(deps, job);
    // As for audits: no polling pause between mails while more are waiting.
    if (workerId) deps.jobs.notifyWorker(workerId);
  });
}
