// The admin's signed-in sessions (`admin_sessions`), kept in PostgreSQL so they survive
// restarts and every api process shares them.
import type { Db } from '../client.ts';

/** Stores (or replaces) a session until `expiresAt`. */
export async function save(db: Db, sid: string, session: Record<string, unknown>, expiresAt: Date): Promise<void> {
  await db`
    INSERT INTO admin_sessions (sid, session, expires_at) VALUES (${sid}, ${db.json(session as never)}, ${expiresAt})
    ON CONFLICT (sid) DO UPDATE SET session = EXCLUDED.session, expires_at = EXCLUDED.expires_at`;
}

/** The session's data; an expired row counts as none (the retention sweep deletes it later). */
export async function findLive<S = Record<string, unknown>>(db: Db, sid: string): Promise<S | undefined> {
  const [row] = await db<{ session: S }[]>`SELECT session FROM admin_sessions WHERE sid = ${sid} AND expires_at > now()`;
  return row?.session;
}

export async function remove(db: Db, sid: string): Promise<void> {
  await db`DELETE FROM admin_sessions WHERE sid = ${sid}`;
}

/** Ends every session of one admin (after a password reset); how many there were. */
export async function removeAllOf(db: Db, userId: string): Promise<number> {
  const result = await db`DELETE FROM admin_sessions WHERE session->>'userId' = ${userId}`;
  return result.count;
}

/** Deletes the sessions that have expired; how many went. */
export async function removeExpired(db: Db): Promise<number> {
  const result = await db`DELETE FROM admin_sessions WHERE expires_at < now()`;
  return result.count;
}
