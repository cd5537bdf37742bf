// The funnels' e-mails on the real stores and the real mail-send handler: the
// confirmation and the report e-mail use the funnel's saved subject and body, e-mail delivery
// off sends no report, every e-mail carries a one-click unsubscribe that works, and the
// follow-up goes out its days after the report (fake time), once, unless the lead came back or
// unsubscribed.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildReport } from '@curb/audit/report/build';
import { runChecks } from '@curb/audit/checks/registry';
import { sampleProfile } from '@curb/content';
import type { OwnerProfile } from '@curb/contracts/owner-content';
import { audits, ownerContent } from '@curb/db';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../services/launcher/src/compose.ts';
import { storeLead } from '../../services/api/src/routes/leads/store.ts';
import { runMailJob, type MailDeps } from '../../services/worker/src/jobs/mail-send.ts';
import type { OutgoingMail, Transport } from '../../services/worker/src/mail/transports.ts';
import { contextOf } from '../audit/checks/harness.ts';
import { SAMPLE_BUSINESS, sampleFixture } from '../audit/sample-site.ts';
import { createTestStores, testConfig, silentLog } from '../harness.ts';

const DAY_MS = 86_400_000;
const log = silentLog;

describe("the funnels' e-mails to their leads", () => {
  let stores: Stores;
  let app: Awaited<ReturnType<typeof composeApp>>;
  const sent: OutgoingMail[] = [];
  const capture: Transport = { name: 'smtp', send: async (mail) => void sent.push(mail) };
  const deps = (): MailDeps & { now?: () => number } => ({
    sql: stores.sql,
    jobs: stores.jobs,
    config: { MAIL_FROM: 'Curb Appeal <audits@example.com>', DATA_DIR: '/nonexistent', PORT: 3000, PUBLIC_URL: 'https://curb.example' },
    log,
    transports: [capture],
  });
  const setFunnel = (config: object) =>
    stores.sql`UPDATE funnels SET config = ${stores.sql.json(config as never)} WHERE id = 'marketing-audit'`;
  /** The mail-send jobs of a kind queued for a lead or audit. */
  const jobsOf = (kind: string, key: 'leadId' | 'auditId', id: string) =>
    stores.sql<{ data: object; start_after: Date }[]>`
      SELECT data, start_after FROM pgboss.job WHERE name = 'mail-send' AND data->>'kind' = ${kind} AND data->>${key} = ${id}`;

  /** A lead through the free audit funnel whose audit is done, as the worker leaves it before the report e-mail. */
  async function doneAudit(email: string, confirmation = false): Promise<{ leadId: string; auditId: string }> {
    const stored = await storeLead(
      stores,
      {
        formId: 'inline-audit',
        source: 'Marketing Audit Page',
        businessName: SAMPLE_BUSINESS,
        firstName: 'Dana',
        lastName: null,
        email,
        website: 'http://harborpine.example/',
        fields: {},
        enrichment: null,
        emailConsent: true,
        communicationConsent: false,
        submissionId: randomUUID(),
        funnelId: 'marketing-audit',
      },
      true,
      undefined,
      { confirmation },
    );
    const [audit] = await stores.sql<
      { id: string; report_id: string }[]
    >`SELECT id, report_id FROM audits WHERE lead_id = ${stored.leadId}`;
    // The composed product's worker would audit the site itself and, finding no such site, fail
    // the audit after the report below is stored. Its job is taken back while it waits; one the
    // worker already took is left to end first, so the report written here is the last word.
    const taken = await stores.sql`
      DELETE FROM pgboss.job WHERE name = 'audit-run' AND data->>'auditId' = ${audit!.id} AND state IN ('created', 'retry')
      RETURNING id`;
    if (taken.length === 0) {
      const running = () =>
        stores.sql`SELECT id FROM pgboss.job
          WHERE name = 'audit-run' AND data->>'auditId' = ${audit!.id} AND state IN ('created', 'retry', 'active')`;
      await expect.poll(async () => (await running()).length, { timeout: 60_000, interval: 100 }).toBe(0);
    }
    const ctx = contextOf(sampleFixture());
    const report = buildReport({
      reportId: audit!.report_id,
      businessName: SAMPLE_BUSINESS,
      ctx,
      run: runChecks(ctx),
      generatedAt: new Date(),
    });
    await audits.markReady(stores.sql, audit!.id, report);
    return { leadId: stored.leadId, auditId: audit!.id };
  }
  const runJob = (data: object, extra: Partial<ReturnType<typeof deps>> = {}) => runMailJob({ ...deps(), ...extra }, { id: 'job', data });

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig(), stores);
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });
  afterEach(() => {
    sent.length = 0;
    vi.useRealTimers();
  });

  it('sends the confirmation and the report e-mail with the saved subject and body, each with a one-click unsubscribe', async () => {
    await setFunnel({
      emailTemplates: {
        confirmation: { enabled: true, subject: 'Thanks, {{firstName}}!', body: 'We are auditing {{website}} for {{businessName}}.' },
        notification: { subject: '{{businessName}}: your score is {{score}}', body: 'Hello {{firstName}},\n\nYour report: {{reportUrl}}' },
      },
    });
    const { leadId, auditId } = await doneAudit('dana@harborpine.example', true);
    const [job] = await jobsOf('lead-confirmation', 'leadId', leadId);
    expect(await runJob(job!.data)).toBe('delivered');
    const confirmation = sent.pop()!;
    expect(confirmation).toMatchObject({ to: 'dana@harborpine.example', subject: 'Thanks, Dana!' });
    expect(confirmation.text).toContain(`We are auditing http://harborpine.example/ for ${SAMPLE_BUSINESS}.`);
    expect(confirmation.html).toContain('Harbor &amp; Pine Realty');
    const [lead] = await stores.sql<{ unsubscribe_token: string }[]>`SELECT unsubscribe_token FROM leads WHERE id = ${leadId}`;
    const unsubscribeUrl = `https://curb.example/api/unsubscribe/${lead!.unsubscribe_token}`;
    expect(confirmation.text).toContain(unsubscribeUrl);
    expect(confirmation.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    expect(await runJob({ kind: 'audit-report', auditId })).toBe('delivered');
    const report = sent.pop()!;
    const [row] = await stores.sql<{ report_id: string; score: number }[]>`
      SELECT report_id, (report->'scores'->>'overall')::int AS score FROM audits WHERE id = ${auditId}`;
    expect(report.subject).toBe(`${SAMPLE_BUSINESS}: your score is ${row!.score}`);
    expect(report.text).toContain(`Hello Dana,\n\nYour report: https://curb.example/audit-report/${row!.report_id}`);
    expect(report.text).toContain(unsubscribeUrl);
    expect(report.attachments).toHaveLength(1);
    expect(report.headers?.['List-Unsubscribe']).toBe(`<${unsubscribeUrl}>`);
  }, 60_000);

  it('sends no report e-mail when the funnel has e-mail delivery off, and says why on the audit', async () => {
    await setFunnel({ process: { emailDelivery: false } });
    const { auditId } = await doneAudit('off@harborpine.example');
    expect(await runJob({ kind: 'audit-report', auditId })).toBe('skipped');
    expect(sent).toEqual([]);
    const [row] = await stores.sql`SELECT email_sent, mail_error FROM audits WHERE id = ${auditId}`;
    expect(row).toEqual({ email_sent: false, mail_error: "Not e-mailed: e-mail delivery is off in the lead's funnel." });
  }, 60_000);

  it('sends the follow-up its days after the report, once, with the saved template (fake time)', async () => {
    await setFunnel({
      process: { followUpSequence: true, followUpDays: 3 },
      emailTemplates: { followUp: { subject: 'Still thinking, {{firstName}}?', body: 'Your report is still here: {{reportUrl}}' } },
    });
    const { auditId } = await doneAudit('later@harborpine.example');
    const sentAt = Date.now();
    expect(await runJob({ kind: 'audit-report', auditId })).toBe('delivered');
    sent.length = 0;
    // Queued once, to start three days after the report e-mail.
    const [job, ...more] = await jobsOf('follow-up', 'auditId', auditId);
    expect(more).toEqual([]);
    expect(job!.start_after.getTime() - sentAt).toBeGreaterThan(3 * DAY_MS - 60_000);
    expect(job!.start_after.getTime() - sentAt).toBeLessThan(3 * DAY_MS + 60_000);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(sentAt + 2 * DAY_MS);
    expect(await runJob(job!.data)).toBe('skipped'); // not due yet
    expect(sent).toEqual([]);
    vi.setSystemTime(sentAt + 3 * DAY_MS + 60_000);
    expect(await runJob(job!.data)).toBe('delivered');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'later@harborpine.example', subject: 'Still thinking, Dana?' });
    expect(sent[0]!.text).toMatch(/Your report is still here: https:\/\/curb\.example\/audit-report\/[\w-]{22}/);
    expect(sent[0]!.text).toMatch(/https:\/\/curb\.example\/api\/unsubscribe\/[a-f0-9]{32}/);
    // The same job again (a retry, a second worker): nothing more.
    expect(await runJob(job!.data)).toBe('skipped');
    expect(sent).toHaveLength(1);
  }, 60_000);

  it('skips the follow-up for a lead who unsubscribed (by the link in the e-mail), came back to the report, or asked again', async () => {
    await setFunnel({ process: { followUpSequence: true, followUpDays: 1 } });
    const due = () => vi.setSystemTime(Date.now() + 2 * DAY_MS);
    const cases: Array<[string, (ids: { leadId: string; auditId: string }) => Promise<unknown>]> = [
      [
        'unsubscribed',
        async ({ leadId }) => {
          const [lead] = await stores.sql<{ unsubscribe_token: string }[]>`SELECT unsubscribe_token FROM leads WHERE id = ${leadId}`;
          const page = await app.inject({ url: `/api/unsubscribe/${lead!.unsubscribe_token}` });
          expect(page.statusCode).toBe(200);
          expect(page.body).toContain('You are unsubscribed');
        },
      ],
      ['came back', ({ auditId }) => stores.sql`UPDATE audits SET report_converted_at = now() WHERE id = ${auditId}`],
      [
        'asked again',
        () => stores.sql`INSERT INTO contact_messages (name, email, message) VALUES ('Dana', 'skip-3@harborpine.example', 'Call me')`,
      ],
    ];
    let n = 0;
    for (const [label, act] of cases) {
      // Beside each lead, one who did nothing: the same follow-up, due at the same time, goes to
      // them, so the skip is for what the lead did (not for the time, the funnel or the mail).
      const ids = await doneAudit(`skip-${++n}@harborpine.example`);
      const control = await doneAudit(`control-${n}@harborpine.example`);
      for (const { auditId } of [ids, control]) expect(await runJob({ kind: 'audit-report', auditId })).toBe('delivered');
      sent.length = 0;
      await act(ids);
      vi.useFakeTimers({ toFake: ['Date'] });
      due();
      expect(await runJob({ kind: 'follow-up', auditId: ids.auditId }), label).toBe('skipped');
      expect(sent, label).toEqual([]);
      expect(await runJob({ kind: 'follow-up', auditId: control.auditId }), `${label}: the lead beside`).toBe('delivered');
      expect(sent.map((m) => m.to)).toEqual([`control-${n}@harborpine.example`]);
      vi.useRealTimers();
    }
    // One-click unsubscribe as a mail client does it (RFC 8058): a POST.
    const ids = await doneAudit('post@harborpine.example');
    const [lead] = await stores.sql<{ unsubscribe_token: string }[]>`SELECT unsubscribe_token FROM leads WHERE id = ${ids.leadId}`;
    const oneClick = await app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${lead!.unsubscribe_token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(await runJob({ kind: 'audit-report', auditId: ids.auditId })).toBe('skipped');
    const [after] = await stores.sql`SELECT mail_error FROM audits WHERE id = ${ids.auditId}`;
    expect(after!.mail_error).toBe('Not e-mailed: the lead unsubscribed.');
  }, 120_000);
});

