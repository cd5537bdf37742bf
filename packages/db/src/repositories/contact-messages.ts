// Messages from the public contact form (`contact_messages`); a retry with the same
// submission id is stored once.
import type { Db } from '../client.ts';

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
