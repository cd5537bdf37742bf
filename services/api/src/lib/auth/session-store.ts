// @fastify/session's store on the `admin_sessions` table, so sessions survive restarts
// and are shared by every api process. Expired rows are ignored here and deleted by the
// worker's retention sweep.
import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import type { Sql } from '@curb/db';

type Callback = (err?: unknown) => void;
type SessionCallback = (err: unknown, session?: Session | null) => void;

export function postgresSessionStore(sql: Sql, idleMs: number): SessionStore {
  return {
    set(sid: string, session: Session, callback: Callback) {
      const expires = session.cookie.expires ?? new Date(Date.now() + idleMs);
      const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
      sql`
        INSERT INTO admin_sessions (sid, session, expires_at) VALUES (${sid}, ${sql.json(data as never)}, ${expires})
        ON CONFLICT (sid) DO UPDATE SET session = EXCLUDED.session, expires_at = EXCLUDED.expires_at`
        .then(() => callback(), callback);
    },
    get(sid: string, callback: SessionCallback) {
      sql<{ session: Session }[]>`SELECT session FROM admin_sessions WHERE sid = ${sid} AND expires_at > now()`
        .then((rows) => callback(null, rows[0]?.session ?? null), callback);
    },
    destroy(sid: string, callback: Callback) {
      sql`DELETE FROM admin_sessions WHERE sid = ${sid}`.then(() => callback(), callback);
    },
  };
}

/** Ends every session of one admin, e.g. after a password reset. */
export async function endSessionsOf(sql: Sql, userId: string): Promise<number> {
  const result = await sql`DELETE FROM admin_sessions WHERE session->>'userId' = ${userId}`;
  return result.count;
}
