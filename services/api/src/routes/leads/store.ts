// Writes of the public forms. Each submission is stored with the `mail-send` job that tells the
// owner about it, and a lead that requests an audit also with its audit row and the job that
// runs the audit, in ONE transaction: either all exist or none does.
import { randomBytes } from 'node:crypto';
import { auditRunKeys, type AuditRunJob } from '@curb/contracts/audit';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import type { MailSendJob } from '@curb/contracts/mail';
import { audits, contactMessages, jobDbIn, leads, type Tx } from '@curb/db';
import { type Stores, withinStoreDeadline } from '@curb/runtime';

export type NewLead = leads.NewLead;
export type NewContactMessage = contactMessages.NewContactMessage;

/** Queues the owner's notice of a new submission inside the transaction that stores it. */
async function notifyOwner(jobs: Stores['jobs'], tx: Tx, notice: MailSendJob): Promise<void> {
  await jobs.send(JOB_QUEUES.mailSend, notice, { db: jobDbIn(tx), retryLimit: 3, retryDelay: 60, retryBackoff: true });
}

/** 128 random bits, base64url: the report page is reachable by anyone holding the id. */
function newReportId(): string {
  return randomBytes(16).toString('base64url');
}

export interface StoredLead {
  leadId: string;
  reportId: string | null;
  /** False when a retry found the first attempt's rows. */
  created: boolean;
}

/**
 * Stores a lead; with `requestAudit`, also its queued audit and the `audit-run` job, keyed on
 * the site, the e-mail and `client` (the address that sent the form), so that the worker runs
 * one audit at a time per site and per client.
 */
export async function storeLead(
  stores: Pick<Stores, 'sql' | 'jobs'>,
  lead: NewLead,
  requestAudit: boolean,
  client?: string,
  /** The lead's funnel sends it a confirmation (queued with the lead). */
  options: { confirmation?: boolean } = {},
): Promise<StoredLead> {
  return withinStoreDeadline(
    stores.sql.begin(async (tx) => {
      const leadId = await leads.insert(tx, lead);
      if (!leadId) {
        const existing = await leads.findBySubmission(tx, lead.submissionId);
        if (!existing) throw new Error('lead submission conflict without a stored lead');
        return { leadId: existing.id, reportId: existing.report_id, created: false };
      }
      await notifyOwner(stores.jobs, tx, { kind: 'lead-notification', leadId });
      if (options.confirmation) await notifyOwner(stores.jobs, tx, { kind: 'lead-confirmation', leadId });
      if (!requestAudit) return { leadId, reportId: null, created: true };

      const reportId = newReportId();
      const auditId = await audits.insertQueued(tx, {
        leadId,
        reportId,
        businessName: lead.businessName ?? lead.email,
        email: lead.email,
        website: lead.website,
        source: lead.source,
      });
      const job: AuditRunJob = { auditId, keys: auditRunKeys({ website: lead.website, email: lead.email, client }) };
      await stores.jobs.send(JOB_QUEUES.auditRun, job, { db: jobDbIn(tx) });
      return { leadId, reportId, created: true };
    }),
  );
}

/** Stores a contact message; a retry with the same submission id returns the first one. */
export async function storeContactMessage(
  stores: Pick<Stores, 'sql' | 'jobs'>,
  msg: NewContactMessage,
): Promise<{ id: string; created: boolean }> {
  return withinStoreDeadline(
    stores.sql.begin(async (tx) => {
      const id = await contactMessages.insert(tx, msg);
      if (!id) {
        const existing = await contactMessages.findIdBySubmission(tx, msg.submissionId);
        if (!existing) throw new Error('contact submission conflict without a stored message');
        return { id: existing, created: false };
      }
      await notifyOwner(stores.jobs, tx, { kind: 'contact-notification', messageId: id });
      return { id, created: true };
    }),
  );
}
