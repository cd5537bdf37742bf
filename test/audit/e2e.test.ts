// The whole path on the composed server: a lead form asks for an audit, the worker runs it
// through pg-boss, the report e-mail reaches a real SMTP server on loopback, the pixel and
// the report page set the flags the admin sees.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../services/launcher/src/compose.ts';
import { createTestStores, testConfig } from '../harness.ts';
import { GOOD_HTML } from './checks/good-site.ts';
import { startSite, type TestSite } from './sites.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';

let app: Awaited<ReturnType<typeof composeApp>>;
let stores: Stores;
let site: TestSite;
let smtp: TestSmtp;

beforeAll(async () => {
  stores = await createTestStores();
  smtp = await startSmtp();
  site = await startSite({ '/': GOOD_HTML });
  app = await composeApp(
    testConfig({
      AUDIT_ALLOW_PRIVATE_NETWORKS: 'true',
      CHROME_PATH: '/nonexistent/chromium',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://curb.example',
    }),
    stores,
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await stores?.close();
  await smtp?.close();
  await site?.close();
});

/** The first value `read` gives that is `ok`, or the last one read within `ms` (the test then says what is wrong). */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 40_000): Promise<T> {
  let last!: T;
  const settled = async () => {
    last = await read();
    if (!ok(last)) throw new Error('not yet');
  };
  await vi.waitFor(settled, { timeout: ms, interval: 250 }).catch(() => undefined);
  return last;
}

it('runs a requested audit, e-mails the report and records opens and views', async () => {
  const lead = await app.inject({
    method: 'POST',
    url: '/api/lead',
    payload: {
      formId: 'popup-standard',
      variant: 'popup-standard',
      source: 'Test',
      website: site.url,
      businessName: 'Jane Smith Realty',
      email: 'jane@example.com',
      emailConsent: true,
    },
    remoteAddress: '10.9.0.1',
  });
  expect(lead.statusCode).toBe(201);
  const { reportId } = lead.json() as { reportId: string };

  const pending = await app.inject({ method: 'GET', url: `/api/audit-report/${reportId}`, remoteAddress: '10.9.0.2' });
  expect(pending.json().status).toMatch(/pending|ready/);

  const flags = () =>
    stores.sql`SELECT status, email_sent, email_delivered, email_opened, report_viewed, report_view_count, open_token
      FROM audits WHERE report_id = ${reportId}`.then((r) => r[0]!);
  const delivered = await until(flags, (r) => r.email_delivered === true);
  expect(delivered).toMatchObject({ status: 'done', email_sent: true, email_delivered: true, email_opened: false, report_viewed: false });
  // The owner's new-lead notice links the report too: pick the mail sent to the lead.
  const toLead = (m: (typeof smtp.messages)[number]) => [m.to ?? []].flat().some((a) => a.text.includes('jane@example.com'));
  const mail = smtp.messages.find((m) => toLead(m) && (m.text ?? '').includes(reportId))!;
  expect(mail.subject).toBe('Your Growth Opportunities Report for Jane Smith Realty');
  expect(mail.attachments).toHaveLength(1);

  const pixelUrl = /https:\/\/curb\.example(\/api\/email\/open\/[A-Za-z0-9_-]{22})/.exec(String(mail.html))![1]!;
  expect((await app.inject({ method: 'GET', url: pixelUrl, remoteAddress: '10.9.0.3' })).statusCode).toBe(200);
  const ready = await app.inject({ method: 'GET', url: `/api/audit-report/${reportId}`, remoteAddress: '10.9.0.4' });
  expect(ready.json()).toMatchObject({ status: 'ready', report: { id: reportId, businessName: 'Jane Smith Realty' } });
  expect(await flags()).toMatchObject({ email_opened: true, report_viewed: true, report_view_count: 1 });
}, 60_000);
