import type { Sql } from '@curb/db';

/** Deletes admin sessions that have expired; returns how many went. */
export async function sweepExpiredRecords(sql: Sql): Promise<{ sessions: number }> {
  const sessions = await sql`DELETE FROM admin_sessions WHERE expires_at < now()`;
  return { sessions: sessions.count };
}
