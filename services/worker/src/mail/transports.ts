// How an e-mail leaves: the HTTP mail API first, then SMTP; with neither configured the
// message is written to the file outbox ($DATA_DIR/outbox/*.eml), where nobody receives it.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '@curb/contracts/config';
import type { MailTransportName } from '@curb/contracts/mail';

export type MailConfig = Pick<Config, 'MAIL_API_URL' | 'MAIL_API_KEY' | 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR' | 'PUBLIC_URL' | 'PORT'>;

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The visitor who wrote, so the owner can answer the notice directly. */
  replyTo?: string;
  /** Extra headers (the funnels' List-Unsubscribe, issue 32). */
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
  if (config.SMTP_URL) list.push(smtpTransport(config.SMTP_URL));
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

function smtpTransport(url: string): Transport {
  return {
    name: 'smtp',
    async send(mail) {
      const transporter = nodemailer.createTransport(url, {
        connectionTimeout: 15_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as object);
      try {
        const info = await transporter.sendMail(mail);
        if (!info.accepted.length) throw new Error(`SMTP server refused the recipient: ${String(info.rejected.join(', '))}`);
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
      await writeFile(join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`), info.message as Buffer, { mode: 0o600 });
    },
  };
}
