// The audit job and the mail job on real stores: hostile sites end in a report with a clear
// finding or a failed audit with a clear reason, never a crash or a stuck row; the report
// e-mail goes through the mail API, SMTP (a real server on loopback) or the outbox.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stores } from '@curb/runtime';
import type { AuditReport } from '@curb/contracts/audit';
import { runAuditJob, type AuditRunDeps } from '../../services/worker/src/jobs/audit-run.ts';
import { runMailJob, transportsFor, type MailDeps } from '../../services/worker/src/jobs/mail-send.ts';
import { createTestStores, silentLog } from '../harness.ts';
import { closedPort, hostile, page, startResettingServer, startSite, type TestSite } from './sites.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';
import { GOOD_HTML } from './checks/good-site.ts';

const log = silentLog;
let stores: Stores;
let site: TestSite;

async function newAudit(website: string | null, businessName = 'Hostile Test Co'): Promise<string> {
  const reportId = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
  const [row] = await stores.sql<{ id: string }[]>`
    INSERT INTO audits (report_id, business_name, email, website, source, status)
    VALUES (${reportId}, ${businessName}, 'owner@example.com', ${website}, 'test', 'queued') RETURNING id`;
  return row!.id;
}

const auditRow = async (id: string) =>
  (
    await stores.sql<
      { status: string; error: string | null; report: AuditReport | null; stage: string; progress: number; attempts: number }[]
    >`SELECT status, error, report, stage, progress, attempts FROM audits WHERE id = ${id}`
  )[0]!;

function deps(overrides: Partial<AuditRunDeps> = {}): AuditRunDeps {
  return {
    sql: stores.sql,
    jobs: stores.jobs,
    config: { AUDIT_ALLOW_PRIVATE_NETWORKS: true, CHROME_PATH: '/nonexistent/chromium' },
    log,
    analyse: { policy: { timeoutMs: 1500 }, lab: 'none' },
    ...overrides,
  };
}
const finalAttempt = (auditId: string) => ({ id: 'job', data: { auditId }, retryCount: 2, retryLimit: 2 });
const findingIds = (r: AuditReport | null) => r!.findings.map((f) => f.id);

beforeAll(async () => {
  stores = await createTestStores();
  const links = Array.from({ length: 10_000 }, (_, i) => `<a href="/p${i}">Listing ${i}</a>`).join('');
  site = await startSite({
    // The good site on this server: its absolute links (logo in structured data) point here.
    '/': (_req, res, s) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(GOOD_HTML.replaceAll('https://janesmithrealty.com/', s.url)),
    '/logo.png': {
      headers: { 'content-type': 'image/png' },
      body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
    },
    '/hang': hostile.hang(),
    '/error': { status: 500, body: '<h1>Internal Server Error</h1>' },
    '/big': hostile.stream(50),
    '/loop-a': hostile.redirectTo('/loop-b'),
    '/loop-b': hostile.redirectTo('/loop-a'),
    '/bin': hostile.binary(),
    '/broken': { body: '<html><head><title>Broken<body><div><p>Unclosed <b>tags<table><tr><td>cell</div></span></html></html><<<>>>' },
    '/links': page('<title>Ten thousand listings in Arlington</title>', links),
  });
});
afterAll(async () => {
  await site?.close();
  await stores?.close();
});

