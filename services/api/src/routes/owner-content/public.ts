// What the public site reads of the owner's content: the bundle, a published post, and the
// uploaded images (immutable: an image's id changes when the picture does).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RouteApp } from '../../lib/route-app.ts';
import { OWNER_CONTENT_ROUTES, OwnerContentParams } from '@curb/contracts/owner-content';
import { profileVcardText } from '@curb/content';
import { HttpError } from '@curb/runtime';
import { mediaDir } from '../../lib/media-store.ts';

/** The card's file name: the owner's name as ASCII words joined by hyphens. */
const vcardFileName = (name: string) =>
  `${
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'contact'
  }.vcf`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export default async function publicContentRoutes(app: RouteApp, opts: { dataDir: string }): Promise<void> {
  app.get(OWNER_CONTENT_ROUTES.siteContent, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.siteContent.get();
  });

  app.get(OWNER_CONTENT_ROUTES.publicPost, { schema: { params: OwnerContentParams.slug } }, async (request, reply) => {
    const { slug } = request.params;
    const post = await app.siteContent.getPost(slug);
    if (!post) throw new HttpError(404, 'There is no published post at this address.');
    reply.header('cache-control', 'no-cache');
    return post;
  });

  // The contact card, written from the profile at each download (the QR code on the page carries the same text).
  app.get(OWNER_CONTENT_ROUTES.vcard, async (_request, reply) => {
    const { profile } = await app.siteContent.get();
    return reply
      .type('text/vcard; charset=utf-8')
      .header('content-disposition', `attachment; filename="${vcardFileName(profile.name)}"`)
      .header('cache-control', 'no-cache')
      .send(profileVcardText(profile));
  });

  app.get('/media/u/:id/:file', { schema: { params: OwnerContentParams.mediaFile } }, async (request, reply) => {
    const { id, file } = request.params;
    const width = /^([0-9]{2,4})\.webp$/.exec(file)?.[1];
    if (!UUID.test(id) || !width) throw new HttpError(404, 'There is no such image.');
    const path = join(mediaDir(opts.dataDir), id, `${width}.webp`);
    const size = await stat(path).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );
    if (size === null) throw new HttpError(404, 'There is no such image.');
    return reply
      .type('image/webp')
      .header('content-length', size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(createReadStream(path));
  });
}
