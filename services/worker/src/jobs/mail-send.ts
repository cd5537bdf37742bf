// The `mail-send` job: e-mail the lead the link to their report, with the report as a PDF
// attachment and a tracking pixel; or tell the site's owner about a new lead or contact
// message. The messages are in ../mail/messages.ts, the transports in ../mail/transports.ts.
// The audit row records email_sent (we tried), email_delivered (a transport accepted it) and
// which transport; the admin counts a mail as sent only when the mail API or SMTP took it.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Value } from '@sinclair/typebox/value';
import { pdfRenderPool } from '@curb/audit/pdf/render-pool';
import { ownerHeadshot, reportSender, type ReportSender } from '@curb/audit/pdf/sender';
import { sampleProfile } from '@curb/content';
import type { OwnerProfile } from '@curb/contracts/owner-content';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import { MailSendJobSchema, type MailSendJob } from '@curb/contracts/mail';
import { settingsObject } from '@curb/contracts/settings-values';
import type { SettingCategory, SettingsOf } from '@curb/contracts/settings';
import { auditMail, contactMessages, leads, ownerContent, settings, type JobQueue, type Sql } from '@curb/db';
import { ownerNoticeMail, publicBase, reportMail } from '../mail/messages.ts';
import { mailOwner, type MailOwner } from '../mail/owner.ts';
import { reportMailPlan, runFunnelMail, type MailOutcome } from './funnel-mail.ts';
import { runWithStoreRetry } from './store-retry.ts';
import {
  MailRefusedError,
  notAccepted,
  transportsFor,
  type HandOverFailure,
  type MailConfig,
  type OutgoingMail,
  type Transport,
} from '../mail/transports.ts';

export { transportsFor };

export interface MailDeps {
  sql: Sql;
  jobs: JobQueue;
  config: MailConfig;
  log: FastifyBaseLogger;
  transports?: Transport[];
}

export type { MailOutcome };

/** Tries the transports in order; the name of the one that accepted, or every failure. */
export async function handOver(
  deps: Pick<MailDeps, 'config' | 'log' | 'transports'>,
  mail: OutgoingMail,
  context: object,
): Promise<{ transport: Transport['name'] } | HandOverFailure> {
  const errors: string[] = [];
  const causes: unknown[] = [];
  for (const transport of deps.transports ?? transportsFor(deps.config)) {
    try {
      await transport.send(mail);
      deps.log.info({ ...context, transport: transport.name }, 'e-mail handed over');
      return { transport: transport.name };
    } catch (err) {
      // The recipient's server said no for good: another transport would hear the same.
      if (err instanceof MailRefusedError) return { errors, causes, refused: { transport: transport.name, reply: err.message } };
      errors.push(`${transport.name}: ${(err as Error).message}`);
      causes.push(err);
      deps.log.warn({ ...context, transport: transport.name, err: (err as Error).message }, 'mail transport failed');
    }
  }
  return { errors, causes };
}

export async function runMailJob(deps: MailDeps, job: { id: string; data: unknown }): Promise<MailOutcome> {
  if (!Value.Check(MailSendJobSchema, job.data)) {
    deps.log.warn({ jobId: job.id }, 'mail-send job with invalid data dropped');
    return 'skipped';
  }
  const data: MailSendJob = job.data;
  const owner = await mailOwner(deps.sql, deps.config);
  if (data.kind === 'audit-report') return sendReport(deps, owner, data.auditId);
  // The funnels' e-mails to their leads and the owner's template test.
  if (data.kind === 'lead-confirmation' || data.kind === 'follow-up' || data.kind === 'template-test') {
    return runFunnelMail(deps, owner, data, handOver);
  }
  const mail =
    data.kind === 'lead-notification' ? await leadNotice(deps, owner, data.leadId) : await contactNotice(deps, owner, data.messageId);
  // Deleted since (retention, or by the owner): nothing left to tell.
  if (!mail) return 'skipped';
  const result = await handOver(deps, mail, { job: data.kind });
  if ('errors' in result && result.refused) return 'refused';
  // Thrown, pg-boss retries the job with backoff.
  if ('errors' in result) throw notAccepted("owner's notice", result);
  return result.transport === 'outbox' ? 'outbox' : 'delivered';
}

/**
 * The owner the report's PDF names on its cover and last page: the owner's profile with their
 * settings (booking link, public address, site title, time zone). When the settings cannot be read, the
 * profile's own details go out rather than no report.
 */
async function senderOf(sql: Sql, config: MailConfig, publicUrl: string): Promise<ReportSender> {
  const stored = await ownerContent.find(sql, 'profile');
  const profile = (stored?.doc as OwnerProfile | undefined) ?? sampleProfile();
  const category = <C extends SettingCategory>(name: C) =>
    settings.readCategory(sql, name).then(
      (list) => settingsObject<C>(list),
      (): SettingsOf<C> => ({}),
    );
  const [seo, contact, traffic, headshot] = await Promise.all([
    category('seo'),
    category('contact'),
    category('traffic'),
    ownerHeadshot(config.DATA_DIR, profile.photo),
  ]);
  return reportSender({ seo, contact, traffic, profile, publicUrl, ...(headshot ? { headshot } : {}) });
}

