// The owner's settings (`settings`): one text value per (category, key). Besides the site-wide
// categories of the contract, other features keep single values here (event retention, the
// keyword-tracking domain).
import { settingKeys, type Setting, type SettingCategory } from '@curb/contracts/settings';
import type { Db } from '../client.ts';

/** A site-wide category's set values, in the order of its keys; unknown keys and empty values are left out. */
export async function readCategory(db: Db, category: SettingCategory): Promise<Setting[]> {
  const keys = settingKeys(category);
  return db<Setting[]>`
    SELECT key, value FROM settings
    WHERE category = ${category} AND key = ANY(${keys}) AND value <> ''
    ORDER BY array_position(${keys}::text[], key)`;
}

/** One stored value; undefined when it was never set. */
export async function find(db: Db, category: string, key: string): Promise<string | undefined> {
  const [row] = await db<{ value: string }[]>`SELECT value FROM settings WHERE category = ${category} AND key = ${key}`;
  return row?.value;
}

/** Sets one value, replacing the stored one. */
export async function save(db: Db, category: string, key: string, value: string): Promise<void> {
  await db`
    INSERT INTO settings (category, key, value) VALUES (${category}, ${key}, ${value})
    ON CONFLICT (category, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`;
}
