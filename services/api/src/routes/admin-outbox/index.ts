// The outbox viewer: in embedded mode without a mail API or SMTP server, the worker writes
// each mail to $DATA_DIR/outbox/*.eml; the admin reads them here, newest first, and is told
// whether a mail service is configured at all (GET /api/admin/mail-service).
import { HttpError } from '@curb/runtime';
import type { RouteApp } from '../../lib/route-app.ts';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { Type } from '@sinclair/typebox';
import {
  MailServiceSchema,
  OUTBOX_ID_PATTERN,
  OUTBOX_LIST_LIMIT,
  OutboxListSchema,
  OutboxMailSchema,
  type MailService,
  type OutboxList,
  type OutboxMail,
} from '@curb/contracts/admin';
import type { Config } from '@curb/contracts/config';
import { mailOnlyToOutbox } from '@curb/contracts/mail';
import { ErrorResponseSchema } from '@curb/contracts/errors';

const IdParams = Type.Object({ id: Type.String({ pattern: OUTBOX_ID_PATTERN }) }, { additionalProperties: false });
const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  [a ?? []]
    .flat()
    .map((x) => x.text)
    .join(', ');

export default async function adminOutboxRoutes(app: RouteApp, opts: { config: Config }): Promise<void> {
  const dir = resolve(opts.config.DATA_DIR, 'outbox');
  const inUse = mailOnlyToOutbox(opts.config);

  /** The ids are file names the worker chose; a request can only name one of them. */
  const files = async (): Promise<string[]> => {
    try {
      return (await readdir(dir))
        .filter((f) => f.endsWith('.eml') && new RegExp(OUTBOX_ID_PATTERN).test(f.slice(0, -4)))
        .sort()
        .reverse();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  };
  const parse = async (id: string) => {
    const raw = await readFile(join(dir, `${id}.eml`));
    return { raw, mail: await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true }) };
  };

  /** Cheap enough for the admin's first page, which warns while mail reaches nobody. */
  app.get(
    '/api/admin/mail-service',
    { schema: { response: { 200: MailServiceSchema } } },
    async (_request, reply): Promise<MailService> => {
      reply.header('cache-control', 'no-store');
      return { configured: !inUse, outboxDir: dir };
    },
  );

  app.get('/api/admin/outbox', { schema: { response: { 200: OutboxListSchema } } }, async (_request, reply): Promise<OutboxList> => {
    const names = await files();
    const mails = await Promise.all(
      names.slice(0, OUTBOX_LIST_LIMIT).map(async (name) => {
        const id = name.slice(0, -4);
        const [{ mail }, info] = await Promise.all([parse(id), stat(join(dir, name))]);
        return {
          id,
          to: addresses(mail.to),
          subject: mail.subject ?? '(no subject)',
          date: (mail.date ?? info.mtime).toISOString(),
          sizeBytes: info.size,
        };
      }),
    );
    reply.header('cache-control', 'no-store');
    return { inUse, total: names.length, mails };
  });

  app.get(
    '/api/admin/outbox/:id',
    { schema: { params: IdParams, response: { 200: OutboxMailSchema, '4xx': ErrorResponseSchema } } },
    async (request, reply): Promise<OutboxMail> => {
      const { id } = request.params;
      if (!(await files()).includes(`${id}.eml`)) throw new HttpError(404, 'This mail is not in the outbox.');
      const { raw, mail } = await parse(id);
      reply.header('cache-control', 'no-store');
      return {
        id,
        from: addresses(mail.from),
        to: addresses(mail.to),
        subject: mail.subject ?? '(no subject)',
        date: (mail.date ?? new Date()).toISOString(),
        text: mail.text ?? (raw.length < 200_000 ? raw.toString('utf8') : ''),
        attachments: mail.attachments.map((a) => ({ filename: a.filename ?? 'attachment', contentType: a.contentType, sizeBytes: a.size })),
      };
    },
  );
}
