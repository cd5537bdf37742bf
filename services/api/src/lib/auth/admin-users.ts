// The admin accounts in `admin_users`: creation (CLI and first start), sign-in checks with
// a per-account lockout, and lookups for the session.
import type { Sql } from '@curb/db';
import { ADMIN_PASSWORD_MAX_LENGTH, ADMIN_PASSWORD_MIN_LENGTH, LOGIN_LOCKOUT_MINUTES, LOGIN_MAX_FAILURES, type AuthUser } from '@curb/contracts/auth';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';
import { endSessionsOf } from './session-store.ts';

interface AdminRow {
  id: string;
  email: string;
  first_name: string | null;
  password_hash: string;
  locked_until: Date | null;
}

const toUser = (row: Pick<AdminRow, 'id' | 'email' | 'first_name'>): AuthUser => ({ id: row.id, email: row.email, firstName: row.first_name });

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why an account cannot be created with these values, or undefined when it can. */
export function adminAccountProblem(email: string, password: string): string | undefined {
  if (!EMAIL_PATTERN.test(email) || email.length > 254) return 'Enter a valid e-mail address.';
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) return `The password needs at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > ADMIN_PASSWORD_MAX_LENGTH) return `The password may have at most ${ADMIN_PASSWORD_MAX_LENGTH} characters.`;
  return undefined;
}

export async function findAdminById(sql: Sql, id: string): Promise<AuthUser | undefined> {
  const [row] = await sql<AdminRow[]>`SELECT id, email, first_name FROM admin_users WHERE id = ${id}`;
  return row && toUser(row);
}

/**
 * Creates the account, or sets a new password on an existing one (which also ends its
 * sessions). Returns whether the account was new.
 */
export async function upsertAdmin(sql: Sql, input: { email: string; password: string; firstName?: string }): Promise<{ user: AuthUser; created: boolean }> {
  const problem = adminAccountProblem(input.email, input.password);
  if (problem) throw new Error(problem);
  const hash = await hashPassword(input.password);
  const [row] = await sql<(AdminRow & { created: boolean })[]>`
    INSERT INTO admin_users (email, first_name, password_hash) VALUES (${input.email}, ${input.firstName ?? null}, ${hash})
    ON CONFLICT (lower(email)) DO UPDATE
      SET password_hash = EXCLUDED.password_hash,
          first_name = COALESCE(EXCLUDED.first_name, admin_users.first_name),
          failed_logins = 0, locked_until = NULL
    RETURNING id, email, first_name, (xmax = 0) AS created`;
  if (!row!.created) await endSessionsOf(sql, row!.id);
  return { user: toUser(row!), created: row!.created };
}

/** First start: creates the account from ADMIN_EMAIL/ADMIN_PASSWORD unless it exists (its password is then left alone). */
export async function bootstrapAdmin(sql: Sql, email: string, password: string): Promise<boolean> {
  const problem = adminAccountProblem(email, password);
  if (problem) throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: ${problem}`);
  const [existing] = await sql`SELECT 1 FROM admin_users WHERE lower(email) = lower(${email})`;
  if (existing) return false;
  const hash = await hashPassword(password);
  const inserted = await sql`INSERT INTO admin_users (email, password_hash) VALUES (${email}, ${hash}) ON CONFLICT (lower(email)) DO NOTHING`;
  return inserted.count === 1;
}

export type SignInResult = { ok: true; user: AuthUser } | { ok: false; reason: 'invalid' | 'locked' };

/**
 * Checks a sign-in. LOGIN_MAX_FAILURES wrong passwords in a row lock the account for
 * LOGIN_LOCKOUT_MINUTES; while locked even the right password is refused.
 */
export async function signIn(sql: Sql, email: string, password: string): Promise<SignInResult> {
  const [row] = await sql<AdminRow[]>`
    SELECT id, email, first_name, password_hash, locked_until FROM admin_users WHERE lower(email) = lower(${email})`;
  if (!row) {
    await verifyPassword(password, await decoyHash());
    return { ok: false, reason: 'invalid' };
  }
  if (row.locked_until && row.locked_until.getTime() > Date.now()) return { ok: false, reason: 'locked' };
  if (await verifyPassword(password, row.password_hash)) {
    await sql`UPDATE admin_users SET failed_logins = 0, locked_until = NULL WHERE id = ${row.id}`;
    return { ok: true, user: toUser(row) };
  }
  // One statement, so concurrent wrong guesses are all counted.
  const [after] = await sql<{ locked: boolean }[]>`
    UPDATE admin_users SET
      failed_logins = CASE WHEN failed_logins + 1 >= ${LOGIN_MAX_FAILURES} THEN 0 ELSE failed_logins + 1 END,
      locked_until = CASE WHEN failed_logins + 1 >= ${LOGIN_MAX_FAILURES}
        THEN now() + make_interval(mins => ${LOGIN_LOCKOUT_MINUTES}) ELSE locked_until END
    WHERE id = ${row.id}
    RETURNING locked_until IS NOT NULL AND locked_until > now() AS locked`;
  return { ok: false, reason: after?.locked ? 'locked' : 'invalid' };
}
