// Messages from the public contact form (`contact_messages`); a retry with the same
// submission id is stored once.
import type { ContactMessageRecord, ListFilter } from '@curb/contracts/privacy';
import type { Db } from '../client.ts';
import { filterWhere } from './list-filter.ts';

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  source: string;
  submissionId: string | null;
}

export interface ContactMessageRow {
  name: string;
  email: string;
  subject: string;
  message: string;
  source: string;
  created_at: Date;
}

/** Stores the message; its id, or undefined when one with this submission id exists. */
export async function insert(db: Db, msg: NewContactMessage): Promise<string | undefined> {
  const [row] = await db<{ id: string }[]>`
    INSERT INTO contact_messages (name, email, subject, message, source, submission_id)
    VALUES (${msg.name}, ${msg.email}, ${msg.subject}, ${msg.message}, ${msg.source}, ${msg.submissionId})
    ON CONFLICT (submission_id) DO NOTHING
    RETURNING id`;
  return row?.id;
}

export async function findIdBySubmission(db: Db, submissionId: string | null): Promise<string | undefined> {
  const [row] = await db<{ id: string }[]>`SELECT id FROM contact_messages WHERE submission_id = ${submissionId}`;
  return row?.id;
}

export async function find(db: Db, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await db<ContactMessageRow[]>`
    SELECT name, email, subject, message, source, created_at FROM contact_messages WHERE id = ${id}`;
  return row;
}

const searched = (db: Db) => db`concat_ws(' ', name, email, subject, message, source)`;

/** How many messages the admin's filter keeps. */
export async function count(db: Db, filter: ListFilter): Promise<number> {
  const [row] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM contact_messages WHERE ${filterWhere(db, filter, searched(db))}`;
  return row!.n;
}

/** Page `page` (from 1) of the messages the filter keeps, newest first, as the admin lists them. */
export async function page(db: Db, filter: ListFilter, page: number, limit: number): Promise<ContactMessageRecord[]> {
  return db<ContactMessageRecord[]>`
    SELECT id, name, email, subject, message, source,
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
    FROM contact_messages WHERE ${filterWhere(db, filter, searched(db))}
    ORDER BY created_at DESC, id DESC
    LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
}

/** Every message the filter keeps, newest first, for the CSV export. */
export async function exportRows(db: Db, filter: ListFilter): Promise<ContactMessageRow[]> {
  return db<ContactMessageRow[]>`
    SELECT name, email, subject, message, source, created_at FROM contact_messages
    WHERE ${filterWhere(db, filter, searched(db))}
    ORDER BY created_at DESC, id DESC`;
}
