// The audit worker's queue on real stores, loopback sites and real Chromium: a lead whose site
// refuses connections fails in about a second (the browser started beside the fetch is stopped),
// dead sites queued first do not hold a real lead back by more than one audit, and the audits of
// one site or one client run one at a time while other leads' audits proceed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditRunKeys } from '@curb/contracts/audit';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import { chromiumSlots, findChrome } from '@curb/audit/lab/chromium';
import type { Stores } from '@curb/runtime';
import { runAuditJob, workAuditRuns, type AuditRunDeps } from '../../services/worker/src/jobs/audit-run.ts';
import { createTestStores, silentLog } from '../harness.ts';
import { closedPort, page, startResettingServer, startSite, type TestSite } from './sites.ts';

const chrome = findChrome(process.env.CHROME_PATH);
const log = silentLog;

const HOME = page(
  '<title>Jane Smith Realty | Homes in Arlington</title><meta name="viewport" content="width=device-width, initial-scale=1">',
  '<h1>Homes for sale in Arlington</h1><p>Call Jane for a tour.</p>',
);

let stores: Stores;
let n = 0;

interface AuditTimes {
  status: string;
  error: string | null;
  attempts: number;
  started_at: Date | null;
  completed_at: Date | null;
}

/** Queues an audit as the lead form does: its row, then its job with the site's and the client's keys. */
async function queueAudit(website: string, client: { email?: string; address?: string } = {}): Promise<string> {
  n += 1;
  const email = client.email ?? `lead${n}@example.com`;
  const reportId = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
  const [row] = await stores.sql<{ id: string }[]>`
    INSERT INTO audits (report_id, business_name, email, website, source, status)
    VALUES (${reportId}, ${`Lead ${n}`}, ${email}, ${website}, 'test', 'queued') RETURNING id`;
  const keys = auditRunKeys({ website, email, client: client.address ?? `203.0.113.${n}` });
  await stores.jobs.send(JOB_QUEUES.auditRun, { auditId: row!.id, keys });
  return row!.id;
}

const times = async (id: string) =>
  (await stores.sql<AuditTimes[]>`SELECT status, error, attempts, started_at, completed_at FROM audits WHERE id = ${id}`)[0]!;

/** Waits until every audit has ended (done or failed); their rows. */
async function ended(ids: string[], timeoutMs: number): Promise<AuditTimes[]> {
  return vi.waitFor(
    async () => {
      const rows = await Promise.all(ids.map(times));
      if (rows.some((r) => r.status !== 'done' && r.status !== 'failed')) {
        throw new Error(`audits not ended after ${timeoutMs} ms: ${rows.map((r) => r.status).join(', ')}`);
      }
      return rows;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

beforeAll(async () => {
  stores = await createTestStores();
});
afterAll(async () => {
  await stores?.close();
});

describe.skipIf(!chrome)('dead sites with Chromium', () => {
  // The same site twice, on two addresses: the worker keeps a site's speed measurement for a
  // few minutes, and the second audit must measure again to compare the same work.
  let site: TestSite;
  let twin: TestSite;
  const deps = (): AuditRunDeps => ({
    sql: stores.sql,
    jobs: stores.jobs,
    config: { AUDIT_ALLOW_PRIVATE_NETWORKS: true, CHROME_PATH: chrome! },
    log,
    // The worker's own lab (Lighthouse, mobile and desktop, and a screenshot).
    analyse: { policy: { timeoutMs: 5000 } },
  });
  beforeAll(async () => {
    site = await startSite({ '/': HOME, '/robots.txt': 'User-agent: *\nAllow: /\n' });
    twin = await startSite({ '/': HOME, '/robots.txt': 'User-agent: *\nAllow: /\n' }, '127.0.0.7');
  });
  afterAll(async () => {
    await site?.close();
    await twin?.close();
  });

  it('fails a site that refuses or resets connections in about a second, Chromium stopped', async () => {
    const resetting = await startResettingServer();
    try {
      for (const url of [`http://127.0.0.1:${await closedPort()}/`, resetting.url]) {
        const id = await queueAudit(url);
        const started = performance.now();
        expect(await runAuditJob(deps(), { id: 'job', data: { auditId: id }, retryCount: 0, retryLimit: 2 })).toBe('failed');
        // It used to wait 11-13 s for Lighthouse to measure the browser's error page.
        expect(performance.now() - started).toBeLessThan(4000);
        expect(await times(id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/(refused|reset) the connection\.$/) });
        expect(chromiumSlots.busy).toBe(0);
      }
    } finally {
      await resetting.close();
    }
  }, 60_000);

  it('keeps a real lead behind five dead-site leads within one audit of its time alone', async () => {
    const worker = await workAuditRuns(deps(), { concurrency: 3, pollMs: 200 });
    try {
      let started = performance.now();
      const aloneId = await queueAudit(site.url);
      const [aloneRow] = await ended([aloneId], 120_000);
      const alone = performance.now() - started;
      expect(aloneRow).toMatchObject({ status: 'done' });

      // Five leads for sites that refuse connections, each its own domain and client, queued first.
      const dead: string[] = [];
      for (let i = 2; i <= 6; i++) dead.push(await queueAudit(`http://127.0.0.${i}:${await closedPort(`127.0.0.${i}`)}/`));
      started = performance.now();
      const real = await queueAudit(twin.url);
      const [realRow] = await ended([real], 240_000);
      const behindDead = performance.now() - started;
      const deadRows = await ended(dead, 10_000);

      console.log(`real lead alone ${(alone / 1000).toFixed(1)} s, behind five dead-site leads ${(behindDead / 1000).toFixed(1)} s`);
      expect(realRow).toMatchObject({ status: 'done' });
      // Both measured by Lighthouse, so the two times compare the same work.
      const measured = await stores.sql<{ lighthouse: boolean }[]>`
        SELECT (report -> 'websiteData' ->> 'lighthousePowered')::boolean AS lighthouse
        FROM audits WHERE id IN ${stores.sql([aloneId, real])}`;
      expect(measured.map((m) => m.lighthouse)).toEqual([true, true]);
      for (const row of deadRows)
        expect(row).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringMatching(/refused the connection/) });
      // The old worker took 149 s here (19.9 s alone): one audit at a time, 12 s of Lighthouse per dead lead, then its retry.
      expect(behindDead).toBeLessThan(2 * alone + 5000);
    } finally {
      await worker.stop(5000);
    }
  }, 400_000);
});

