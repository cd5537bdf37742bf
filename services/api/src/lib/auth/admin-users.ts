// The admin accounts in `admin_users`: creation (CLI and first start), sign-in checks with
// throttling per (account, client), and lookups for the session.
import { sessions, type Sql } from '@curb/db';
import {
  ADMIN_PASSWORD_MAX_LENGTH,
  ADMIN_PASSWORD_MIN_LENGTH,
  LOGIN_FIRST_DELAY_SECONDS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_DELAY_SECONDS,
  type AuthUser,
} from '@curb/contracts/auth';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';

interface AdminRow {
  id: string;
  email: string;
  first_name: string | null;
  password_hash: string;
}

const toUser = (row: Pick<AdminRow, 'id' | 'email' | 'first_name'>): AuthUser => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
});

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
export async function upsertAdmin(
  sql: Sql,
  input: { email: string; password: string; firstName?: string },
): Promise<{ user: AuthUser; created: boolean }> {
  const problem = adminAccountProblem(input.email, input.password);
  if (problem) throw new Error(problem);
  const hash = await hashPassword(input.password);
  const [row] = await sql<(AdminRow & { created: boolean })[]>`
    INSERT INTO admin_users (email, first_name, password_hash) VALUES (${input.email}, ${input.firstName ?? null}, ${hash})
    ON CONFLICT (lower(email)) DO UPDATE
      SET password_hash = EXCLUDED.password_hash,
          first_name = COALESCE(EXCLUDED.first_name, admin_users.first_name)
    RETURNING id, email, first_name, (xmax = 0) AS created`;
  if (!row!.created) await sessions.removeAllOf(sql, row!.id);
  return { user: toUser(row!), created: row!.created };
}

/** First start: creates the account from ADMIN_EMAIL/ADMIN_PASSWORD unless it exists (its password is then left alone). */
export async function bootstrapAdmin(sql: Sql, email: string, password: string): Promise<boolean> {
  const problem = adminAccountProblem(email, password);
  if (problem) throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: ${problem}`);
  const [existing] = await sql`SELECT 1 FROM admin_users WHERE lower(email) = lower(${email})`;
  if (existing) return false;
  const hash = await hashPassword(password);
  const inserted =
    await sql`INSERT INTO admin_users (email, password_hash) VALUES (${email}, ${hash}) ON CONFLICT (lower(email)) DO NOTHING`;
  return inserted.count === 1;
}

export type SignInResult =
  | { ok: true; user: AuthUser }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * Checks a sign-in from `client`. A client that keeps guessing one account is slowed down
 * (see LOGIN_FREE_FAILURES); an unknown e-mail is checked against a decoy hash and throttled
 * the same way, so neither the answer nor its timing says whether the account exists.
 */
export async function signIn(sql: Sql, email: string, password: string, client: string): Promise<SignInResult> {
  const account = email.toLowerCase();
  const [throttle] = await sql<{ wait: number }[]>`
    SELECT ceil(extract(epoch FROM retry_at - now()))::int AS wait FROM login_throttle
    WHERE account = ${account} AND client = ${client} AND retry_at > now()`;
  if (throttle) return { ok: false, reason: 'throttled', retryAfterSeconds: Math.max(1, throttle.wait) };

  const [row] = await sql<AdminRow[]>`
    SELECT id, email, first_name, password_hash FROM admin_users WHERE lower(email) = ${account}`;
  const valid = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
  if (row && valid) {
    await sql`DELETE FROM login_throttle WHERE account = ${account} AND client = ${client}`;
    return { ok: true, user: toUser(row) };
  }
  // One statement, so concurrent wrong guesses are all counted.
  await sql`
    INSERT INTO login_throttle AS t (account, client, failures) VALUES (${account}, ${client}, 1)
    ON CONFLICT (account, client) DO UPDATE SET
      failures = t.failures + 1,
      retry_at = CASE WHEN t.failures + 1 > ${LOGIN_FREE_FAILURES}
        THEN now() + make_interval(secs => least(${LOGIN_MAX_DELAY_SECONDS}, ${LOGIN_FIRST_DELAY_SECONDS} * power(2, least(20, t.failures - ${LOGIN_FREE_FAILURES}))))
        ELSE NULL END,
      updated_at = now()`;
  await sql`DELETE FROM login_throttle WHERE updated_at < now() - interval '1 day'`;
  return { ok: false, reason: 'invalid' };
}
