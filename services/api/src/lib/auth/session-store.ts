// @fastify/session's store on the `admin_sessions` table, so sessions survive restarts
// and are shared by every api process. Expired rows are ignored here and deleted by the
// worker's retention sweep.
import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import { sessions, type Sql } from '@curb/db';

type Callback = (err?: unknown) => void;
type SessionCallback = (err: unknown, session?: Session | null) => void;

export function postgresSessionStore(sql: Sql, idleMs: number): SessionStore {
  return {
    set(sid: string, session: Session, callback: Callback) {
      const expires = session.cookie.expires ?? new Date(Date.now() + idleMs);
      const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
      sessions.save(sql, sid, data, expires).then(() => callback(), callback);
    },
    get(sid: string, callback: SessionCallback) {
      sessions.findLive<Session>(sql, sid).then((session) => callback(null, session ?? null), callback);
    },
    destroy(sid: string, callback: Callback) {
      sessions.remove(sql, sid).then(() => callback(), callback);
    },
  };
}
