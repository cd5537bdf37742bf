// Admin sessions and the one guard in front of every admin route. Registered in the api
// before any route plugin, so its hooks cover every route registered after it.
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES, SESSION_IDLE_HOURS } from '@curb/contracts/auth';
import type { Config } from '@curb/contracts/config';
import { HttpError, type Stores } from '@curb/runtime';
import { statsAccess } from '@curb/db';
import { bootstrapAdmin } from '../lib/auth/admin-users.ts';
import { bearerToken, hashToken } from '../lib/auth/api-tokens.ts';
import { loadSessionSecret } from '../lib/auth/session-secret.ts';
import { postgresSessionStore } from '../lib/auth/session-store.ts';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** ms since epoch: a session ends SESSION_MAX_AGE_MS after sign-in, however active. */
    signedInAt?: number;
    /** ms since epoch of the last save that pushed the idle expiry forward. */
    touchedAt?: number;
  }
  interface FastifyRequest {
    /** The signed-in admin's id, or undefined for an anonymous request. */
    adminId(): string | undefined;
    /** True when a session cookie set on this request would never come back (Secure, over plain http). */
    sessionCookieLost(): boolean;
  }
}

export const SESSION_COOKIE = 'curb_admin';
const IDLE_MS = SESSION_IDLE_HOURS * 3_600_000;
const SESSION_MAX_AGE_MS = 7 * 24 * 3_600_000;
/** How often activity pushes the idle expiry forward (one session write per interval, not per request). */
const TOUCH_INTERVAL_MS = 5 * 60_000;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PROTECTED_PREFIX = /^\/api\/(admin|analytics|seo|stats)(\/|$)/;
const SETTINGS_PREFIX = /^\/api\/settings(\/|$)/;

/** The routes an owner's API token opens: the read-only stats query and the current visitors. */
const TOKEN_ROUTES = new Set(['POST /api/stats', 'GET /api/stats/realtime/visitors']);

/** The rule the guard applies: admin areas for every method, settings for writes. */
export function requiresAdmin(method: string, path: string): boolean {
  return PROTECTED_PREFIX.test(path) || (!READ_METHODS.has(method) && SETTINGS_PREFIX.test(path));
}

export default fp(
  async function auth(app: FastifyInstance, opts: { config: Config; stores: Stores }) {
    const { config, stores } = opts;
    const production = config.NODE_ENV === 'production';
    await app.register(cookie);
    await app.register(session, {
      secret: loadSessionSecret(config.DATA_DIR, config.SESSION_SECRET),
      cookieName: SESSION_COOKIE,
      store: postgresSessionStore(stores.sql, IDLE_MS),
      // Anonymous visitors get no session row and no cookie; only a sign-in creates one.
      saveUninitialized: false,
      // Not on every request: the guard refreshes an active session every few minutes.
      rolling: false,
      // Only the API reads the session, so page and asset requests never carry the cookie.
      cookie: { path: '/api', httpOnly: true, sameSite: 'lax', secure: production, maxAge: IDLE_MS },
    });

    app.decorateRequest('adminId', function (this: FastifyRequest) {
      const s = this.session;
      const now = Date.now();
      if (!signedIn(s, now)) return undefined;
      // Sliding idle timeout: a changed session is saved with a fresh expiry (and cookie).
      if (!s.touchedAt || now - s.touchedAt > TOUCH_INTERVAL_MS) s.touchedAt = now;
      return s.userId;
    });
    // @fastify/session's own rule: a Secure cookie is not set unless the request is https
    // (the socket's, or X-Forwarded-Proto from a trusted proxy).
    app.decorateRequest('sessionCookieLost', function (this: FastifyRequest) {
      return production && this.protocol !== 'https';
    });
    if (production && !httpsInFront(config)) {
      app.log.warn(
        { TRUST_PROXY: config.TRUST_PROXY, PUBLIC_URL: config.PUBLIC_URL ?? null },
        'production without HTTPS: the admin cookie is Secure, so the owner can sign in only over HTTPS. ' +
          'Put a proxy that terminates TLS in front, set TRUST_PROXY to it and PUBLIC_URL to the https:// address',
      );
    }

    const allowedOrigins = new Set(config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : []);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (!READ_METHODS.has(request.method) && !isSameOrigin(request, allowedOrigins)) {
        throw new HttpError(403, AUTH_MESSAGES.crossOrigin);
      }
      // The registered pattern, not the raw URL: an encoded path cannot slip past.
      const routePath = request.routeOptions.url ?? request.url.split('?')[0]!;
      if (!requiresAdmin(request.method, routePath) || request.adminId()) return;
      // An API token stands in for the owner on the stats routes alone; anywhere else it is no one.
      const token = bearerToken(request.headers.authorization);
      if (token && TOKEN_ROUTES.has(`${request.method} ${routePath}`)) {
        if (await statsAccess.useToken(stores.sql, hashToken(token))) return;
        throw new HttpError(401, AUTH_MESSAGES.invalidToken);
      }
      throw new HttpError(401, AUTH_MESSAGES.required);
    });

    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      if (await bootstrapAdmin(stores.sql, config.ADMIN_EMAIL, config.ADMIN_PASSWORD)) {
        app.log.info({ email: config.ADMIN_EMAIL }, 'admin account created from ADMIN_EMAIL');
      }
    }
  },
  { name: 'curb-auth' },
);

/** A signed-in session that has not outlived SESSION_MAX_AGE_MS since its sign-in. */
export function signedIn(
  s: { userId?: string; signedInAt?: number } | undefined,
  now = Date.now(),
): s is { userId: string; signedInAt: number; touchedAt?: number } {
  return Boolean(s?.userId && s.signedInAt && now - s.signedInAt <= SESSION_MAX_AGE_MS);
}

/**
 * Whether the configuration lets requests arrive as https: this server speaks plain http, so
 * only a trusted proxy saying X-Forwarded-Proto: https can, and the public address says so.
 */
function httpsInFront(config: Config): boolean {
  return config.TRUST_PROXY !== 'false' && config.TRUST_PROXY !== '0' && (config.PUBLIC_URL ?? '').startsWith('https://');
}

/**
 * A state-changing request must come from the site itself. Browsers send Origin on every
 * cross-site POST; a request without one (a script, curl) is let through unless it rides
 * on an admin session, where the Referer must then vouch for it.
 */
function isSameOrigin(request: FastifyRequest, allowed: Set<string>): boolean {
  const originOf = (value: string) => {
    try {
      return new URL(value).origin;
    } catch {
      return undefined;
    }
  };
  const own = originOf(`${request.protocol}://${request.host}`);
  const matches = (value: string) => {
    const origin = originOf(value);
    return origin !== undefined && origin !== 'null' && (origin === own || allowed.has(origin));
  };
  const origin = request.headers.origin;
  if (origin !== undefined) return matches(origin);
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  if (!request.cookies?.[SESSION_COOKIE]) return true;
  const referer = request.headers.referer;
  return referer !== undefined && matches(referer);
}
