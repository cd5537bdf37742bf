import { sessions, type Sql } from '@curb/db';

/** Deletes admin sessions that have expired; returns how many went. */
export async function sweepExpiredRecords(sql: Sql): Promise<{ sessions: number }> {
  return { sessions: await sessions.removeExpired(sql) };
}
