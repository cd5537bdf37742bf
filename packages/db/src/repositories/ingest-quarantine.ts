// Event rows ClickHouse refused, as the owner sees them (`ingest_quarantine`): one line per
// spool segment. The rows themselves are in a file on the collector that set them aside.
import type { IngestQuarantine } from '@curb/contracts/analytics';
import type { Db } from '../client.ts';

export interface QuarantinedSegment {
  segment: string;
  rows: number;
  reason: string;
  file: string;
}

/** Records a segment; a segment already recorded (quarantined again on a replay) is left as it is. */
export async function record(db: Db, entry: QuarantinedSegment): Promise<void> {
  await db`
    INSERT INTO ingest_quarantine (segment, rows, reason, file) VALUES (${entry.segment}, ${entry.rows}, ${entry.reason}, ${entry.file})
    ON CONFLICT (segment) DO NOTHING`;
}

/** All rows set aside so far, and the newest segment's time, reason and file. */
export async function summary(db: Db): Promise<IngestQuarantine> {
  const [row] = await db<IngestQuarantine[]>`
    SELECT coalesce(sum(rows), 0)::int AS rows, count(*)::int AS segments,
           to_char(max(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastAt",
           (SELECT reason FROM ingest_quarantine ORDER BY created_at DESC LIMIT 1) AS "lastReason",
           (SELECT file FROM ingest_quarantine ORDER BY created_at DESC LIMIT 1) AS "lastFile"
    FROM ingest_quarantine`;
  return row!;
}

/**
 * A segment's file after lines were taken out of it (a person's erasure): its count and reasons
 * now, or null when no line is left (the record goes).
 */
export async function rewrite(db: Db, segment: string, left: { rows: number; reason: string } | null): Promise<void> {
  if (left) await db`UPDATE ingest_quarantine SET rows = ${left.rows}, reason = ${left.reason} WHERE segment = ${segment}`;
  else await db`DELETE FROM ingest_quarantine WHERE segment = ${segment}`;
}
