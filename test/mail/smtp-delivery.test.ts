// Mail that arrives: SMTP over STARTTLS with a verified certificate and the owner's password,
// DKIM-signed with the key `pnpm mail:dkim` makes (checked as a receiver checks it, against
// the DNS record it prints), failures said by the part that failed, and a recipient's server
// refusing the report shown to the owner as refused, not as sent.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dkimVerify } from 'mailauth';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Stores } from '@curb/runtime';
import { checkDkimRecord, dkimRecordValue, dnsRecords, ensureDkimKey } from '../../services/worker/src/mail/dkim.ts';
import { MailRefusedError, smtpOptions, smtpTransport, type OutgoingMail } from '../../services/worker/src/mail/transports.ts';
import { adminHeaders } from '../admin-login.ts';
import { composeApp } from '../../services/launcher/src/compose.ts';
import { GOOD_HTML } from '../audit/checks/good-site.ts';
import { startSite, type TestSite } from '../audit/sites.ts';
import { startSmtp, type TestSmtp } from '../audit/smtp.ts';
import { createTestStores, jsonPoster, testConfig } from '../harness.ts';

const PASSWORD = 'p@ss w0rd:secret';
const USER = 'owner';
const dir = mkdtempSync(join(tmpdir(), 'curb-smtp-tls-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Received {
  raw: Buffer;
  secure: boolean;
  user: string | undefined;
}

/** An SMTP server that offers STARTTLS with a certificate for localhost and takes a password only over TLS. */
async function startTlsSmtp(): Promise<{ port: number; cert: string; received: Received[]; close(): Promise<void> }> {
  const key = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      certPath,
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certPath, 'utf8');
  const received: Received[] = [];
  const server = new SMTPServer({
    key: readFileSync(key),
    cert,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('nobody@')) callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ raw: Buffer.concat(chunks), secure: session.secure, user: session.user as string | undefined });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, cert, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const mail = (to: string): OutgoingMail => ({
  from: 'Jane Smith <audits@janesmith.example>',
  to,
  subject: 'Your website audit',
  text: 'Your report is ready.',
  html: '<p>Your report is ready.</p>',
  attachments: [],
});

describe('SMTP with STARTTLS and DKIM', () => {
  let smtp: Awaited<ReturnType<typeof startTlsSmtp>>;
  const dataDir = join(dir, 'data');
  const url = () => `smtp://${USER}:${encodeURIComponent(PASSWORD)}@localhost:${smtp.port}`;
  beforeAll(async () => {
    smtp = await startTlsSmtp();
  });
  afterAll(async () => smtp?.close());

  it('upgrades to TLS, signs in, and signs the mail with a key that verifies against the printed record', async () => {
    const { privateKey, created } = ensureDkimKey(dataDir, 'janesmith.example');
    expect(created).toBe(true);
    expect(ensureDkimKey(dataDir, 'janesmith.example')).toEqual({ privateKey, created: false });
    const [dkimRecord, spf, dmarc] = dnsRecords('janesmith.example', privateKey);
    expect(dkimRecord).toMatchObject({
      name: 'curb._domainkey.janesmith.example',
      value: expect.stringMatching(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]+$/),
    });
    expect(spf!.value).toMatch(/^v=spf1 /);
    expect(dmarc).toMatchObject({ name: '_dmarc.janesmith.example', value: expect.stringMatching(/^v=DMARC1; p=none/) });
    // The record says nothing of the private key.
    expect(JSON.stringify(dnsRecords('janesmith.example', privateKey))).not.toContain(privateKey.split('\n')[1]!);

    await smtpTransport(url(), { dataDir, tls: { ca: smtp.cert } }).send(mail('lead@realty.example'));
    const [got] = smtp.received;
    expect(got).toMatchObject({ secure: true, user: USER });

    const resolver = async (name: string) => (name === dkimRecord!.name ? [[dkimRecord!.value]] : []);
    const verified = await dkimVerify(got!.raw, { resolver });
    expect(verified.results[0]).toMatchObject({ signingDomain: 'janesmith.example', selector: 'curb', status: { result: 'pass' } });

    // A record published for another key does not verify, and the check says so.
    const other = ensureDkimKey(join(dir, 'other'), 'janesmith.example').privateKey;
    const wrong = await dkimVerify(got!.raw, { resolver: async () => [[dkimRecordValue(other)]] });
    expect(wrong.results[0]!.status.result).not.toBe('pass');
    expect(await checkDkimRecord('janesmith.example', privateKey, async () => [[dkimRecordValue(other)]])).toMatch(
      /does not match this server's key/,
    );
    expect(await checkDkimRecord('janesmith.example', privateKey, async () => [[dkimRecord!.value]])).toBeNull();
  });

  it('requires STARTTLS over the network, verifies the certificate, and names the part that failed without the password', async () => {
    expect(smtpOptions('smtp://u:p@smtp.example.com:587')).toMatchObject({ requireTLS: true, secure: false, port: 587 });
    expect(smtpOptions('smtps://u:p@smtp.example.com')).toMatchObject({ secure: true, port: 465 });
    expect(smtpOptions('smtp://127.0.0.1:25')).toMatchObject({ requireTLS: false });

    const failure = async (transportUrl: string, ca?: string) =>
      smtpTransport(transportUrl, { dataDir, tls: ca ? { ca } : {} })
        .send(mail('lead@realty.example'))
        .then(
          () => 'sent',
          (err: Error) => err.message,
        );
    const untrusted = await failure(url());
    expect(untrusted).toMatch(new RegExp(`TLS connection to localhost:${smtp.port} failed`));
    const badPassword = await failure(`smtp://${USER}:${encodeURIComponent('not the password')}@localhost:${smtp.port}`, smtp.cert);
    expect(badPassword).toMatch(new RegExp(`localhost:${smtp.port} refused the user name or password`));
    expect(badPassword).not.toContain('not the password');
    const closed = await failure(`smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:1`);
    expect(closed).toMatch(/could not connect to the SMTP server 127\.0\.0\.1:1/);
    for (const message of [untrusted, badPassword, closed]) expect(message).not.toContain(PASSWORD);
  });

  it('treats a 5xx refusal of the recipient as final', async () => {
    const refused = await smtpTransport(url(), { dataDir, tls: { ca: smtp.cert } })
      .send(mail('nobody@realty.example'))
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(MailRefusedError);
    expect((refused as Error).message).toMatch(/refused the sender or the recipient \(550 5\.1\.1 No such mailbox\)/);
  });
});

