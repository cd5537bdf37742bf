// The funnels' e-mails to their leads: the confirmation, the report e-mail as the
// funnel words it (or not at all when its e-mail delivery is off), the follow-up some days after
// the report, and the owner's test of a template. Every e-mail to a lead carries a one-click
// unsubscribe link (and the List-Unsubscribe headers); an unsubscribed lead gets none.
import { composeTemplateMail, sampleTemplateValues, type MailTemplateType } from '@curb/content';
import { completeConfig, type FunnelConfig } from '@curb/contracts/funnel-config';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import type { MailSendJob, MailTransportName } from '@curb/contracts/mail';
import type { FastifyBaseLogger } from 'fastify';
import { leadMail, type JobQueue, type Sql } from '@curb/db';
import { escapeHtml, publicBase } from '../mail/messages.ts';
import type { MailOwner } from '../mail/owner.ts';
import { notAccepted, type HandOverFailure, type MailConfig, type OutgoingMail, type Transport } from '../mail/transports.ts';

/** What the mail-send job gives these e-mails (its MailDeps). */
export interface MailDeps {
  sql: Sql;
  jobs: JobQueue;
  config: MailConfig;
  log: FastifyBaseLogger;
  transports?: Transport[];
}
export type MailOutcome = 'delivered' | 'outbox' | 'refused' | 'skipped';

const DAY_MS = 86_400_000;

export type HandOver = (deps: MailDeps, mail: OutgoingMail, context: object) => Promise<{ transport: MailTransportName } | HandOverFailure>;

export interface FunnelMailDeps extends MailDeps {
  /** The clock the follow-up's due time is read on (tests move it). */
  now?: () => number;
}

const unsubscribeUrl = (deps: MailDeps, token: string) => `${publicBase(deps.config)}/api/unsubscribe/${encodeURIComponent(token)}`;

