// The admin accounts in `admin_users`: creation (CLI and first start), sign-in checks with
// throttling per (account, client), and lookups for the session.
import { adminUsers, loginThrottle, sessions, type Sql } from '@curb/db';
import { ADMIN_PASSWORD_MAX_LENGTH, ADMIN_PASSWORD_MIN_LENGTH, type AuthUser } from '@curb/contracts/auth';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';

const toUser = (row: adminUsers.AdminUserRow): AuthUser => ({
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

/** The admin accounts' e-mails, oldest first: the start banner names them, or asks for one. */
export function adminEmails(sql: Sql): Promise<string[]> {
  return adminUsers.emails(sql, 3);
}

export async function findAdminById(sql: Sql, id: string): Promise<AuthUser | undefined> {
  const row = await adminUsers.findById(sql, id);
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
  const row = await adminUsers.upsert(sql, { email: input.email, firstName: input.firstName ?? null, passwordHash: hash });
  if (!row.created) await sessions.removeAllOf(sql, row.id);
  return { user: toUser(row), created: row.created };
}

/** First start: creates the account from ADMIN_EMAIL/ADMIN_PASSWORD unless it exists (its password is then left alone). */
export async function bootstrapAdmin(sql: Sql, email: string, password: string): Promise<boolean> {
  const problem = adminAccountProblem(email, password);
  if (problem) throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: ${problem}`);
  if (await adminUsers.exists(sql, email)) return false;
  return adminUsers.insertIfAbsent(sql, email, await hashPassword(password));
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
  const wait = await loginThrottle.waitSeconds(sql, account, client);
  if (wait !== undefined) return { ok: false, reason: 'throttled', retryAfterSeconds: Math.max(1, wait) };

  const row = await adminUsers.findCredentials(sql, account);
  const valid = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
  if (row && valid) {
    await loginThrottle.clear(sql, account, client);
    return { ok: true, user: toUser(row) };
  }
  await loginThrottle.recordFailure(sql, account, client);
  await loginThrottle.forgetIdle(sql);
  return { ok: false, reason: 'invalid' };
}