describe("a report e-mail the recipient's server refuses", () => {
  let stores: Stores;
  let smtp: TestSmtp;
  let site: TestSite;
  let app: Awaited<ReturnType<typeof composeApp>>;
  const post = jsonPoster(() => app, '10.43.0.');

  beforeAll(async () => {
    smtp = await startSmtp({ rejectRecipients: true });
    site = await startSite({ '/': GOOD_HTML, '/robots.txt': 'User-agent: *\nAllow: /\n' });
    stores = await createTestStores();
    app = await composeApp(
      testConfig({
        AUDIT_ALLOW_PRIVATE_NETWORKS: 'true',
        SMTP_URL: smtp.url,
        DATA_DIR: join(dir, 'refusals'),
        CHROME_PATH: join(dir, 'no-chromium'),
      }),
      stores,
    );
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
    await smtp?.close();
    await site?.close();
  });

  it('is shown as refused on Marketing Audits and the System Overview, never as sent, and not retried', async () => {
    const lead = await post('/api/lead', {
      formId: 'inline-audit',
      variant: 'inline-audit',
      source: 'Marketing Audit Page',
      website: `http://127.0.0.1:${site.port}/`,
      businessName: 'Bounce Realty',
      email: 'gone@bounce-realty.example',
      emailConsent: true,
    });
    expect(lead.statusCode).toBe(201);
    let row: { mail_refused_at: Date | null; mail_error: string | null } | undefined;
    await vi.waitFor(
      async () => {
        [row] = await stores.sql<{ mail_refused_at: Date | null; mail_error: string | null }[]>`
          SELECT mail_refused_at, mail_error FROM audits WHERE email = 'gone@bounce-realty.example'`;
        expect(row?.mail_refused_at).toBeInstanceOf(Date);
      },
      { timeout: 60_000, interval: 200 },
    );
    expect(row?.mail_error).toMatch(/550 Mailbox unavailable/);

    const admin = await adminHeaders(app, stores);
    const list = (await app.inject({ url: '/api/admin/marketing-audits', headers: admin })).json();
    expect(list).toMatchObject({ emailsSent: 0, emailsDelivered: 0, emailsRefused: 1 });
    expect(list.recent[0]).toMatchObject({
      emailSent: false,
      emailDelivered: false,
      emailRefused: true,
      mailRefusal: expect.stringMatching(/550/),
    });

    const overview = (await app.inject({ url: '/api/admin/data-connections/overview', headers: admin })).json();
    expect(JSON.stringify(overview)).toContain("0 mails sent via SMTP, 1 refused by the recipient's server");
    // The job ended: no retry is waiting to send it again.
    const retries = await stores.sql`SELECT id FROM pgboss.job WHERE name = 'mail-send' AND state IN ('retry', 'created')
      AND data->>'kind' = 'audit-report'`;
    expect(retries).toHaveLength(0);
  }, 90_000);
});