describe('audit-run job on hostile sites', () => {
  it('reports a site that answers 500 with a critical finding', async () => {
    const id = await newAudit(`${site.origin}/error`);
    expect(await runAuditJob(deps(), finalAttempt(id))).toBe('done');
    const row = await auditRow(id);
    expect(row.status).toBe('done');
    expect(row.report!.findings[0]).toMatchObject({
      id: 'crawl.status-error',
      severity: 'Critical',
      detail: 'The home page answers with HTTP 500.',
    });
  });

  it('retries a site that never answers, then fails it with the reason', async () => {
    const id = await newAudit(`${site.origin}/hang`);
    await expect(runAuditJob(deps(), { id: 'job', data: { auditId: id }, retryCount: 0, retryLimit: 2 })).rejects.toThrow(
      /did not respond/,
    );
    expect(await auditRow(id)).toMatchObject({
      status: 'queued',
      stage: expect.stringMatching(/^Retrying soon: 127\.0\.0\.1 did not respond/),
    });
    expect(await runAuditJob(deps(), finalAttempt(id))).toBe('failed');
    expect(await auditRow(id)).toMatchObject({ status: 'failed', error: '127.0.0.1 did not respond within 2 seconds.', attempts: 2 });
  });

  it('fails a domain that does not exist at once, before any browser starts', async () => {
    const id = await newAudit('https://no-such-agent-site.invalid/');
    const started = performance.now();
    const outcome = await runAuditJob(deps({ config: { AUDIT_ALLOW_PRIVATE_NETWORKS: false, CHROME_PATH: '/usr/bin/chromium' } }), {
      id: 'job',
      data: { auditId: id },
      retryCount: 0,
      retryLimit: 2,
    });
    expect(outcome).toBe('failed');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await auditRow(id)).toMatchObject({
      status: 'failed',
      error: 'The domain no-such-agent-site.invalid could not be found.',
      attempts: 1,
    });
  });

  it('fails a site that refuses or resets connections at once, with the reason and no retry', async () => {
    // The browser beside the fetch is stopped too: audit-queue.test.ts times that with Chromium.
    const resetting = await startResettingServer();
    const dead: Array<[string, string]> = [
      [`http://127.0.0.1:${await closedPort()}/`, '127.0.0.1 refused the connection.'],
      [resetting.url, '127.0.0.1 reset the connection.'],
    ];
    try {
      for (const [url, reason] of dead) {
        const id = await newAudit(url);
        const started = performance.now();
        expect(await runAuditJob(deps(), { id: 'job', data: { auditId: id }, retryCount: 0, retryLimit: 2 })).toBe('failed');
        expect(performance.now() - started).toBeLessThan(2000);
        expect(await auditRow(id)).toMatchObject({ status: 'failed', error: reason, attempts: 1 });
      }
    } finally {
      await resetting.close();
    }
  });

  it('fails a redirect loop at once (another attempt will not help)', async () => {
    const id = await newAudit(`${site.origin}/loop-a`);
    expect(await runAuditJob(deps(), { id: 'job', data: { auditId: id }, retryCount: 0, retryLimit: 2 })).toBe('failed');
    expect((await auditRow(id)).error).toMatch(/redirects in a loop/);
  });

  it('fails a binary file with a clear reason', async () => {
    const id = await newAudit(`${site.origin}/bin`);
    expect(await runAuditJob(deps(), finalAttempt(id))).toBe('failed');
    expect((await auditRow(id)).error).toMatch(/application\/octet-stream file, not a web page/);
  });

  it('reports a 50 MB page as oversized within bounded memory', async () => {
    const id = await newAudit(`${site.origin}/big`);
    const before = process.memoryUsage().heapUsed;
    expect(await runAuditJob(deps({ analyse: { lab: 'none', policy: { timeoutMs: 8000 } } }), finalAttempt(id))).toBe('done');
    // 5 MB kept of 50 MB sent: the parsed page costs some tens of MB, never the whole stream.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(300 * 1024 * 1024);
    expect(findingIds((await auditRow(id)).report)).toContain('perf.html-truncated');
  });

  it('reports broken HTML', async () => {
    const id = await newAudit(`${site.origin}/broken`);
    expect(await runAuditJob(deps(), finalAttempt(id))).toBe('done');
    expect(findingIds((await auditRow(id)).report)).toEqual(
      expect.arrayContaining(['onpage.viewport-missing', 'onpage.description-missing']),
    );
  });

  it('reports a page with 10,000 links', async () => {
    const id = await newAudit(`${site.origin}/links`);
    expect(await runAuditJob(deps(), finalAttempt(id))).toBe('done');
    expect(findingIds((await auditRow(id)).report)).toEqual(expect.arrayContaining(['links.too-many', 'links.broken-internal']));
  });

  it('fails an audit without a website, and skips unknown or finished audits', async () => {
    const id = await newAudit(null);
    expect(await runAuditJob(deps(), finalAttempt(id))).toBe('failed');
    expect((await auditRow(id)).error).toBe('No website address was given with this audit request.');
    expect(await runAuditJob(deps(), finalAttempt('00000000-0000-4000-8000-000000000000'))).toBe('skipped');
    expect(await runAuditJob(deps(), { id: 'j', data: { auditId: 'not-a-uuid' }, retryCount: 0, retryLimit: 2 })).toBe('skipped');
  });

  it('audits a good site, stores the report and queues its e-mail', async () => {
    const id = await newAudit(site.url, 'Jane Smith Realty');
    expect(await runAuditJob(deps(), finalAttempt(id))).toBe('done');
    const row = await auditRow(id);
    expect(row).toMatchObject({ status: 'done', progress: 100, stage: 'Report ready' });
    expect(row.report!.websiteData.companyName).toBe('Jane Smith Realty');
    // The logo is embedded (the report page loads no outside image); the missing favicon is dropped.
    expect(row.report!.websiteData.branding).toEqual({ logoUrl: expect.stringMatching(/^data:image\/png;base64,iVBOR/) });
    const jobs = await stores.sql`SELECT data FROM pgboss.job WHERE name = 'mail-send' AND data->>'auditId' = ${id}`;
    expect(jobs).toHaveLength(1);
    expect(await runAuditJob(deps(), finalAttempt(id))).toBe('skipped');
  });
});