describe('fair scheduling', () => {
  const sites: TestSite[] = [];
  // Each home page takes 700 ms, so an audit lasts long enough to see what ran beside it.
  const slowHome = () => ({
    '/': (_req: unknown, res: import('node:http').ServerResponse) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(HOME), 700);
    },
  });
  const deps = (): AuditRunDeps => ({
    sql: stores.sql,
    jobs: stores.jobs,
    config: { AUDIT_ALLOW_PRIVATE_NETWORKS: true, CHROME_PATH: '/nonexistent/chromium' },
    log,
    analyse: { policy: { timeoutMs: 5000 }, lab: 'none' },
  });
  beforeAll(async () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4']) sites.push(await startSite(slowHome(), host));
  });
  afterAll(async () => {
    for (const s of sites) await s.close();
  });

  it('runs two leads of one domain, or of one client, one after the other while another domain runs', async () => {
    const [a, b, c] = sites as [TestSite, TestSite, TestSite];
    const worker = await workAuditRuns(deps(), { concurrency: 3, pollMs: 200 });
    try {
      const a1 = await queueAudit(a.url, { email: 'jane@realty.example' });
      const a2 = await queueAudit(a.url); // the same domain, another lead and client
      const other = await queueAudit(b.url); // another domain and client
      const sameClient = await queueAudit(c.url, { email: 'Jane@Realty.example' }); // another domain, a1's client
      worker.wake();
      const [first, second, beside, client] = await ended([a1, a2, other, sameClient], 30_000);
      for (const row of [first, second, beside, client]) expect(row!.status).toBe('done');
      // The domain's second lead and the client's second lead waited for the first to end ...
      expect(second!.started_at!.getTime()).toBeGreaterThanOrEqual(first!.completed_at!.getTime());
      expect(client!.started_at!.getTime()).toBeGreaterThanOrEqual(first!.completed_at!.getTime());
      // ... while the other domain's lead, queued after them, ran beside the first.
      expect(beside!.started_at!.getTime()).toBeLessThan(first!.completed_at!.getTime());
      expect(beside!.started_at!.getTime()).toBeLessThan(second!.started_at!.getTime());
      const jobs = await stores.sql<{ state: string }[]>`SELECT state FROM pgboss.job WHERE name = 'audit-run'
        AND data->>'auditId' IN ${stores.sql([a1, a2, other, sameClient])}`;
      expect(jobs.map((j) => j.state)).toEqual(['completed', 'completed', 'completed', 'completed']);
    } finally {
      await worker.stop(5000);
    }
  }, 60_000);

  it("takes a newcomer's lead before a flood's second one, however long the flood's queue", async () => {
    const [a, b, c, d] = sites as [TestSite, TestSite, TestSite, TestSite];
    const flood = { email: 'flood@realty.example', address: '198.51.100.7' };
    const queued = [await queueAudit(a.url, flood), await queueAudit(b.url, flood), await queueAudit(c.url, flood)];
    const newcomer = await queueAudit(d.url);
    // One slot: the order in which the audits start is the order the queue hands them out.
    const worker = await workAuditRuns(deps(), { concurrency: 1, pollMs: 200 });
    try {
      const rows = await ended([...queued, newcomer], 30_000);
      const order = rows
        .map((row, i) => ({ i, at: row.started_at!.getTime() }))
        .sort((x, y) => x.at - y.at)
        .map((x) => ['flood 1', 'flood 2', 'flood 3', 'newcomer'][x.i]);
      expect(order).toEqual(['flood 1', 'newcomer', 'flood 2', 'flood 3']);
    } finally {
      await worker.stop(5000);
    }
  }, 60_000);
});
