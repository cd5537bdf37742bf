// Everything PostgreSQL holds about a person, found by e-mail address: read for an
// access request, deleted for an erasure. Leads, audits and contact messages keep the address
// as it was typed, so it compares in lower case; the api's tracking events waiting for
// ClickHouse, the jobs about the person's records and the sign-in attempts made with the
// address go too. The owner's own records (admin accounts, settings, their profile, posts and
// uploaded images) are not a person's: no visitor's data is kept in them.
import { JOB_SCHEMA } from '../jobs.ts';
import type { Db, Tx } from '../client.ts';

type Row = Record<string, unknown>;

export interface PersonRecords {
  leads: Row[];
  audits: Row[];
  contactMessages: Row[];
  eventOutbox: Row[];
  loginThrottle: Row[];
}

const address = (email: string) => email.trim().toLowerCase();

/** Every row about the address, as stored (an access request). */
export async function find(db: Db, email: string): Promise<PersonRecords> {
  const e = address(email);
  const audits = await db<Row[]>`
    SELECT * FROM audits WHERE lower(email) = ${e} OR lead_id IN (SELECT id FROM leads WHERE lower(email) = ${e})
    ORDER BY created_at, id`;
  const auditIds = audits.map((a) => String(a.id));
  const [leads, contactMessages, eventOutbox, loginThrottle] = await Promise.all([
    db<Row[]>`SELECT * FROM leads WHERE lower(email) = ${e} ORDER BY created_at, id`,
    db<Row[]>`SELECT * FROM contact_messages WHERE lower(email) = ${e} ORDER BY created_at, id`,
    db<Row[]>`
      SELECT id, row, created_at FROM event_outbox
      WHERE lower(row->>'email') = ${e} OR row->'props'->>'auditId' = ANY(${db.array(auditIds)}::text[])
      ORDER BY id`,
    db<Row[]>`SELECT * FROM login_throttle WHERE account = ${e} ORDER BY updated_at`,
  ]);
  return { leads, audits, contactMessages, eventOutbox, loginThrottle };
}

export interface Erased {
  leads: number;
  audits: number;
  contactMessages: number;
  eventOutbox: number;
  jobs: number;
  loginThrottle: number;
  /** The erased audits' report ids (their PDFs may be cached). */
  reportIds: string[];
}

/**
 * Deletes every row about the address, in the caller's transaction. The jobs go whatever their
 * state: a job about an erased record finds nothing when it runs (the audit run updates no row,
 * the mail job skips an audit, lead or message that is gone), and a finished one kept in the
 * archive still holds the audit's keys (`email:<address>`). Idempotent: a second run deletes nothing.
 */
export async function erase(tx: Tx, email: string): Promise<Erased> {
  const e = address(email);
  const leads = await tx<{ id: string }[]>`SELECT id FROM leads WHERE lower(email) = ${e} FOR UPDATE`;
  const leadIds = leads.map((l) => l.id);
  const audits = await tx<{ id: string; report_id: string }[]>`
    DELETE FROM audits WHERE lower(email) = ${e} OR lead_id = ANY(${tx.array(leadIds)}::uuid[]) RETURNING id, report_id`;
  const auditIds = audits.map((a) => a.id);
  await tx`DELETE FROM leads WHERE id = ANY(${tx.array(leadIds)}::uuid[])`;
  const messages = await tx<{ id: string }[]>`DELETE FROM contact_messages WHERE lower(email) = ${e} RETURNING id`;
  const messageIds = messages.map((m) => m.id);
  // Rows a collector is moving to ClickHouse are locked until it has: this waits, and the events are then there.
  const outbox = await tx`
    DELETE FROM event_outbox
    WHERE lower(row->>'email') = ${e} OR row->'props'->>'auditId' = ANY(${tx.array(auditIds)}::text[])`;
  let jobs = 0;
  for (const table of ['job', 'archive']) {
    const deleted = await tx`
      DELETE FROM ${tx(JOB_SCHEMA)}.${tx(table)}
      WHERE data->>'auditId' = ANY(${tx.array(auditIds)}::text[])
         OR data->>'leadId' = ANY(${tx.array(leadIds)}::text[])
         OR data->>'messageId' = ANY(${tx.array(messageIds)}::text[])
         OR data->'keys' @> ${tx.json([`email:${e}`])}`;
    jobs += deleted.count;
  }
  const throttle = await tx`DELETE FROM login_throttle WHERE account = ${e}`;
  return {
    leads: leadIds.length,
    audits: auditIds.length,
    contactMessages: messageIds.length,
    eventOutbox: outbox.count,
    jobs,
    loginThrottle: throttle.count,
    reportIds: audits.map((a) => a.report_id),
  };
}