describe('mail-send job', () => {
  let smtp: TestSmtp;
  let api: TestSite;
  let apiCalls: Array<{ auth: string | undefined; body: Record<string, unknown> }>;
  let auditId: string;
  const mailConfig = (over: Partial<MailDeps['config']> = {}): MailDeps['config'] => ({
    MAIL_FROM: 'Curb Appeal <audits@example.com>',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'curb-mail-')),
    PORT: 3000,
    PUBLIC_URL: 'https://curb.example',
    ...over,
  });
  const mailDeps = (config: MailDeps['config']): MailDeps => ({ sql: stores.sql, jobs: stores.jobs, config, log });
  const flags = async () =>
    (await stores.sql`SELECT email_sent, email_delivered, mail_transport, mail_error, open_token FROM audits WHERE id = ${auditId}`)[0]!;
  const reset = () =>
    stores.sql`UPDATE audits SET email_sent = false, email_delivered = false, mail_transport = NULL, mail_error = NULL
      WHERE id = ${auditId}`;

  beforeAll(async () => {
    smtp = await startSmtp();
    apiCalls = [];
    api = await startSite({
      '/send': (req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c));
        req.on('end', () => {
          apiCalls.push({ auth: req.headers.authorization, body: JSON.parse(body) as Record<string, unknown> });
          res.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"m1"}');
        });
      },
      '/down': { status: 503, body: 'maintenance' },
    });
    auditId = await newAudit(site.url, 'Jane Smith Realty');
    await runAuditJob(deps(), finalAttempt(auditId));
  });
  afterAll(async () => {
    await smtp?.close();
    await api?.close();
  });

  it('sends through SMTP when the mail API fails, with the report link, PDF and pixel', async () => {
    const out = await runMailJob(mailDeps(mailConfig({ MAIL_API_URL: `${api.origin}/down`, MAIL_API_KEY: 'k', SMTP_URL: smtp.url })), {
      id: 'm',
      data: { kind: 'audit-report', auditId },
    });
    expect(out).toBe('delivered');
    const f = await flags();
    expect(f).toMatchObject({ email_sent: true, email_delivered: true, mail_transport: 'smtp', mail_error: null });
    const mail = smtp.messages.at(-1)!;
    expect(mail.subject).toBe('Your Growth Opportunities Report for Jane Smith Realty');
    expect(mail.to).toMatchObject({ text: 'owner@example.com' });
    const [report] = await stores.sql<{ report_id: string }[]>`SELECT report_id FROM audits WHERE id = ${auditId}`;
    expect(mail.text).toContain(`https://curb.example/audit-report/${report!.report_id}`);
    expect(mail.html).toContain(`https://curb.example/api/email/open/${f.open_token}`);
    expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
  }, 30_000);

  it('skips an audit whose e-mail was already delivered', async () => {
    expect(await runMailJob(mailDeps(mailConfig({ SMTP_URL: smtp.url })), { id: 'm', data: { kind: 'audit-report', auditId } })).toBe(
      'skipped',
    );
  });

  it('prefers the mail API (JSON with the PDF in base64, bearer key)', async () => {
    await reset();
    expect(
      await runMailJob(mailDeps(mailConfig({ MAIL_API_URL: `${api.origin}/send`, MAIL_API_KEY: 'secret-key', SMTP_URL: smtp.url })), {
        id: 'm',
        data: { kind: 'audit-report', auditId },
      }),
    ).toBe('delivered');
    expect(apiCalls.at(-1)!.auth).toBe('Bearer secret-key');
    // MAIL_FROM's address under the name of the profile's owner (the sample's, on a new install).
    expect(apiCalls.at(-1)!.body).toMatchObject({ to: 'owner@example.com', from: '"Morgan Ellis" <audits@example.com>' });
    expect((await flags()).mail_transport).toBe('mail-api');
  }, 30_000);

  it('writes to the outbox when no transport is configured (sent, not delivered)', async () => {
    await reset();
    const config = mailConfig();
    expect(await runMailJob(mailDeps(config), { id: 'm', data: { kind: 'audit-report', auditId } })).toBe('outbox');
    // Recorded as taken, by the outbox, so the job never writes it twice; the admin counts it as
    // neither sent nor delivered (auditMail.ownerFlags, tested with the audit list).
    expect(await flags()).toMatchObject({ email_sent: true, email_delivered: true, mail_transport: 'outbox' });
    const files = readdirSync(join(config.DATA_DIR, 'outbox'));
    expect(files).toHaveLength(1);
    expect(readFileSync(join(config.DATA_DIR, 'outbox', files[0]!), 'utf8')).toContain(
      'Subject: Your Growth Opportunities Report for Jane Smith Realty',
    );
    expect(transportsFor(config).map((t) => t.name)).toEqual(['outbox']);
  }, 30_000);

  it('records the error and throws (for a retry) when no transport can take the mail for now', async () => {
    await reset();
    // The mail API answers 503 and the SMTP server does not answer at all: both may work later.
    // (A recipient refused for good is final instead: test/mail/smtp-delivery.test.ts.)
    const closed = await startSmtp({});
    const closedUrl = closed.url;
    await closed.close();
    await expect(
      runMailJob(mailDeps(mailConfig({ MAIL_API_URL: `${api.origin}/down`, SMTP_URL: closedUrl })), {
        id: 'm',
        data: { kind: 'audit-report', auditId },
      }),
    ).rejects.toThrow(/no mail transport accepted/);
    expect(await flags()).toMatchObject({
      email_sent: true,
      email_delivered: false,
      mail_error: expect.stringMatching(/^mail-api: mail API answered 503.*; smtp: /),
    });
  }, 30_000);
});
