// Writes of the public forms. Each submission is stored with the `mail-send` job that tells the
// owner about it, and a lead that requests an audit also with its audit row and the job that
// runs the audit, in ONE transaction: either all exist or none does.
import { randomBytes } from 'node:crypto';
import type { AuditRunJob } from '@curb/contracts/audit';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import type { MailSendJob } from '@curb/contracts/mail';
import { audits } from '@curb/db';
import type { Stores } from '@curb/runtime';

/** What the job insert needs of a postgres.js transaction. */
interface Tx {
  unsafe(query: string, parameters?: never[]): PromiseLike<unknown[]>;
}

/** pg-boss's `db` option over a postgres.js transaction, so the job commits with the rows. */
function jobDb(tx: Tx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // postgres.js refuses undefined, which pg-boss passes for unset options; it serialises
      // the job data itself, as the statement types that parameter jsonb.
      const params = values.map((v) => (v === undefined ? null : v));
      return { rows: (await tx.unsafe(text, params as never[])) as unknown[] };
    },
  };
}

/** Queues the owner's notice of a new submission inside the transaction that stores it. */
async function notifyOwner(jobs: Stores['jobs'], tx: Tx, notice: MailSendJob): Promise<void> {
  await jobs.send(JOB_QUEUES.mailSend, notice, { db: jobDb(tx), retryLimit: 3, retryDelay: 60, retryBackoff: true });
}

/** 128 random bits, base64url: the report page is reachable by anyone holding the id. */
export function newReportId(): string {
  return randomBytes(16).toString('base64url');
}

export interface NewLead {
  formId: string;
  source: string;
  businessName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  website: string | null;
  /** Everything else the form sent (phone, subject, message, variants, campaign). */
  fields: Record<string, unknown>;
  enrichment: Record<string, unknown> | null;
  emailConsent: boolean;
  communicationConsent: boolean;
  submissionId: string | null;
}

export interface StoredLead {
  leadId: string;
  reportId: string | null;
  /** False when a retry found the first attempt's rows. */
  created: boolean;
}

/** Stores a lead; with `requestAudit`, also its queued audit and the `audit-run` job. */
export async function storeLead(stores: Pick<Stores, 'sql' | 'jobs'>, lead: NewLead, requestAudit: boolean): Promise<StoredLead> {
  return stores.sql.begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO leads (form_id, source, business_name, first_name, last_name, email, website, fields, enrichment,
                         email_consent, communication_consent, submission_id)
      VALUES (${lead.formId}, ${lead.source}, ${lead.businessName}, ${lead.firstName}, ${lead.lastName}, ${lead.email},
              ${lead.website}, ${tx.json(lead.fields as never)}, ${lead.enrichment ? tx.json(lead.enrichment as never) : null},
              ${lead.emailConsent}, ${lead.communicationConsent}, ${lead.submissionId})
      ON CONFLICT (submission_id) DO NOTHING
      RETURNING id`;
    if (!row) {
      const [existing] = await tx<{ id: string; report_id: string | null }[]>`
        SELECT l.id, a.report_id FROM leads l LEFT JOIN audits a ON a.lead_id = l.id
        WHERE l.submission_id = ${lead.submissionId} ORDER BY a.created_at LIMIT 1`;
      if (!existing) throw new Error('lead submission conflict without a stored lead');
      return { leadId: existing.id, reportId: existing.report_id, created: false };
    }
    await notifyOwner(stores.jobs, tx, { kind: 'lead-notification', leadId: row.id });
    if (!requestAudit) return { leadId: row.id, reportId: null, created: true };

    const reportId = newReportId();
    const auditId = await audits.insertQueued(tx, {
      leadId: row.id,
      reportId,
      businessName: lead.businessName ?? lead.email,
      email: lead.email,
      website: lead.website,
      source: lead.source,
    });
    const job: AuditRunJob = { auditId };
    await stores.jobs.send(JOB_QUEUES.auditRun, job, { db: jobDb(tx) });
    return { leadId: row.id, reportId, created: true };
  });
}

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  source: string;
  submissionId: string | null;
}

/** Stores a contact message; a retry with the same submission id returns the first one. */
export async function storeContactMessage(
  stores: Pick<Stores, 'sql' | 'jobs'>,
  msg: NewContactMessage,
): Promise<{ id: string; created: boolean }> {
  return stores.sql.begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO contact_messages (name, email, subject, message, source, submission_id)
      VALUES (${msg.name}, ${msg.email}, ${msg.subject}, ${msg.message}, ${msg.source}, ${msg.submissionId})
      ON CONFLICT (submission_id) DO NOTHING
      RETURNING id`;
    if (!row) {
      const [existing] = await tx<{ id: string }[]>`SELECT id FROM contact_messages WHERE submission_id = ${msg.submissionId}`;
      return { id: existing!.id, created: false };
    }
    await notifyOwner(stores.jobs, tx, { kind: 'contact-notification', messageId: row.id });
    return { id: row.id, created: true };
  });
}
