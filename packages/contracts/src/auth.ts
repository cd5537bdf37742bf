// Admin sign-in: the login request, the signed-in user, and the rules both sides share.
import { Type, type Static } from '@sinclair/typebox';
import { RATE_LIMITS } from './limits.ts';

export const LoginBodySchema = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBodySchema>;

/** What `GET /api/auth/user` and `POST /api/login` answer. The navigation reads email and firstName. */
export const AuthUserSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  firstName: Type.Union([Type.String(), Type.Null()]),
});
export type AuthUser = Static<typeof AuthUserSchema>;

/** Who is signed in, if anyone: the sign-in page asks on every visit, and "no one" is not an error. */
export const AuthSessionSchema = Type.Object({ user: Type.Union([AuthUserSchema, Type.Null()]) });
export type AuthSession = Static<typeof AuthSessionSchema>;

/** Passwords of admin accounts: long enough that the lockout, not guessing, is the limit. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export const ADMIN_PASSWORD_MAX_LENGTH = 256;

/**
 * Sign-in throttling per (account, client address): this many wrong passwords in a row are
 * answered at once; each further one makes that client wait before its next try, twice as
 * long each time from LOGIN_FIRST_DELAY_SECONDS up to LOGIN_MAX_DELAY_SECONDS. Other clients
 * (the owner elsewhere) are not slowed down, and the right password works after the wait.
 */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_FIRST_DELAY_SECONDS = 2;
export const LOGIN_MAX_DELAY_SECONDS = 300;
/** Sign-in attempts one address may make per minute, whatever the account (the limits table). */
export const LOGIN_RATE_PER_MINUTE = RATE_LIMITS.login;

/** An admin session ends after this long without a request. */
export const SESSION_IDLE_HOURS = 8;

export const AUTH_MESSAGES = {
  required: 'Sign in as the admin to continue.',
  invalid: 'Invalid email or password.',
  throttled: 'Too many failed sign-in attempts from here. Wait a moment and try again.',
  rateLimited: 'Too many sign-in attempts from this address. Wait a minute and try again.',
  crossOrigin: 'Cross-site requests are not accepted.',
  /** An Authorization: Bearer token that is not one of the owner's (or was revoked). */
  invalidToken: 'This API token is not valid (it may have been revoked).',
  /** Production marks the session cookie Secure: a browser on plain http would never send it back. */
  needsHttps:
    'Sign-in needs HTTPS: this server runs in production, where the admin cookie is sent over HTTPS only. ' +
    'Serve the site over HTTPS, or set TRUST_PROXY to the proxy that terminates TLS (it must send X-Forwarded-Proto: https).',
} as const;
