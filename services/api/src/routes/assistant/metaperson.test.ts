// The avatar creator: its secret stays on the server (a short-lived token is handed out
// instead), and only /metaperson-chat may frame its origin, only when it is configured.
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '@curb/runtime';
import { testConfig } from '../../../../../test/harness.ts';
import { NO_VOICE_TOOLS } from '../../lib/voice/tools.ts';
import assistant from './index.ts';

const CONFIGURED = { METAPERSON_CLIENT_ID: 'client-id', METAPERSON_CLIENT_SECRET: 'client-secret' };

async function appWith(env: Record<string, string>, tokenUrl?: string) {
  const config = testConfig(env);
  const app = await createServer(config);
  await app.register(assistant, { config, tools: async () => NO_VOICE_TOOLS, metapersonTokenUrl: tokenUrl });
  return app;
}

describe('avatar creator', () => {
  let server: Server;
  let tokenUrl: string;
  let calls: Array<{ auth?: string; body: string }> = [];
  let refuse = false;
  beforeAll(async () => {
    server = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls.push({ auth: req.headers.authorization, body });
        if (refuse) return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: 'short-token', token_type: 'Bearer', expires_in: 36000 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/o/token/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('hands out a cached short-lived token obtained with the client credentials', async () => {
    calls = [];
    refuse = false;
    const app = await appWith(CONFIGURED, tokenUrl);
    expect((await app.inject('/api/voice/capabilities')).json().metaperson).toEqual({ enabled: true });
    const [first, second] = await Promise.all([
      app.inject({ method: 'POST', url: '/api/voice/metaperson-token' }),
      app.inject({ method: 'POST', url: '/api/voice/metaperson-token' }),
    ]);
    expect(first.json().accessToken).toBe('short-token');
    expect(first.json().expiresIn).toBeGreaterThan(30_000);
    expect(second.json().accessToken).toBe('short-token');
    expect(first.body).not.toContain('client-secret');
    expect(calls).toEqual([
      { auth: `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`, body: 'grant_type=client_credentials' },
    ]);
    await app.close();
  });

  it('answers 503 when the credentials are refused and 404 when not configured', async () => {
    refuse = true;
    const app = await appWith(CONFIGURED, tokenUrl);
    const refused = await app.inject({ method: 'POST', url: '/api/voice/metaperson-token' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: 'The avatar creator refused our credentials.' });
    await app.close();

    const plain = await appWith({ METAPERSON_CLIENT_ID: 'only-the-id' });
    expect((await plain.inject('/api/voice/capabilities')).json().metaperson).toEqual({ enabled: false });
    const missing = await plain.inject({ method: 'POST', url: '/api/voice/metaperson-token' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'The avatar creator is not configured.' });
    await plain.close();
  });
});
