// Sign-in, the current user and sign-out for the admin portal.
import { rateLimit } from '@curb/contracts/limits';
import type { RouteApp } from '../../lib/route-app.ts';
import { AUTH_MESSAGES, type AuthSession, AuthSessionSchema, AuthUserSchema, LoginBodySchema } from '@curb/contracts/auth';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import { HttpError, type Stores } from '@curb/runtime';
import { findAdminById, signIn } from '../../lib/auth/admin-users.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';

export default async function authRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const { sql } = opts.stores;

  app.post(
    '/api/login',
    {
      schema: { body: LoginBodySchema, response: { 200: AuthUserSchema, '4xx': ErrorResponseSchema } },
      config: {
        rateLimit: {
          ...rateLimit('login'),
          errorResponseBuilder: () => new HttpError(429, AUTH_MESSAGES.rateLimited),
        },
      },
    },
    async (request) => {
      // Said, not silently lost: the answer would carry the user and a cookie the browser drops.
      if (request.sessionCookieLost()) {
        request.log.warn({ protocol: request.protocol }, 'sign-in refused: production over plain http');
        throw new HttpError(403, AUTH_MESSAGES.needsHttps);
      }
      const result = await signIn(sql, request.body.email, request.body.password, request.ip);
      if (!result.ok) {
        if (result.reason === 'throttled')
          throw new HttpError(429, AUTH_MESSAGES.throttled, { retryAfterSeconds: result.retryAfterSeconds });
        throw new HttpError(401, AUTH_MESSAGES.invalid);
      }
      // A fresh session id at sign-in: an id planted before it (session fixation) is worthless.
      await request.session.regenerate();
      request.session.userId = result.user.id;
      request.session.signedInAt = request.session.touchedAt = Date.now();
      return result.user;
    },
  );

  // The page's question "is anyone signed in?": a 401 for "no" would be a console error on
  // every visit to the sign-in page, so the answer is a 200 saying no one.
  app.get('/api/auth/session', { schema: { response: { 200: AuthSessionSchema } } }, async (request, reply): Promise<AuthSession> => {
    reply.header('cache-control', 'no-store');
    const id = request.adminId();
    return { user: (id && (await findAdminById(sql, id))) || null };
  });

  app.get('/api/auth/user', { schema: { response: { 200: AuthUserSchema, 401: ErrorResponseSchema } } }, async (request) => {
    const id = request.adminId();
    const user = id ? await findAdminById(sql, id) : undefined;
    if (!user) throw new HttpError(401, AUTH_MESSAGES.required);
    return user;
  });

  // A plain link in the admin bar: ends the session and lands on the sign-in page (where the
  // owner who signed out is, and can sign in again; View Site is the way to the site). A page of
  // another site cannot end it for the owner (a link or image pointing here): browsers say
  // where a request comes from in Sec-Fetch-Site; older ones send a Referer at most.
  app.get('/api/logout', async (request, reply) => {
    if (!fromThisSite(request.headers, request.host)) throw new HttpError(403, AUTH_MESSAGES.crossOrigin);
    if (request.session?.sessionId) await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: '/api' });
    return reply.header('cache-control', 'no-store').redirect('/admin', 302);
  });
}

/** Same-origin requests and direct navigations (typed, bookmarked) pass; other sites do not. */
function fromThisSite(headers: Record<string, string | string[] | undefined>, host: string): boolean {
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const referer = headers.referer;
  if (typeof referer !== 'string') return true;
  try {
    return new URL(referer).host === host;
  } catch {
    return false;
  }
}
