// The record of erasures (`erasures`): when, by which admin and how many rows each
// removed, per store; never the address.
import type { ErasureCounts, ErasureRecord } from '@curb/contracts/privacy';
import type { Db } from '../client.ts';

/** Records an erasure; as the log shows it. */
export async function record(db: Db, entry: { adminId: string | null; rows: number; removed: ErasureCounts }): Promise<ErasureRecord> {
  const [row] = await db<ErasureRecord[]>`
    WITH e AS (
      INSERT INTO erasures (admin_id, rows, removed) VALUES (${entry.adminId}, ${entry.rows}, ${db.json(entry.removed as never)})
      RETURNING *
    )
    SELECT ${shown(db)} FROM e LEFT JOIN admin_users u ON u.id = e.admin_id`;
  return row!;
}

const shown = (db: Db) =>
  db`e.id, to_char(e.erased_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "erasedAt", u.email AS by, e.rows, e.removed`;

/** The latest erasures, newest first, with the e-mail of the admin who asked (null once the account is gone). */
export async function recent(db: Db, limit: number): Promise<ErasureRecord[]> {
  return db<ErasureRecord[]>`
    SELECT ${shown(db)}
    FROM erasures e LEFT JOIN admin_users u ON u.id = e.admin_id
    ORDER BY e.erased_at DESC, e.id DESC
    LIMIT ${limit}`;
}
