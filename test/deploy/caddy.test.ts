// The one-server setup as it runs: Debian's Caddy with deploy/Caddyfile (certificates from
// Caddy's own CA instead of Let's Encrypt, for a loopback name) in front of a production
// instance configured like deploy/curb.env.example.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '@curb/contracts/config';
import { freePort } from '@curb/runtime/free-port';
import { openStores } from '@curb/runtime';
import { GOOD_HTML } from '../audit/checks/good-site.ts';
import { startSite, type TestSite } from '../audit/sites.ts';
import { REPO_ROOT, startProduct, type RunningProduct } from '../process.ts';

const CADDY = '/usr/bin/caddy';
const NAME = 'curb.localhost';
const OWNER = { email: 'owner@curb.test', password: 'the owner password 2026' };
// A client that is not the proxy: another loopback address, as a visitor's would be.
const VISITOR_ADDRESS = '127.0.0.2';
const FORGED = '203.0.113.9';

const dir = mkdtempSync(join(tmpdir(), 'curb-caddy-'));
let product: RunningProduct;
let caddy: ChildProcess;
let caddyLog = '';
let site: TestSite;
let httpPort = 0;
let httpsPort = 0;
let rootCa = '';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(
  scheme: 'http' | 'https',
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const port = scheme === 'https' ? httpsPort : httpPort;
  const common = {
    host: '127.0.0.1',
    port,
    method,
    path,
    localAddress: options.from ?? '127.0.0.1',
    headers: {
      host: `${NAME}:${port}`,
      'user-agent': 'Mozilla/5.0 Chrome/156.0',
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    timeout: 30_000,
  };
  return new Promise((resolve, reject) => {
    const onResponse = (res: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    };
    const req =
      scheme === 'https'
        ? https.request({ ...common, servername: NAME, ca: rootCa, agent: false }, onResponse)
        : http.request({ ...common, agent: false }, onResponse);
    req.on('error', reject);
    req.end(payload);
  });
}

const json = (a: Answer) => JSON.parse(a.body.toString()) as Record<string, unknown>;

async function waitFor<T>(what: string, attempt: () => Promise<T | undefined>, ms: number): Promise<T> {
  let last: unknown;
  const arrived = async () => {
    const value = await attempt().catch((err: unknown) => {
      last = err;
      return undefined;
    });
    if (value === undefined) throw new Error('not yet');
    return value;
  };
  return vi.waitFor(arrived, { timeout: ms, interval: 200 }).catch(() => {
    throw new Error(`${what} did not happen within ${ms} ms (${String(last)})\n${caddyLog}`);
  });
}

beforeAll(async () => {
  site = await startSite({ '/': GOOD_HTML, '/robots.txt': 'User-agent: *\nAllow: /\n' });
  httpPort = await freePort();
  httpsPort = await freePort();
  product = await startProduct(join(dir, 'data'), {
    NODE_ENV: 'production',
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: `https://${NAME}:${httpsPort}`,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    AUDIT_ALLOW_PRIVATE_NETWORKS: 'true',
    // No Lighthouse run: the proxy is under test here, not the speed measurement (a minute on 2 cores).
    CHROME_PATH: join(dir, 'no-chromium'),
  });
  const productPort = new URL(product.url).port;

  // The deployed Caddyfile as is; only the test's global options differ from a server's.
  const caddyfile = join(dir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{\n\tadmin off\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tlocal_certs\n\tskip_install_trust\n}\n` +
      `import ${join(REPO_ROOT, 'deploy', 'Caddyfile')}\n`,
  );
  // Caddy keeps its CA and certificates under its data directory: here, never the machine's home.
  const home = join(dir, 'caddy-home');
  caddy = spawn(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'config'),
      CURB_DOMAIN: NAME,
      CURB_PORT: productPort,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout!.on('data', (c: Buffer) => (caddyLog += c.toString()));
  caddy.stderr!.on('data', (c: Buffer) => (caddyLog += c.toString()));
  const rootPath = join(home, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  await waitFor('Caddy created its local CA', async () => (existsSync(rootPath) ? true : undefined), 20_000);
  rootCa = readFileSync(rootPath, 'utf8');
  await waitFor(
    'Caddy serving HTTPS',
    async () => ((await request('https', 'GET', '/api/health')).status === 200 ? true : undefined),
    20_000,
  );
}, 120_000);

afterAll(async () => {
  caddy?.kill('SIGTERM');
  await product?.stop();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('deploy/Caddyfile in front of a production instance', () => {
  it('redirects plain http to https', async () => {
    const answer = await request('http', 'GET', '/services?x=1');
    expect(answer.status).toBe(308);
    // Caddy names no port in the redirect: on a server that is 443.
    expect(answer.headers.location).toBe(`https://${NAME}/services?x=1`);
  });

  it('signs the owner in over HTTPS with a Secure cookie and HSTS', async () => {
    const login = await request('https', 'POST', '/api/login', { body: OWNER });
    expect(login.status).toBe(200);
    expect(login.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const cookie = login.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    const user = await request('https', 'GET', '/api/auth/user', { headers: { cookie: cookie.split(';')[0]! } });
    expect(user.status).toBe(200);
    expect(json(user)).toMatchObject({ email: OWNER.email });

    // The self-check the start printed and the System Overview shows: here only mail and
    // backups are missing (this instance has neither), each said once with its fix.
    const check = await request('https', 'GET', '/api/admin/self-check', { headers: { cookie: cookie.split(';')[0]! } });
    expect(check.status).toBe(200);
    const failing = (json(check).items as Array<{ id: string; ok: boolean }>).filter((i) => !i.ok).map((i) => i.id);
    expect(failing).toEqual(expect.arrayContaining(['mail', 'backups']));
    expect(failing).not.toContain('https');
    expect(failing).not.toContain('admin');
    const startLines = product
      .output()
      .split('\n')
      .filter((line) => line.includes('Self-check: '));
    expect(startLines).toHaveLength(failing.length);
    expect(startLines.join('\n')).toMatch(/Self-check: No daily backup is scheduled\. Fix: Set BACKUP_DIR/);
  });

  it('sends beacons and a lead form through the proxy, and serves the report and its PDF', async () => {
    const beacon = await request('https', 'POST', '/api/events', { body: { name: 'page_view', path: '/' } });
    expect(beacon.status).toBe(202);

    const lead = await request('https', 'POST', '/api/lead', {
      body: {
        formId: 'inline-audit',
        variant: 'inline-audit',
        source: 'Marketing Audit Page',
        website: `http://127.0.0.1:${site.port}/`,
        businessName: 'Proxy Realty',
        email: 'agent@proxy-realty.example',
        emailConsent: true,
      },
    });
    expect(lead.status, lead.body.toString()).toBe(201);
    const reportId = json(lead).reportId as string;
    await waitFor(
      'the audit finished',
      async () => {
        const report = json(await request('https', 'GET', `/api/audit-report/${reportId}`));
        if (report.status === 'failed') throw new Error(`audit failed: ${String(report.error)}`);
        return report.status === 'ready' ? true : undefined;
      },
      90_000,
    );
    const pdf = await request('https', 'GET', `/api/audit-report/${reportId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);

  it('counts the address Caddy forwards and ignores an X-Forwarded-For sent from outside', async () => {
    const wrong = await request('https', 'POST', '/api/login', {
      body: { email: 'nobody@curb.test', password: 'a wrong password 123' },
      headers: { 'x-forwarded-for': FORGED },
      from: VISITOR_ADDRESS,
    });
    expect(wrong.status).toBe(401);
    // The sign-in throttle keys on the client's address: read what the product recorded.
    await product.stop();
    const stores = await openStores(parseConfig({ DATA_DIR: join(dir, 'data') }), { allowEmbedded: true });
    try {
      const rows = await stores.sql<{ client: string }[]>`SELECT client FROM login_throttle WHERE account = 'nobody@curb.test'`;
      expect(rows.map((r) => r.client)).toEqual([VISITOR_ADDRESS]);
    } finally {
      await stores.close();
    }
  }, 60_000);
});
