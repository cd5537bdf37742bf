// The leads the public forms store (`leads`). A form's retry carries the same submission id,
// so a lead is stored once however often its form is sent.
import type { ListFilter } from '@curb/contracts/privacy';
import type { Db } from '../client.ts';
import { filterWhere } from './list-filter.ts';

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
  /** The funnel whose landing page or popup sent it (its e-mails and process apply). */
  funnelId?: string | null;
}

/** Stores the lead; its id, or undefined when a lead with this submission id exists. */
export async function insert(db: Db, lead: NewLead): Promise<string | undefined> {
  const [row] = await db<{ id: string }[]>`
    INSERT INTO leads (form_id, source, business_name, first_name, last_name, email, website, fields, enrichment,
                       email_consent, communication_consent, submission_id, funnel_id)
    VALUES (${lead.formId}, ${lead.source}, ${lead.businessName}, ${lead.firstName}, ${lead.lastName}, ${lead.email},
            ${lead.website}, ${db.json(lead.fields as never)}, ${lead.enrichment ? db.json(lead.enrichment as never) : null},
            ${lead.emailConsent}, ${lead.communicationConsent}, ${lead.submissionId}, ${lead.funnelId ?? null})
    ON CONFLICT (submission_id) DO NOTHING
    RETURNING id`;
  return row?.id;
}

export async function count(db: Db): Promise<number> {
  const [row] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM leads`;
  return row!.n;
}

/** The lead a submission id stored, with its first audit's report id (null without an audit). */
export async function findBySubmission(db: Db, submissionId: string | null): Promise<{ id: string; report_id: string | null } | undefined> {
  const [row] = await db<{ id: string; report_id: string | null }[]>`
    SELECT l.id, a.report_id FROM leads l LEFT JOIN audits a ON a.lead_id = l.id
    WHERE l.submission_id = ${submissionId} ORDER BY a.created_at LIMIT 1`;
  return row;
}

export interface NoticeRow {
  form_id: string;
  source: string;
  business_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  website: string | null;
  fields: Record<string, unknown>;
  created_at: Date;
  report_id: string | null;
}

/** What the owner's notice of a new lead says, with its first audit's report id. */
export async function findForNotice(db: Db, leadId: string): Promise<NoticeRow | undefined> {
  const [row] = await db<NoticeRow[]>`
    SELECT l.form_id, l.source, l.business_name, l.first_name, l.last_name, l.email, l.website, l.fields, l.created_at, a.report_id
    FROM leads l LEFT JOIN audits a ON a.lead_id = l.id WHERE l.id = ${leadId} ORDER BY a.created_at LIMIT 1`;
  return row;
}

export interface ExportRow {
  created_at: Date;
  form_id: string;
  source: string;
  business_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  website: string | null;
  fields: Record<string, unknown>;
  email_consent: boolean;
  communication_consent: boolean;
  /** The lead's first audit, when it asked for one. */
  audit_status: string | null;
  report_id: string | null;
}

/** The leads the admin's filter keeps (the marketing audits' search and days), newest first, for the CSV export. */
export async function exportRows(db: Db, filter: ListFilter): Promise<ExportRow[]> {
  return db<ExportRow[]>`
    SELECT l.created_at, l.form_id, l.source, l.business_name, l.first_name, l.last_name, l.email, l.website, l.fields,
           l.email_consent, l.communication_consent, a.status AS audit_status, a.report_id
    FROM leads l
    LEFT JOIN LATERAL (SELECT status, report_id FROM audits WHERE lead_id = l.id ORDER BY created_at LIMIT 1) a ON true
    WHERE ${filterWhere(db, filter, db`concat_ws(' ', l.business_name, l.first_name, l.last_name, l.email, l.website, l.source)`)}
    ORDER BY l.created_at DESC, l.id DESC`;
}
