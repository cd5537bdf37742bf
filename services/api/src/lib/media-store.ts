// Uploaded images on disk: DATA_DIR/media/<id>/<width>.webp. An upload is recognised from its
// bytes (not its name or declared type), turned upright, stripped of EXIF and every other
// metadata, and written as WebP in the widths the pages use, never wider than the original.
// The files appear together (written to a temporary folder, then renamed).
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { MEDIA_LIMITS } from '@curb/contracts/owner-content';
import { HttpError } from '@curb/runtime';

export const mediaDir = (dataDir: string): string => join(dataDir, 'media');

/** sharp's format names of the types accepted, with their MIME types. */
const ACCEPTED: Record<string, (typeof MEDIA_LIMITS.types)[number]> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/avif',
};

export interface StoredImage {
  id: string;
  mime: string;
  width: number;
  height: number;
  widths: number[];
  bytes: number;
}

const notAnImage = () =>
  new HttpError(400, 'This file is not an image we can use: upload a JPEG, PNG, WebP, GIF or AVIF picture.', { field: 'file' });

/** Reads, cleans and writes an upload; refuses what is not an accepted image. */
export async function storeImage(dataDir: string, bytes: Buffer): Promise<StoredImage> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MEDIA_LIMITS.maxPixels }).metadata();
  } catch {
    throw notAnImage();
  }
  const mime = meta.format ? ACCEPTED[meta.format] : undefined;
  // HEIF holds AVIF and HEIC; only AVIF (the AV1 compression) is accepted.
  if (!mime || (meta.format === 'heif' && meta.compression !== 'av1') || !meta.width || !meta.height) throw notAnImage();
  if (meta.width * meta.height > MEDIA_LIMITS.maxPixels) {
    throw new HttpError(400, `This picture is too large (at most ${MEDIA_LIMITS.maxPixels / 1_000_000} megapixels).`, { field: 'file' });
  }
  // Upright size: EXIF orientations 5-8 turn the picture a quarter.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const widths: number[] = MEDIA_LIMITS.widths.filter((w) => w <= width);
  if (!widths.length) widths.push(width);

  const id = randomUUID();
  const dir = mediaDir(dataDir);
  const temporary = join(dir, `.${id}.partial`);
  await mkdir(temporary, { recursive: true });
  try {
    // Decoded once, turned upright and scaled to the widest width kept; every width is made from
    // those pixels (decoding a large JPEG again for each width took twice as long). Raw pixels
    // carry no metadata, so nothing of the original's EXIF reaches the files.
    const widest = Math.max(...widths);
    const { data, info } = await sharp(bytes, { limitInputPixels: MEDIA_LIMITS.maxPixels, animated: false })
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      // 8-bit sRGB whatever came in (CMYK, 16-bit, grey), so the pixels read back as they are.
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    for (const w of widths) {
      await sharp(data, pixels)
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toFile(join(temporary, `${w}.webp`));
    }
    await rename(temporary, join(dir, id));
  } catch (err) {
    await rm(temporary, { recursive: true, force: true });
    if (err instanceof Error && /unsupported|corrupt|bad|premature|invalid/i.test(err.message)) throw notAnImage();
    throw err;
  }
  return { id, mime, width, height, widths, bytes: bytes.length };
}

/** Deletes an image's files (when its row could not be written). */
export async function removeImage(dataDir: string, id: string): Promise<void> {
  await rm(join(mediaDir(dataDir), id), { recursive: true, force: true });
}
