// The owner's weekly Traffic e-mail (`weekly_traffic_mail`, one row): whether it is on, to whom,
// and which week was mailed last.
import type { Db, Tx } from '../client.ts';

export interface WeeklyMailSetting {
  enabled: boolean;
  recipient: string;
  /** The Monday (YYYY-MM-DD) of the last week mailed, or null. */
  lastWeek: string | null;
}

export async function read(db: Db): Promise<WeeklyMailSetting> {
  const [row] = await db<WeeklyMailSetting[]>`
    SELECT enabled, recipient, to_char(last_week, 'YYYY-MM-DD') AS "lastWeek" FROM weekly_traffic_mail`;
  return row ?? { enabled: false, recipient: '', lastWeek: null };
}

export async function save(db: Db, enabled: boolean, recipient: string): Promise<WeeklyMailSetting> {
  await db`
    INSERT INTO weekly_traffic_mail (id, enabled, recipient) VALUES (true, ${enabled}, ${recipient})
    ON CONFLICT (id) DO UPDATE SET enabled = EXCLUDED.enabled, recipient = EXCLUDED.recipient, updated_at = now()`;
  return read(db);
}

/**
 * Claims the week starting `monday` for mailing (in the transaction that sends it, so a failed
 * send leaves it unclaimed): the recipient, or undefined when the mail is off or the week was mailed.
 */
export async function claimWeek(tx: Tx, monday: string): Promise<string | undefined> {
  const [row] = await tx<{ recipient: string }[]>`
    UPDATE weekly_traffic_mail SET last_week = ${monday}::date
    WHERE enabled AND recipient != '' AND (last_week IS NULL OR last_week < ${monday}::date)
    RETURNING recipient`;
  return row?.recipient;
}
