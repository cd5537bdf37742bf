// The collector's metrics in the composed server: the signed-in owner reads them from
// anywhere, this machine without signing in, anyone else gets a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Stores } from '@curb/runtime';
import { createTestStores, testConfig } from '../../../test/harness.ts';
import { composeApp } from './compose.ts';

const ADMIN = { email: 'owner@curb.test', password: 'correct horse battery' };
/** Behind the trusted proxy (loopback), the client is the address X-Forwarded-For names. */
const REMOTE = { 'x-forwarded-for': '203.0.113.50' };

describe('GET /api/events/metrics in the composed server', () => {
  let app: FastifyInstance;
  let stores: Stores;
  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig({ TRUST_PROXY: 'loopback', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }), stores);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  const metrics = (headers: Record<string, string>) => app.inject({ url: '/api/events/metrics', headers });

  it('refuses a remote client that is not signed in, and a forged or stale session cookie', async () => {
    expect((await metrics(REMOTE)).statusCode).toBe(404);
    expect((await metrics({ ...REMOTE, cookie: 'curb_admin=forged.value' })).statusCode).toBe(404);
  });

  it('answers the signed-in owner from anywhere, and stops when the session ends', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: ADMIN, headers: REMOTE });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((c) => c.name === 'curb_admin')!;
    const cookie = `curb_admin=${session.value}`;
    const res = await metrics({ ...REMOTE, cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('spooled');

    const logout = await app.inject({ url: '/api/logout', headers: { ...REMOTE, cookie, 'sec-fetch-site': 'same-origin' } });
    expect(logout.statusCode).toBe(302);
    expect((await metrics({ ...REMOTE, cookie })).statusCode).toBe(404);
  });

  it('answers this machine without a sign-in', async () => {
    expect((await metrics({})).statusCode).toBe(200);
  });
});