async function sendReport(deps: MailDeps, owner: MailOwner, auditId: string): Promise<MailOutcome> {
  const { sql } = deps;
  const audit = await auditMail.findForMail(sql, auditId);
  if (!audit || audit.email_delivered || audit.status === 'failed') return 'skipped';
  if (audit.status !== 'done' || !audit.report) throw new Error('the report is not ready yet');
  // The lead's funnel may have e-mail delivery off, or the lead unsubscribed.
  const plan = await reportMailPlan(deps, owner, auditId);
  if (plan.skip) {
    await auditMail.recordFailure(sql, auditId, plan.skip);
    return 'skipped';
  }

  const token = audit.open_token ?? randomBytes(16).toString('base64url');
  await auditMail.markSent(sql, auditId, token);
  const base = publicBase(deps.config);
  const pdf = await pdfRenderPool().render(
    audit.report,
    `${base}/audit-report/${encodeURIComponent(audit.report.id)}`,
    await senderOf(sql, deps.config, base),
  );
  const reportUrl = `${base}/audit-report/${encodeURIComponent(audit.report.id)}`;
  const mail = plan.adapt(reportMail(deps.config, owner, audit.email, audit.report, token, pdf), {
    reportUrl,
    pdfUrl: `${base}/api/audit-report/${encodeURIComponent(audit.report.id)}/pdf`,
    pixelUrl: `${base}/api/email/open/${token}`,
    score: audit.report.scores.overall,
  });

  const result = await handOver(deps, mail, { auditId });
  if ('transport' in result) {
    // Accepted by a transport, the outbox included, so the job does not write it again; with the
    // transport recorded the admin shows an outbox mail as not sent (auditMail.ownerFlags).
    await auditMail.markDelivered(sql, auditId, result.transport);
    await plan.delivered();
    return result.transport === 'outbox' ? 'outbox' : 'delivered';
  }
  const { errors, refused } = result;
  if (refused) {
    await auditMail.markRefused(sql, auditId, refused.transport, refused.reply.slice(0, 1000));
    deps.log.warn({ auditId }, "report e-mail refused by the recipient's server");
    return 'refused';
  }
  await auditMail.recordFailure(sql, auditId, errors.join('; ').slice(0, 1000));
  throw notAccepted('report e-mail', result);
}

const fieldText = (v: unknown) => (v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v));

async function leadNotice(deps: MailDeps, owner: MailOwner, leadId: string): Promise<OutgoingMail | null> {
  const lead = await leads.findForNotice(deps.sql, leadId);
  if (!lead) return null;
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(' ');
  const { phone, subject, message, ...rest } = lead.fields;
  const report = lead.report_id ? `${publicBase(deps.config)}/audit-report/${encodeURIComponent(lead.report_id)}` : null;
  return ownerNoticeMail(owner, `New lead: ${lead.business_name ?? lead.email} (${lead.form_id})`, lead.email, [
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

async function contactNotice(deps: MailDeps, owner: MailOwner, messageId: string): Promise<OutgoingMail | null> {
  const msg = await contactMessages.find(deps.sql, messageId);
  if (!msg) return null;
  return ownerNoticeMail(owner, `New message from ${msg.name}${msg.subject ? `: ${msg.subject}` : ''}`, msg.email, [
    ['Name', msg.name],
    ['Email', msg.email],
    ['Subject', msg.subject],
    ['Message', msg.message],
    ['Source', msg.source],
    ['Received', msg.created_at.toISOString()],
  ]);
}

/** How long a mail job may run (a PDF render and the transports' timeouts fit well inside). */
const MAIL_EXPIRE_SECONDS = 120;

/** Registers the mail-send handler on the worker's queue. */
export async function workMailSends(deps: MailDeps): Promise<void> {
  await deps.jobs.updateQueue(JOB_QUEUES.mailSend, {
    name: JOB_QUEUES.mailSend,
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: MAIL_EXPIRE_SECONDS,
  });
  let workerId: string | undefined;
  workerId = await deps.jobs.work(JOB_QUEUES.mailSend, { batchSize: 1 }, async ([job]) => {
    if (!job) return;
    // A full disk (the outbox) or a PostgreSQL restart holds the mail seconds, not minutes.
    await runWithStoreRetry(deps.jobs, JOB_QUEUES.mailSend, job, () => runMailJob(deps, job), {
      expireInSeconds: MAIL_EXPIRE_SECONDS,
      log: deps.log,
    });
    // As for audits: no polling pause between mails while more are waiting.
    if (workerId) deps.jobs.notifyWorker(workerId);
  });
}
