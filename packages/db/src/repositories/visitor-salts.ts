// The daily salts behind cookieless visitor ids (`visitor_salts`), shared by every collector so
// a visitor gets the same id from each on a given UTC day. Days are 'YYYY-MM-DD'.
import type { Db } from '../client.ts';

/** Stores `salt` for the day unless another collector stored one first (the first one stays). */
export async function createIfAbsent(db: Db, day: string, salt: Buffer): Promise<void> {
  await db`INSERT INTO visitor_salts (day, salt) VALUES (${day}, ${salt}) ON CONFLICT (day) DO NOTHING`;
}

/** The stored salts of these days. */
export async function forDays(db: Db, days: string[]): Promise<{ day: string; salt: Buffer }[]> {
  return db<{ day: string; salt: Buffer }[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, salt FROM visitor_salts WHERE day = ANY(${days}::date[])`;
}

/** Deletes the salts of days before `day`: once a day is over its ids cannot be derived again. */
export async function deleteBefore(db: Db, day: string): Promise<void> {
  await db`DELETE FROM visitor_salts WHERE day < ${day}::date`;
}
