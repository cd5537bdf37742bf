// The owner's image library: upload (multipart, field `file`, an optional `alt` text) and list.
// Only images, recognised from their bytes, up to MEDIA_LIMITS.maxBytes; see lib/media-store.ts
// for what is written.
import multipart from '@fastify/multipart';
import type { RouteApp } from '../../lib/route-app.ts';
import { cleanText } from '@curb/contracts/text-hygiene';
import { MEDIA_LIMITS, OWNER_CONTENT_ROUTES, type MediaItem } from '@curb/contracts/owner-content';
import { ownerContent } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';
import { removeImage, storeImage } from '../../lib/media-store.ts';

const MEGABYTES = MEDIA_LIMITS.maxBytes / 1024 / 1024;
/** Images the library lists (newest first). */
const LIBRARY_LIMIT = 500;

const toItem = (row: ownerContent.MediaRow): MediaItem => ({
  id: row.id,
  ref: `media:${row.id}`,
  width: row.width,
  height: row.height,
  widths: row.widths,
  alt: row.alt,
  createdAt: row.created_at.toISOString(),
});

/** The `alt` field as one clean line (at most 300 characters). */
function altText(field: unknown): string {
  const value = (field as { value?: unknown } | undefined)?.value;
  if (typeof value !== 'string') return '';
  const clean = cleanText(value)
    .replace(/[\u0000-\u001f\u007f<>]/g, ' ')
    .trim();
  if (clean.length > 300) throw new HttpError(400, 'The description is too long (at most 300 characters).', { field: 'alt' });
  return clean;
}

export default async function mediaRoutes(app: RouteApp, opts: { stores: Stores; dataDir: string }): Promise<void> {
  const { sql } = opts.stores;
  // Another api plugin may have registered multipart already; the parser is shared and each
  // route sets its own limits.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MEDIA_LIMITS.maxBytes, files: 1, fields: 4, parts: 5 } });
  }

  app.get(OWNER_CONTENT_ROUTES.media, async () => (await ownerContent.listMedia(sql, LIBRARY_LIMIT)).map(toItem));

  app.post(OWNER_CONTENT_ROUTES.media, async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(415, 'Send the picture as multipart/form-data in the field "file".', { field: 'file' });
    let bytes: Buffer;
    let alt: string;
    try {
      const file = await request.file({ limits: { fileSize: MEDIA_LIMITS.maxBytes, files: 1, fields: 4, parts: 5 } });
      if (file?.fieldname !== 'file') throw new HttpError(400, 'Choose a picture to upload.', { field: 'file' });
      bytes = await file.toBuffer();
      alt = altText(file.fields.alt);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, `This picture is larger than ${MEGABYTES} MB: make it smaller and upload it again.`, { field: 'file' });
      }
      throw new HttpError(400, 'The picture could not be read: send it as multipart/form-data with one file.', { field: 'file' });
    }
    if (bytes.length === 0) throw new HttpError(400, 'This file is empty.', { field: 'file' });
    const image = await storeImage(opts.dataDir, bytes);
    try {
      const row = await ownerContent.insertMedia(sql, { ...image, alt });
      return reply.code(201).send(toItem(row));
    } catch (err) {
      await removeImage(opts.dataDir, image.id);
      throw err;
    }
  });
}
