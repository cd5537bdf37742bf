// The client's address and what one client may hold open, on a real listening server.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/harness.ts';
import { MAX_CONNECTIONS_PER_ADDRESS } from './connection-limits.ts';
import { createServer, trustProxyOption } from './server.ts';

const apps: Awaited<ReturnType<typeof createServer>>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A server whose one rate-limited route answers the address it sees for the client. */
async function server(env: Record<string, string> = {}) {
  const app = await createServer(testConfig(env));
  apps.push(app);
  app.post('/api/echo', { config: { rateLimit: { max: 10, timeWindow: 60_000 } } }, async (request) => ({ ip: request.ip }));
  app.get('/api/health', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, port };
}

const echo = (url: string, forwardedFor?: string) =>
  fetch(`${url}/api/echo`, { method: 'POST', headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });

describe('the client address', () => {
  it('ignores X-Forwarded-For by default, so a rotating header cannot dodge a per-address limit', async () => {
    const { url } = await server({ NODE_ENV: 'production' });
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) statuses.push((await echo(url, `203.0.113.${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('takes the rightmost hop that is not a trusted proxy', async () => {
    const { url } = await server({ TRUST_PROXY: '127.0.0.1' });
    // A client claims 198.51.100.1; our proxy (loopback) appends the address it saw.
    expect(await (await echo(url, '198.51.100.1, 203.0.113.50')).json()).toEqual({ ip: '203.0.113.50' });
    const hops = await server({ TRUST_PROXY: '1' });
    expect(await (await echo(hops.url, '198.51.100.1, 203.0.113.51')).json()).toEqual({ ip: '203.0.113.51' });
  });

  it('trusts a hop count as the operator states it', () => {
    const rule = trustProxyOption('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => rule('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxyOption('0')).toBe(false);
  });

  it.each([
    ['false', false],
    ['10.0.0.0/8, 172.16.0.0/12,loopback', ['10.0.0.0/8', '172.16.0.0/12', 'loopback']],
    ['::1, fd00::/8', ['::1', 'fd00::/8']],
  ] as const)('reads TRUST_PROXY=%s', (value, option) => expect(trustProxyOption(value)).toEqual(option));

  it.each(['abc', '10.0.0.0/33', '1.2.3.4/8/9', '::1/129'])('refuses TRUST_PROXY=%s with one line', (value) => {
    expect(() => trustProxyOption(value)).toThrow(/^Invalid TRUST_PROXY=/);
  });
});

describe('connections that hold on', () => {
  const open = (port: number) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
      socket.once('error', reject);
    });
  const closed = (socket: Socket) =>
    new Promise<number>((resolve) => {
      const started = performance.now();
      socket.once('close', () => resolve(performance.now() - started));
    });

  // Twenty from one address: the rate limiter answers ten of them 429 before their body came.
  it('closes a request whose body trickles in past the timeout, answered or not, and keeps answering others meanwhile', async () => {
    const { app, port, url } = await server({ REQUEST_TIMEOUT_MS: '1500' });
    const stalled = await Promise.all(Array.from({ length: 20 }, () => open(port)));
    for (const s of stalled) {
      s.on('error', () => {});
      s.resume();
      s.write('POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":');
    }
    // A byte every 300 ms: never idle, never done.
    const trickle = setInterval(
      () =>
        stalled.forEach((s) => {
          if (!s.destroyed) s.write(' ');
        }),
      300,
    );
    try {
      const connections = () => new Promise<number>((resolve) => app.server.getConnections((_err, n) => resolve(n)));
      await expect.poll(connections, { timeout: 1000 }).toBeGreaterThanOrEqual(20);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      // The server lets go of every stalled connection soon after the 1.5 s request timeout.
      await expect.poll(connections, { timeout: 5000, interval: 100 }).toBeLessThanOrEqual(1);
    } finally {
      clearInterval(trickle);
      for (const s of stalled) s.destroy();
    }
  });

  it(`refuses more than ${MAX_CONNECTIONS_PER_ADDRESS} open connections from one address`, async () => {
    const { app, port } = await server();
    const sockets = await Promise.all(Array.from({ length: MAX_CONNECTIONS_PER_ADDRESS }, () => open(port)));
    const extra = await open(port);
    expect(await closed(extra)).toBeLessThan(2000);
    for (const s of sockets) s.destroy();
    // Once the server has let them go, a new connection is served: it gets an answer.
    const held = () => new Promise<number>((resolve, reject) => app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
    await expect.poll(held, { interval: 10 }).toBe(0);
    const again = await open(port);
    const answer = new Promise<string>((resolve) => again.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    again.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await answer).toMatch(/^HTTP\/1\.1 200 /);
    again.destroy();
  });
});
