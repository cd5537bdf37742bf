// One-click unsubscribe from the funnels' e-mails: the link in every e-mail to a lead
// (GET, which a person clicks) and the List-Unsubscribe-Post request a mail client sends (POST,
// RFC 8058). Either stops every further e-mail to the lead's address; an unknown token changes
// nothing and gets the same page, so the page says nothing about who is on the list.
import type { RouteApp } from '../../lib/route-app.ts';
import { Type } from '@sinclair/typebox';
import { rateLimit } from '@curb/contracts/limits';
import { leadMail } from '@curb/db';
import type { Stores } from '@curb/runtime';

const ParamsSchema = Type.Object({ token: Type.String({ maxLength: 64 }) });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page after unsubscribing, naming the owner of the profile, in their brand colour (#rrggbb, checked by its schema). */
const page = (owner: string, colour: string) => `<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unsubscribed | ${owner}</title>
<body style="font-family:Arial,sans-serif;color:#111827;max-width:560px;margin:64px auto;padding:0 16px">
<h1 style="font-size:24px">You are unsubscribed</h1>
<p>You will get no more e-mails from ${owner} about your marketing audit. Your report stays available at its link.</p>
<p><a href="/" style="color:${colour}">Back to the site</a></p>
</body></html>`;

export default async function unsubscribeRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const unsubscribe = async (token: string) => {
    if (/^[a-f0-9]{32}$/.test(token)) await leadMail.unsubscribe(opts.stores.sql, token);
  };
  app.get(
    '/api/unsubscribe/:token',
    { schema: { params: ParamsSchema }, config: { rateLimit: rateLimit('unsubscribe') } },
    async (request, reply) => {
      await unsubscribe(request.params.token);
      const { profile } = await app.siteContent.get();
      const html = page(escapeHtml(profile.name), escapeHtml(profile.brandColour));
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );
  // A mail client's one-click request is a form post of "List-Unsubscribe=One-Click"; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );
  app.post(
    '/api/unsubscribe/:token',
    { schema: { params: ParamsSchema }, config: { rateLimit: rateLimit('unsubscribe') } },
    async (request, reply) => {
      await unsubscribe(request.params.token);
      return reply.code(200).header('cache-control', 'no-store').send({ message: 'Unsubscribed.' });
    },
  );
}