/** RFC 8058: mail clients offer their own one-click unsubscribe button. */
const unsubscribeHeaders = (url: string) => ({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

const configOf = (row: { funnel_id: string | null; funnel_config: unknown }): FunnelConfig | null =>
  row.funnel_id ? completeConfig(row.funnel_config) : null;

const leadValues = (row: leadMail.LeadMailRow) => ({
  firstName: row.first_name,
  businessName: row.business_name ?? row.email,
  email: row.email,
  website: row.website,
});

async function send(deps: MailDeps, handOver: HandOver, mail: OutgoingMail, context: object, what: string): Promise<MailOutcome> {
  const result = await handOver(deps, mail, context);
  // The recipient's server refused it for good: a retry would be refused again.
  if ('errors' in result && result.refused) return 'refused';
  // Thrown, pg-boss retries the job with backoff.
  if ('errors' in result) throw notAccepted(what, result);
  return result.transport === 'outbox' ? 'outbox' : 'delivered';
}

function templateMail(
  deps: MailDeps,
  owner: MailOwner,
  to: string,
  type: MailTemplateType,
  template: { subject: string; body: string },
  values: Record<string, string | null>,
  token: string | null,
): OutgoingMail {
  const url = token ? unsubscribeUrl(deps, token) : `${publicBase(deps.config)}/api/unsubscribe/test`;
  const composed = composeTemplateMail({
    type,
    subject: template.subject,
    body: template.body,
    values,
    unsubscribeUrl: url,
    ownerName: owner.name,
    linkColour: owner.brandColour,
  });
  return { from: owner.from, replyTo: owner.email, to, ...composed, headers: unsubscribeHeaders(url), attachments: [] };
}

/** The job kinds of the funnels' e-mails. */
export async function runFunnelMail(deps: FunnelMailDeps, owner: MailOwner, data: MailSendJob, handOver: HandOver): Promise<MailOutcome> {
  if (data.kind === 'lead-confirmation') {
    const row = await leadMail.forLead(deps.sql, data.leadId);
    const config = row && configOf(row);
    if (!row || !config?.emailTemplates.confirmation.enabled || row.unsubscribed_at) return 'skipped';
    const mail = templateMail(
      deps,
      owner,
      row.email,
      'confirmation',
      config.emailTemplates.confirmation,
      leadValues(row),
      row.unsubscribe_token,
    );
    return send(deps, handOver, mail, { job: data.kind, leadId: data.leadId }, 'confirmation');
  }
  if (data.kind === 'follow-up') return sendFollowUp(deps, owner, data.auditId, handOver);
  if (data.kind === 'template-test') {
    const values = sampleTemplateValues(publicBase(deps.config));
    const mail = templateMail(deps, owner, data.to, data.type, { subject: data.subject, body: data.body }, values, null);
    return send(deps, handOver, { ...mail, subject: `[Test] ${mail.subject}` }, { job: data.kind }, 'test e-mail');
  }
  return 'skipped';
}

/**
 * The follow-up: due its days after the report e-mail, unless the sequence was switched off
 * since, the lead unsubscribed, came back to the report, or wrote or asked again. Claimed on the
 * audit first, so it goes out at most once however often the job runs.
 */
export async function sendFollowUp(deps: FunnelMailDeps, owner: MailOwner, auditId: string, handOver: HandOver): Promise<MailOutcome> {
  const row = await leadMail.forAudit(deps.sql, auditId);
  const config = row && configOf(row);
  if (!row || !config?.process.followUpSequence || !row.email_delivered || !row.email_sent_at) return 'skipped';
  if (row.unsubscribed_at || row.report_converted_at || row.came_back || row.follow_up_sent_at) return 'skipped';
  const due = row.email_sent_at.getTime() + config.process.followUpDays * DAY_MS;
  if ((deps.now?.() ?? Date.now()) < due) return 'skipped';
  if (!(await leadMail.claimFollowUp(deps.sql, auditId))) return 'skipped';
  const values = {
    ...leadValues(row),
    reportUrl: `${publicBase(deps.config)}/audit-report/${encodeURIComponent(row.report_id)}`,
    score: row.score === null ? '' : String(row.score),
  };
  const mail = templateMail(deps, owner, row.email, 'follow-up', config.emailTemplates.followUp, values, row.unsubscribe_token);
  try {
    return await send(deps, handOver, mail, { job: 'follow-up', auditId }, 'follow-up');
  } catch (err) {
    await leadMail.releaseFollowUp(deps.sql, auditId);
    throw err;
  }
}

/** What the funnel does with the report e-mail of an audit. */
export interface ReportMailPlan {
  /** Why it is not sent (recorded on the audit for the owner), or null. */
  skip: string | null;
  /** The built-in e-mail as the funnel words it, with the unsubscribe link. */
  adapt(mail: OutgoingMail, links: { reportUrl: string; pdfUrl: string; pixelUrl: string; score: number }): OutgoingMail;
  /** After a transport took it: queues the follow-up when the funnel's sequence is on. */
  delivered(): Promise<void>;
}

export async function reportMailPlan(deps: MailDeps, owner: MailOwner, auditId: string): Promise<ReportMailPlan> {
  const row = await leadMail.forAudit(deps.sql, auditId);
  if (!row) return { skip: null, adapt: (mail) => mail, delivered: async () => {} };
  const config = configOf(row);
  const url = unsubscribeUrl(deps, row.unsubscribe_token);
  return {
    skip: row.unsubscribed_at
      ? 'Not e-mailed: the lead unsubscribed.'
      : config && !config.process.emailDelivery
        ? "Not e-mailed: e-mail delivery is off in the lead's funnel."
        : null,
    adapt(mail, links) {
      const template = config?.emailTemplates.notification;
      const headers = { ...mail.headers, ...unsubscribeHeaders(url) };
      if (template?.body) {
        const values = { ...leadValues(row), reportUrl: links.reportUrl, score: String(links.score) };
        const composed = composeTemplateMail({
          type: 'notification',
          subject: template.subject || mail.subject,
          body: template.body,
          values,
          unsubscribeUrl: url,
          footer: [`Download it as a PDF: ${links.pdfUrl} (also attached)`],
          pixelUrl: links.pixelUrl,
          ownerName: owner.name,
          linkColour: owner.brandColour,
        });
        return { ...mail, ...composed, headers };
      }
      const subject = template?.subject
        ? composeTemplateMail({
            type: 'notification',
            subject: template.subject,
            body: '',
            values: { ...leadValues(row), score: String(links.score) },
            unsubscribeUrl: url,
            ownerName: owner.name,
            linkColour: owner.brandColour,
          }).subject
        : mail.subject;
      const footer = `No more e-mails from ${owner.name}: ${url}`;
      return {
        ...mail,
        subject,
        headers,
        text: `${mail.text}\n\n—\n${footer}`,
        html: mail.html.replace(
          '</body>',
          `<p style="font-size:12px;color:#6b7280">No more e-mails from ${escapeHtml(owner.name)}? ` +
            `<a href="${url}" style="color:#6b7280">Unsubscribe</a> with one click.</p>\n</body>`,
        ),
      };
    },
    async delivered() {
      if (!config?.process.followUpSequence) return;
      try {
        await deps.jobs.send(JOB_QUEUES.mailSend, { kind: 'follow-up', auditId } satisfies MailSendJob, {
          startAfter: config.process.followUpDays * 86_400,
          singletonKey: `follow-up:${auditId}`,
          retryLimit: 3,
          retryDelay: 300,
          retryBackoff: true,
        });
      } catch (err) {
        deps.log.error({ err, auditId }, 'could not queue the follow-up');
      }
    },
  };
}