describe('every e-mail speaks for the owner of the profile', () => {
  let stores: Stores;
  let app: Awaited<ReturnType<typeof composeApp>>;
  const sent: OutgoingMail[] = [];
  const capture: Transport = { name: 'smtp', send: async (mail) => void sent.push(mail) };
  const deps = (): MailDeps => ({
    sql: stores.sql,
    jobs: stores.jobs,
    config: { MAIL_FROM: 'Curb Appeal <audits@example.com>', DATA_DIR: '/nonexistent', PORT: 3000, PUBLIC_URL: 'https://curb.example' },
    log,
    transports: [capture],
  });
  const runJob = (data: object) => runMailJob(deps(), { id: 'job', data });

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig(), stores);
    await stores.sql`UPDATE funnels SET config = ${stores.sql.json({ emailTemplates: { confirmation: { enabled: true } } } as never)}
      WHERE id = 'marketing-audit'`;
    const profile: OwnerProfile = {
      ...sampleProfile(),
      name: 'Priya "PJ" Natarajan',
      company: 'Harbour Homes',
      email: 'priya@harbourhomes.example',
      phone: '(415) 555-0199',
      bookingUrl: 'https://cal.example/priya',
    };
    await stores.sql.begin((tx) => ownerContent.save(tx, 'profile', profile));
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  it('the confirmation, the report with its PDF and the owner’s notice name the new owner, nothing of the sample', async () => {
    const stored = await storeLead(
      stores,
      {
        formId: 'inline-audit',
        source: 'Marketing Audit Page',
        businessName: SAMPLE_BUSINESS,
        firstName: 'Dana',
        lastName: null,
        email: 'dana@harborpine.example',
        website: 'http://harborpine.example/',
        fields: {},
        enrichment: null,
        emailConsent: true,
        communicationConsent: false,
        submissionId: randomUUID(),
        funnelId: 'marketing-audit',
      },
      true,
      undefined,
      { confirmation: true },
    );
    expect(await runJob({ kind: 'lead-confirmation', leadId: stored.leadId })).toBe('delivered');
    const confirmation = sent.pop()!;
    expect(confirmation.from).toBe('"Priya \\"PJ\\" Natarajan" <audits@example.com>');
    expect(confirmation.replyTo).toBe('priya@harbourhomes.example');
    expect(confirmation.text).toMatch(/within 24 hours\.\n\nPriya "PJ" Natarajan\n/);
    expect(confirmation.text).toContain('No more e-mails from Priya "PJ" Natarajan:');
    expect(confirmation.html).toContain('No more e-mails from Priya &quot;PJ&quot; Natarajan?');

    expect(await runJob({ kind: 'lead-notification', leadId: stored.leadId })).toBe('delivered');
    const notice = sent.pop()!;
    expect(notice).toMatchObject({ to: 'priya@harbourhomes.example', replyTo: 'dana@harborpine.example' });

    const [audit] = await stores.sql<
      { id: string; report_id: string }[]
    >`SELECT id, report_id FROM audits WHERE lead_id = ${stored.leadId}`;
    // The composed product's worker would audit the site itself and, finding no such site, fail
    // the audit after the report below is stored. Its job is taken back while it waits; one the
    // worker already took is left to end first, so the report written here is the last word.
    const taken = await stores.sql`
      DELETE FROM pgboss.job WHERE name = 'audit-run' AND data->>'auditId' = ${audit!.id} AND state IN ('created', 'retry')
      RETURNING id`;
    if (taken.length === 0) {
      const running = () =>
        stores.sql`SELECT id FROM pgboss.job
          WHERE name = 'audit-run' AND data->>'auditId' = ${audit!.id} AND state IN ('created', 'retry', 'active')`;
      await expect.poll(async () => (await running()).length, { timeout: 60_000, interval: 100 }).toBe(0);
    }
    const ctx = contextOf(sampleFixture());
    const report = buildReport({
      reportId: audit!.report_id,
      businessName: SAMPLE_BUSINESS,
      ctx,
      run: runChecks(ctx),
      generatedAt: new Date(),
    });
    await audits.markReady(stores.sql, audit!.id, report);
    expect(await runJob({ kind: 'audit-report', auditId: audit!.id })).toBe('delivered');
    const mail = sent.pop()!;
    expect(mail).toMatchObject({ from: '"Priya \\"PJ\\" Natarajan" <audits@example.com>', replyTo: 'priya@harbourhomes.example' });
    expect(mail.text).toContain('Priya "PJ" Natarajan\nHarbour Homes\n(415) 555-0199\npriya@harbourhomes.example');
    const pdfText = execFileSync('pdftotext', ['-', '-'], { input: mail.attachments[0]!.content }).toString();
    for (const text of ['Priya "PJ" Natarajan', '(415) 555-0199', 'priya@harbourhomes.example', 'cal.example/priya']) {
      expect(pdfText).toContain(text);
    }
    for (const m of [confirmation, notice, mail]) expect(`${m.from} ${m.text} ${m.html}`).not.toMatch(/Morgan|morgan@/);
    expect(pdfText).not.toMatch(/Morgan|morgan@|555-0142/);
  }, 60_000);
});
