// The version each admin section is at (`edit_versions`): a settings category, the event
// retention, an A/B test. A save claims the next version inside its own transaction, so two
// saves made on the same version cannot both land.
import type { Db, Tx } from '../client.ts';

export interface EditVersion {
  version: number;
  changedBy: string | null;
  changedAt: Date | null;
}

const NEVER_SAVED: EditVersion = { version: 0, changedBy: null, changedAt: null };

/** The section's version now; version 0 when it was never saved. */
export async function current(db: Db, section: string): Promise<EditVersion> {
  const [row] = await db<EditVersion[]>`
    SELECT version, changed_by AS "changedBy", changed_at AS "changedAt" FROM edit_versions WHERE section = ${section}`;
  return row ?? NEVER_SAVED;
}

/**
 * Claims the section's next version for a save made on `baseVersion`: the new version, or
 * `{ stale }` with the version someone else saved since (nothing is changed then). Holds the
 * section until the transaction ends, so the save's own writes go in before anyone else's check.
 */
export async function claim(
  tx: Tx,
  section: string,
  baseVersion: number,
  changedBy: string,
): Promise<{ version: number; stale?: undefined } | { stale: EditVersion }> {
  // Serialises the first save of a section too (no row to lock yet).
  await tx`SELECT pg_advisory_xact_lock(hashtext(${`edit_versions:${section}`}))`;
  const now = await current(tx, section);
  if (now.version !== baseVersion) return { stale: now };
  const [row] = await tx<{ version: number }[]>`
    INSERT INTO edit_versions (section, version, changed_by) VALUES (${section}, ${now.version + 1}, ${changedBy})
    ON CONFLICT (section) DO UPDATE SET version = EXCLUDED.version, changed_by = EXCLUDED.changed_by, changed_at = now()
    RETURNING version`;
  return { version: row!.version };
}
