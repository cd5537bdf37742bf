import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';

describe('outbox viewer', () => {
  let app: FastifyInstance;
  let stores: Stores;
  let dataDir: string;
  let admin: { cookie: string };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'curb-outbox-'));
    const outbox = join(dataDir, 'outbox');
    mkdirSync(outbox);
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    for (const [name, subject] of [
      ['2026-11-20T10-00-00-000Z-aaaa', 'Your marketing audit report is ready'],
      ['2026-11-21T10-00-00-000Z-bbbb', 'Your report for Harbor Point Realty'],
    ]) {
      const info = await stream.sendMail({
        from: 'Curb Appeal <audits@localhost>',
        to: 'owner@harbor.example',
        subject,
        text: 'Your report: http://localhost/audit-report/abc',
        html: '<p>Your report</p><script>alert(1)</script>',
        attachments: [{ filename: 'report.pdf', content: Buffer.from('%PDF-1.7 test'), contentType: 'application/pdf' }],
      });
      writeFileSync(join(outbox, `${name}.eml`), info.message as Buffer);
    }
    writeFileSync(join(outbox, 'notes.txt'), 'not a mail');
    stores = await createTestStores();
    app = await composeApp(testConfig({ DATA_DIR: dataDir }), stores);
    admin = await adminHeaders(app, stores);
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the mails newest first', async () => {
    const res = await app.inject({ url: '/api/admin/outbox', headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ inUse: true, total: 2 });
    expect(body.mails.map((m: { subject: string }) => m.subject)).toEqual([
      'Your report for Harbor Point Realty',
      'Your marketing audit report is ready',
    ]);
    expect(body.mails[0]).toMatchObject({ id: '2026-11-21T10-00-00-000Z-bbbb', to: 'owner@harbor.example' });
  });

  it('shows one mail as text with its attachments, never its HTML', async () => {
    const res = await app.inject({ url: '/api/admin/outbox/2026-11-20T10-00-00-000Z-aaaa', headers: admin });
    expect(res.statusCode).toBe(200);
    const mail = res.json();
    expect(mail).toMatchObject({
      from: '"Curb Appeal" <audits@localhost>',
      subject: 'Your marketing audit report is ready',
      text: 'Your report: http://localhost/audit-report/abc',
    });
    expect(mail.attachments).toEqual([{ filename: 'report.pdf', contentType: 'application/pdf', sizeBytes: 13 }]);
    expect(res.body).not.toContain('<script>');
  });

  it('says whether a mail service is configured, and where mail goes without one', async () => {
    const res = await app.inject({ url: '/api/admin/mail-service', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ configured: false, outboxDir: join(dataDir, 'outbox') });
    expect((await app.inject('/api/admin/mail-service')).statusCode).toBe(401);

    const withSmtp = await composeApp(testConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525' }), stores);
    try {
      const configured = await withSmtp.inject({
        url: '/api/admin/mail-service',
        headers: await adminHeaders(withSmtp, stores, 'second@curb.test'),
      });
      expect(configured.json()).toMatchObject({ configured: true });
    } finally {
      await withSmtp.close();
    }
  });

  it('refuses ids that are not outbox mails', async () => {
    expect((await app.inject({ url: '/api/admin/outbox/nope', headers: admin })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/admin/outbox/notes', headers: admin })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/admin/outbox/..%2F..%2Fpostgres%2Fpassword', headers: admin })).statusCode).toBe(400);
    expect((await app.inject('/api/admin/outbox')).statusCode).toBe(401);
  });
});
