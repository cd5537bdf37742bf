// The owner's admin accounts (`admin_users`). E-mails compare case-insensitively: the unique
// index is on lower(email).
import type { Db } from '../client.ts';

export interface AdminUserRow {
  id: string;
  email: string;
  first_name: string | null;
}

export interface AdminCredentialsRow extends AdminUserRow {
  password_hash: string;
}

export async function findById(db: Db, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await db<AdminUserRow[]>`SELECT id, email, first_name FROM admin_users WHERE id = ${id}`;
  return row;
}

/** The account and its password hash; `account` is the e-mail already lower-cased. */
export async function findCredentials(db: Db, account: string): Promise<AdminCredentialsRow | undefined> {
  const [row] = await db<AdminCredentialsRow[]>`
    SELECT id, email, first_name, password_hash FROM admin_users WHERE lower(email) = ${account}`;
  return row;
}

/** The accounts' e-mails, oldest first (at most `limit`). */
export async function emails(db: Db, limit = 5): Promise<string[]> {
  const rows = await db<{ email: string }[]>`SELECT email FROM admin_users ORDER BY created_at, email LIMIT ${limit}`;
  return rows.map((r) => r.email);
}

export async function exists(db: Db, email: string): Promise<boolean> {
  const [row] = await db`SELECT 1 FROM admin_users WHERE lower(email) = lower(${email})`;
  return row !== undefined;
}

/**
 * Creates the account, or sets the new password on the existing one (a first name given
 * replaces the stored one). `created` is false when the account existed.
 */
export async function upsert(
  db: Db,
  input: { email: string; firstName: string | null; passwordHash: string },
): Promise<AdminUserRow & { created: boolean }> {
  const [row] = await db<(AdminUserRow & { created: boolean })[]>`
    INSERT INTO admin_users (email, first_name, password_hash) VALUES (${input.email}, ${input.firstName}, ${input.passwordHash})
    ON CONFLICT (lower(email)) DO UPDATE
      SET password_hash = EXCLUDED.password_hash,
          first_name = COALESCE(EXCLUDED.first_name, admin_users.first_name)
    RETURNING id, email, first_name, (xmax = 0) AS created`;
  return row!;
}

/** Creates the account unless one with this e-mail exists (then nothing changes); whether it did. */
export async function insertIfAbsent(db: Db, email: string, passwordHash: string): Promise<boolean> {
  const inserted =
    await db`INSERT INTO admin_users (email, password_hash) VALUES (${email}, ${passwordHash}) ON CONFLICT (lower(email)) DO NOTHING`;
  return inserted.count === 1;
}
