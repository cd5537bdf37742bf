// How an e-mail leaves: the HTTP mail API first, then SMTP; with neither configured the
// message is written to the file outbox ($DATA_DIR/outbox/*.eml), where nobody receives it.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '@curb/contracts/config';
import type { MailTransportName } from '@curb/contracts/mail';
import { dkimSigningFor } from './dkim.ts';

export type MailConfig = Pick<Config, 'MAIL_API_URL' | 'MAIL_API_KEY' | 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR' | 'PUBLIC_URL' | 'PORT'>;

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The visitor who wrote, so the owner can answer the notice directly. */
  replyTo?: string;
  /** Extra headers (the funnels' List-Unsubscribe). */
  headers?: Record<string, string>;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Transport {
  name: MailTransportName;
  /** Resolves when the transport accepted the message; throws with the reason otherwise. */
  send(mail: OutgoingMail): Promise<void>;
}

/** The transports to try, in order: mail API, SMTP, and the outbox only when neither is set. */
export function transportsFor(config: MailConfig): Transport[] {
  const list: Transport[] = [];
  if (config.MAIL_API_URL) list.push(mailApiTransport(config.MAIL_API_URL, config.MAIL_API_KEY));
  if (config.SMTP_URL) list.push(smtpTransport(config.SMTP_URL, { dataDir: config.DATA_DIR }));
  if (!list.length) list.push(outboxTransport(resolve(config.DATA_DIR, 'outbox')));
  return list;
}

/**
 * A JSON mail API: POST {from, to, subject, text, html, attachments[{filename, content
 * (base64), contentType}]} with "Authorization: Bearer <MAIL_API_KEY>"; any 2xx is accepted.
 */
function mailApiTransport(url: string, key: string | undefined): Transport {
  return {
    name: 'mail-api',
    async send(mail) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({ ...mail, attachments: mail.attachments.map((a) => ({ ...a, content: a.content.toString('base64') })) }),
        signal: AbortSignal.timeout(20_000),
      });
      if (!res.ok) throw new Error(`mail API answered ${res.status} ${(await res.text().catch(() => '')).slice(0, 200)}`);
    },
  };
}

/**
 * The recipient's server refused the mail for good (an SMTP 5xx reply to it): trying again
 * changes nothing, and the owner is told the address does not take mail.
 */
export class MailRefusedError extends Error {
  override name = 'MailRefusedError';
}

/** Every transport failed: why each did (in words), and their errors. */
export interface HandOverFailure {
  errors: string[];
  /** The transports' own errors: a full disk or a store restarting shows in their codes. */
  causes: unknown[];
  refused?: { transport: MailTransportName; reply: string };
}

/**
 * The error a job throws when no transport took `what`; the transports' errors go with it as
 * its cause, so a retry can tell a full disk (seconds away from working again) from a refusal.
 */
export function notAccepted(what: string, failure: HandOverFailure): Error {
  return new Error(`no mail transport accepted the ${what} (${failure.errors.join('; ')})`, {
    cause: new AggregateError(failure.causes, 'mail transports failed'),
  });
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * nodemailer's options for SMTP_URL. smtps:// is TLS from the first byte; smtp:// must upgrade
 * with STARTTLS before the password or the lead's address is sent, unless the server is a
 * relay on this machine (nothing crosses the network). The certificate is always verified.
 */
export function smtpOptions(url: string, extra: { tls?: { ca?: string } } = {}) {
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase();
  const implicitTls = parsed.protocol === 'smtps:';
  return {
    host: host.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : implicitTls ? 465 : 587,
    secure: implicitTls,
    requireTLS: !implicitTls && !LOOPBACK_HOSTS.has(host) && !host.startsWith('127.'),
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    tls: { rejectUnauthorized: true, servername: host, ...extra.tls },
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/** What failed, in words an owner can act on; never the password. */
export function describeSmtpFailure(err: unknown, url: string): string {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
  const parsed = new URL(url);
  const where = `${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)}`;
  const reply = (e.response ?? e.message ?? '').replace(/\s+/g, ' ').slice(0, 200);
  const said = e.responseCode ? ` (${reply})` : '';
  let text: string;
  if (e.code === 'ETIMEDOUT' || e.code === 'ECONNECTION' || e.code === 'EDNS' || e.code === 'ESOCKET') {
    const tlsProblem = /certificate|self[- ]signed|TLS|SSL|wrong version/i.test(e.message ?? '');
    text = tlsProblem
      ? `the TLS connection to ${where} failed: ${e.message ?? ''}`
      : `could not connect to the SMTP server ${where}: ${e.message ?? e.code}`;
  } else if (e.code === 'ETLS') text = `${where} does not offer STARTTLS: use its TLS port (smtps://…:465) or another server`;
  else if (e.code === 'EAUTH') text = `${where} refused the user name or password of SMTP_URL${said}`;
  else if (e.code === 'EENVELOPE') text = `${where} refused the sender or the recipient${said}`;
  else if (e.code === 'EMESSAGE') text = `${where} refused the message${said}`;
  else text = `SMTP ${where}: ${reply}`;
  // Whatever the server or the library echoed, the password never reaches a log or the admin.
  const password = decodeURIComponent(parsed.password);
  return password ? text.split(password).join('***') : text;
}

export function smtpTransport(url: string, options: { dataDir: string; tls?: { ca?: string } }): Transport {
  return {
    name: 'smtp',
    async send(mail) {
      const dkim = dkimSigningFor(options.dataDir, mail.from);
      const transporter = nodemailer.createTransport({ ...smtpOptions(url, options), ...(dkim && { dkim }) });
      try {
        const info = await transporter.sendMail(mail);
        if (!info.accepted.length) throw new MailRefusedError(`the recipient's server refused ${String(info.rejected.join(', '))}`);
      } catch (err) {
        if (err instanceof MailRefusedError) throw err;
        const e = err as { code?: string; responseCode?: number; command?: string };
        const message = describeSmtpFailure(err, url);
        // A permanent refusal of the recipient or of the message (not of our own sender, which
        // the owner fixes in MAIL_FROM): retrying will not change it.
        const refused = (e.code === 'EENVELOPE' && e.command !== 'MAIL FROM') || e.code === 'EMESSAGE';
        if (refused && (e.responseCode ?? 0) >= 500) throw new MailRefusedError(message);
        throw new Error(message);
      } finally {
        transporter.close();
      }
    },
  };
}

/** Writes the raw message to the outbox, readable there; it is not delivered to anyone. */
function outboxTransport(dir: string): Transport {
  return {
    name: 'outbox',
    async send(mail) {
      const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(mail);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const path = join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Written aside, then named: a write the disk refuses halfway leaves no cut-off mail behind.
      const partial = `${path}.partial`;
      try {
        await writeFile(partial, info.message as Buffer, { mode: 0o600 });
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true }).catch(() => {});
        throw err;
      }
    },
  };
}
