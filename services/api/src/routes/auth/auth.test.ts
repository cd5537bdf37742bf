// Admin sign-in against the real database: sessions, rotation, lockout, rate limit,
// same-origin writes, and the guard proven on every route the composed server registers.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { AUTH_MESSAGES, LOGIN_MAX_FAILURES, LOGIN_RATE_PER_MINUTE } from '@curb/contracts/auth';
import { createServer, type Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { REPO_ROOT } from '../../../../../test/process.ts';
import auth, { requiresAdmin, SESSION_COOKIE } from '../../plugins/auth.ts';
import authRoutes from './index.ts';

// Every route the composed server registers, seen through an onRoute hook added as soon
// as the server exists.
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('@curb/runtime', async (importOriginal) => {
  const runtime = await importOriginal<typeof import('@curb/runtime')>();
  return {
    ...runtime,
    createServer: async (...args: Parameters<typeof runtime.createServer>) => {
      const app = await runtime.createServer(...args);
      app.addHook('onRoute', (route) => void registered.push(route));
      return app;
    },
  };
});

/** app.inject's default Host is localhost:80. */
const SITE = 'http://localhost';
const ADMIN = { email: 'owner@curb.test', password: 'correct horse battery' };
let address = 0;
/** Each test signs in from its own address, so the per-address rate limit stays out of the way. */
const newAddress = () => `10.0.0.${++address}`;

function sessionCookie(res: { cookies: Array<{ name: string; value: string }> }): string | undefined {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  return c && c.value ? `${SESSION_COOKIE}=${c.value}` : undefined;
}

describe('admin authentication', () => {
  let app: FastifyInstance;
  let stores: Stores;
  const login = (body: object, extra: Partial<InjectOptions> = {}) =>
    app.inject({ method: 'POST', url: '/api/login', payload: body, remoteAddress: newAddress(), ...extra });

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }), stores);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  it('creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD with a scrypt hash', async () => {
    const rows = await stores.sql`SELECT email, password_hash FROM admin_users`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe(ADMIN.email);
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(rows[0]!.password_hash).not.toContain(ADMIN.password);
  });

  it('signs in, sets a locked-down session cookie and answers the user', async () => {
    const res = await login(ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: ADMIN.email, firstName: null });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/api/);
    expect(setCookie).not.toMatch(/Secure/); // plain http outside production

    const me = await app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(ADMIN.email);
    const [row] = await stores.sql`SELECT session->>'userId' AS uid, expires_at > now() AS live FROM admin_sessions`;
    expect(row).toEqual({ uid: me.json().id, live: true });
  });

  it('keeps an active session alive with one write every few minutes, not one per request', async () => {
    const cookie = sessionCookie(await login(ADMIN))!;
    const sid = async () => (await stores.sql`SELECT sid FROM admin_sessions ORDER BY expires_at DESC LIMIT 1`)[0]!.sid as string;
    const id = await sid();
    const expiry = async () => ((await stores.sql`SELECT expires_at FROM admin_sessions WHERE sid = ${id}`)[0]!.expires_at as Date).getTime();
    // Pretend the last activity was an hour ago and the session is about to lapse.
    await stores.sql`UPDATE admin_sessions SET expires_at = now() + interval '10 minutes',
      session = jsonb_set(session, '{touchedAt}', to_jsonb(${Date.now() - 3_600_000}::bigint)) WHERE sid = ${id}`;
    const lapsing = await expiry();
    const first = await app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['set-cookie']).toBeDefined();
    const renewed = await expiry();
    expect(renewed - lapsing).toBeGreaterThan(7 * 3_600_000);
    const second = await app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(second.headers['set-cookie']).toBeUndefined();
    expect(await expiry()).toBe(renewed);
  });

  it('answers 401 to an anonymous or forged user query', async () => {
    for (const headers of [{}, { cookie: `${SESSION_COOKIE}=forged.value` }]) {
      const res = await app.inject({ url: '/api/auth/user', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.required });
    }
  });

  it('refuses a wrong password or an unknown e-mail with the same answer', async () => {
    for (const body of [{ ...ADMIN, password: 'wrong password!' }, { email: 'nobody@curb.test', password: ADMIN.password }]) {
      const res = await login(body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.invalid });
      expect(sessionCookie(res)).toBeUndefined();
    }
  });

  it.each([
    ['no password', { email: ADMIN.email }],
    ['a bad e-mail', { email: 'not-an-email', password: 'x' }],
    ['an unknown field', { ...ADMIN, admin: true }],
  ])('refuses a login body with %s as a 400', async (_label, body) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid request/);
  });

  it('gives a new session id at each sign-in; the old one stops working', async () => {
    const first = sessionCookie(await login(ADMIN))!;
    const second = await login(ADMIN, { headers: { cookie: first, origin: SITE } });
    expect(second.statusCode).toBe(200);
    const rotated = sessionCookie(second)!;
    expect(rotated).not.toBe(first);
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: rotated } })).statusCode).toBe(200);
  });

  it('logs out with a plain link: session gone, cookie cleared, back to the site', async () => {
    const cookie = sessionCookie(await login(ADMIN))!;
    const res = await app.inject({ url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`));
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('refuses a sign-in posted from another site', async () => {
    const res = await login(ADMIN, { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.crossOrigin });
    const same = await login(ADMIN, { headers: { origin: SITE } });
    expect(same.statusCode).toBe(200);
  });

  it('refuses an admin write riding on the session without a same-origin Origin or Referer', async () => {
    const cookie = sessionCookie(await login(ADMIN))!;
    const bare = await app.inject({ method: 'PUT', url: '/api/settings/seo', headers: { cookie }, payload: {} });
    expect(bare.statusCode).toBe(403);
    const crossSite = await app.inject({ method: 'PUT', url: '/api/settings/seo', headers: { cookie, referer: 'https://evil.example/x' }, payload: {} });
    expect(crossSite.statusCode).toBe(403);
  });

  it(`locks the account after ${LOGIN_MAX_FAILURES} wrong passwords, even for the right one`, async () => {
    await stores.sql`INSERT INTO admin_users (email, password_hash) SELECT 'locked@curb.test', password_hash FROM admin_users WHERE email = ${ADMIN.email}`;
    const locked = { email: 'locked@curb.test', password: ADMIN.password };
    const answers: number[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) answers.push((await login({ ...locked, password: `wrong ${i} password` })).statusCode);
    expect(answers).toEqual([...Array(LOGIN_MAX_FAILURES - 1).fill(401), 429]);
    const right = await login(locked);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: AUTH_MESSAGES.locked });
    // Once the lock has run out, the right password works and the count starts over.
    await stores.sql`UPDATE admin_users SET locked_until = now() - interval '1 second' WHERE email = 'locked@curb.test'`;
    expect((await login(locked)).statusCode).toBe(200);
    const [row] = await stores.sql`SELECT failed_logins, locked_until FROM admin_users WHERE email = 'locked@curb.test'`;
    expect(row).toEqual({ failed_logins: 0, locked_until: null });
  });

  it(`limits one address to ${LOGIN_RATE_PER_MINUTE} attempts a minute`, async () => {
    const remoteAddress = newAddress();
    const codes: number[] = [];
    for (let i = 0; i <= LOGIN_RATE_PER_MINUTE; i++) codes.push((await login({ email: 'nobody@curb.test', password: 'x' }, { remoteAddress })).statusCode);
    expect(codes.at(-1)).toBe(429);
    expect(codes.slice(0, -1).every((c) => c === 401)).toBe(true);
    const limited = await login(ADMIN, { remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: AUTH_MESSAGES.rateLimited });
  });

  it('refuses anonymous calls with 401 on every admin, analytics, seo and settings-writing route', async () => {
    const protectedRoutes = registered.flatMap((route) =>
      [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS' && requiresAdmin(m, route.url)).map((method) => ({ method, url: route.url })),
    );
    for (const { method, url } of protectedRoutes) {
      const path = url.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x');
      const res = await app.inject({ method: method as InjectOptions['method'], url: path });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 401 });
    }
    expect(protectedRoutes.length).toBeGreaterThan(0);
  });

  it('creates or resets an admin with `pnpm admin:create --email --password`', async () => {
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'services/api/src/cli/admin-create.ts'), ...args], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: stores.postgresUrl, LOG_LEVEL: 'silent' },
      });
    const created = await run(['--email', 'second@curb.test', '--password', 'another long password', '--first-name', 'Ann']);
    expect(created.stdout).toContain('Admin account second@curb.test created.');
    const res = await login({ email: 'second@curb.test', password: 'another long password' });
    expect(res.json()).toMatchObject({ email: 'second@curb.test', firstName: 'Ann' });

    const cookie = sessionCookie(res)!;
    const reset = await run(['--email', 'Second@curb.test', '--password', 'a brand new password']);
    expect(reset.stdout).toContain('sessions were ended');
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);

    await expect(run(['--email', 'x@curb.test', '--password', 'short'])).rejects.toMatchObject({ stderr: expect.stringContaining('at least 12 characters') });
  });
});

describe('admin session cookie in production', () => {
  it('is Secure behind a trusted https proxy', async () => {
    const stores = await createTestStores();
    const config = testConfig({ NODE_ENV: 'production', TRUST_PROXY: 'loopback', SESSION_SECRET: 'x'.repeat(40), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const app = await createServer(config);
    await app.register(auth, { config, stores });
    await app.register(authRoutes, { stores });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: ADMIN, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await app.close();
      await stores.close();
    }
  });
});
