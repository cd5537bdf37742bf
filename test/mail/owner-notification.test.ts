// The owner hears of every new contact message and lead: the submission and its `mail-send` job
// commit together, the worker sends the notice through a real SMTP server on loopback, and a
// submission that rolled back leaves nothing to send.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { personal } from '@curb/content';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../services/launcher/src/compose.ts';
import { storeContactMessage } from '../../services/api/src/routes/leads/store.ts';
import { createTestStores, jsonPoster, testConfig } from '../harness.ts';
import { startSmtp, type TestSmtp } from '../audit/smtp.ts';

describe('owner notification of new submissions', () => {
  let stores: Stores;
  let smtp: TestSmtp;
  let app: Awaited<ReturnType<typeof composeApp>>;
  const post = jsonPoster(() => app, '10.9.0.');
  const mailsWith = (marker: string) => smtp.messages.filter((m) => (m.text ?? '').includes(marker));
  /** Waits for the worker to hand over the notice carrying `marker`. */
  function noticeWith(marker: string): Promise<ParsedMail> {
    return vi.waitFor(
      () => {
        const [mail] = mailsWith(marker);
        if (!mail) throw new Error(`no notice containing ${marker}`);
        return mail;
      },
      { timeout: 20_000, interval: 100 },
    );
  }
  const noticeJobs = async (kind: string, key: string, id: string) =>
    stores.sql`SELECT id FROM pgboss.job WHERE name = 'mail-send' AND data->>'kind' = ${kind} AND data->>${key} = ${id}`;

  beforeAll(async () => {
    smtp = await startSmtp();
    stores = await createTestStores();
    app = await composeApp(
      testConfig({
        AUDIT_ALLOW_PRIVATE_NETWORKS: 'true',
        SMTP_URL: smtp.url,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'curb-notice-')),
        MAIL_FROM: 'Curb Appeal <site@example.com>',
      }),
      stores,
    );
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
    await smtp?.close();
  });

  it('mails the owner a contact message with every submitted field, visitor text escaped in HTML', async () => {
    const marker = randomUUID();
    const res = await post('/api/contact', {
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana@example.com',
      subject: 'Listing photos',
      message: `Ref ${marker}\n<script>alert(1)</script> & more`,
    });
    expect(res.statusCode).toBe(201);
    const mail = await noticeWith(marker);
    expect(mail.to).toMatchObject({ text: personal.email });
    expect(mail.replyTo).toMatchObject({ text: 'dana@example.com' });
    expect(mail.subject).toBe('New message from Dana Reyes: Listing photos');
    expect(mail.text).toContain('Name: Dana Reyes');
    expect(mail.text).toContain('Email: dana@example.com');
    expect(mail.text).toContain('Subject: Listing photos');
    expect(mail.text).toContain('<script>alert(1)</script> & more');
    expect(mail.text).toContain('Source: contact-form');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(mail.html).not.toContain('<script>');
    expect(await noticeJobs('contact-notification', 'messageId', res.json().id)).toHaveLength(1);
  });

  it('keeps visitor line breaks and terminal escapes out of the notice lines, a message keeping its lines', async () => {
    const marker = randomUUID();
    const res = await post('/api/contact', {
      name: 'Eve\nWebsite: https://evil.example\u001b[31m',
      email: 'eve@example.com',
      subject: 'Hi\r\nBcc: x@y.z',
      message: `Ref ${marker}\r\nline two\u0007`,
    });
    expect(res.statusCode).toBe(201);
    const mail = await noticeWith(marker);
    const lines = (mail.text ?? '').split('\n');
    expect(lines).toContain('Name: Eve Website: https://evil.example\ufffd[31m');
    expect(lines).toContain('Subject: Hi Bcc: x@y.z');
    expect(lines.filter((l) => l.startsWith('Website:'))).toEqual([]);
    expect(mail.text).toContain(`Message: Ref ${marker}\nline two\ufffd`);
    expect(mail.text).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });

  it('mails the owner one notice per lead, a retried submission included', async () => {
    const marker = randomUUID();
    const lead = {
      formId: 'contact-form',
      firstName: 'Ana',
      lastName: 'Lee',
      email: 'ana@lee-homes.com',
      phone: '703-555-0100',
      subject: 'Open house',
      message: `Ref ${marker}`,
      submissionId: randomUUID(),
    };
    const first = await post('/api/lead', lead);
    const retry = await post('/api/lead', lead);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 200]);
    const mail = await noticeWith(marker);
    expect(mail.to).toMatchObject({ text: personal.email });
    expect(mail.subject).toBe('New lead: Ana Lee (contact-form)');
    for (const line of [
      'Form: contact-form',
      'Business: Ana Lee',
      'Name: Ana Lee',
      'Email: ana@lee-homes.com',
      'Phone: 703-555-0100',
      'Subject: Open house',
      `Message: Ref ${marker}`,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(await noticeJobs('lead-notification', 'leadId', first.json().leadId)).toHaveLength(1);
  });

  it('links the audit report in the notice of an audit lead', async () => {
    // A site to audit must resolve: the test network has none but loopback (allowed below).
    const marker = `marker-${randomUUID()}`;
    const res = await post('/api/lead', {
      formId: 'inline-audit',
      source: 'Marketing Audit Page',
      website: `http://127.0.0.1:9/${marker}`,
      businessName: 'Acme Homes',
      email: 'owner@acme-homes.com',
      emailConsent: true,
    });
    expect(res.statusCode).toBe(201);
    const mail = await noticeWith(marker);
    expect(mail.text).toContain(`Website: http://127.0.0.1:9/${marker}`);
    expect(mail.text).toContain(`/audit-report/${res.json().reportId}`);
  });

  it('sends nothing for a submission whose transaction rolled back', async () => {
    const marker = randomUUID();
    const failingJobs = {
      send: async (...args: Parameters<Stores['jobs']['send']>) => {
        await stores.jobs.send(...args); // the notice job is written inside the transaction...
        throw new Error('queue unavailable'); // ...and rolls back with the message
      },
    } as unknown as Stores['jobs'];
    const msg = {
      name: 'Rolled Back',
      email: 'gone@example.com',
      subject: '',
      message: `Ref ${marker}`,
      source: 'contact-popup',
      submissionId: null,
    };
    await expect(storeContactMessage({ sql: stores.sql, jobs: failingJobs }, msg)).rejects.toThrow('queue unavailable');
    expect(await stores.sql`SELECT id FROM contact_messages WHERE message = ${msg.message}`).toHaveLength(0);
    expect(
      await stores.sql`SELECT id FROM pgboss.job WHERE name = 'mail-send' AND data->>'kind' = 'contact-notification'
        AND NOT EXISTS (SELECT 1 FROM contact_messages c WHERE c.id::text = data->>'messageId')`,
    ).toHaveLength(0);
    // A later submission's notice arriving shows the queue was worked past that point.
    const later = randomUUID();
    expect((await post('/api/contact', { name: 'Later', email: 'later@example.com', message: `Ref ${later}` })).statusCode).toBe(201);
    await noticeWith(later);
    expect(mailsWith(marker)).toHaveLength(0);
  });
});
