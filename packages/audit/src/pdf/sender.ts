// Who sends the report: the site's owner as the PDF's cover and last page show them, from the
// owner's profile (name, title, phone, e-mail, photo, booking link; the sample profile until the
// owner saves one) and the owner's settings (the site's public address and title, their time
// zone). A prospect who prints the report can still call, write or book: every way is written out.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import { company, sampleProfile, seoDefaults } from '@curb/content';
import { initialsOf, type OwnerProfile } from '@curb/contracts/owner-content';
import type { SettingsOf } from '@curb/contracts/settings';
import { DEFAULT_TIME_ZONE } from '@curb/contracts/stats';

export interface ReportSender {
  name: string;
  title: string;
  /** The business the owner works under (the site title when the owner set one). */
  brand: string;
  /** Where the owner works now, e.g. "Director of Operations & Marketing at Capital Keys Realty Group". */
  position: string;
  phone: string;
  email: string;
  /** Where a prospect books a call: the owner's booking link, else the site's contact section. */
  bookingUrl: string;
  /** The site's public address. */
  siteUrl: string;
  initials: string;
  /** The owner's photo as a PNG or JPEG data URL; null draws the initials, as the site's monogram does. */
  headshot: string | null;
  /** The owner's brand colour (#rrggbb): the report's headings, links and monogram. */
  brandColour: string;
  /** The owner's time zone (their setting; UTC unset): the report's dates are written in it. */
  timeZone: string;
}

export interface SenderSources {
  /** The owner's profile as saved (images as `media:<id>`); the sample's when absent. */
  profile?: OwnerProfile;
  /** The owner's photo as `ownerHeadshot` read it (null: none); read from the web app when absent. */
  headshot?: string | null;
  seo?: SettingsOf<'seo'>;
  contact?: SettingsOf<'contact'>;
  traffic?: SettingsOf<'traffic'>;
  /** The address the report is served from (PUBLIC_URL), when the owner set no canonical URL. */
  publicUrl?: string;
  /** The built web app (WEB_DIST), where the headshot file is; the checkout's web/dist by default. */
  webDist?: string;
}

/** web/dist of this checkout, from src/pdf or dist/pdf alike. */
const DEFAULT_WEB_DIST = join(import.meta.dirname, '..', '..', '..', '..', 'web', 'dist');

const RASTER = new Map([
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
]);
/** A headshot larger than this is not embedded (the initials are drawn instead). */
const MAX_HEADSHOT_BYTES = 2 * 1024 * 1024;

/** A picture of the built web app (the sample's headshot), when it is one the PDF can embed. */
function headshotData(webDist: string, path: string): string | null {
  const type = RASTER.get(extname(path).toLowerCase());
  if (!type) return null;
  const file = join(webDist, path);
  try {
    if (!existsSync(file) || statSync(file).size > MAX_HEADSHOT_BYTES) return null;
    return `data:${type};base64,${readFileSync(file).toString('base64')}`;
  } catch {
    return null;
  }
}

/**
 * The owner's uploaded photo (`media:<id>`, or its served path /media/u/<id>/…; stored as WebP
 * under DATA_DIR/media/<id>/) as a PNG data URL the PDF can embed, from its narrowest width;
 * null when there is none.
 */
export async function ownerHeadshot(dataDir: string, photo: string): Promise<string | null> {
  const id = /^(?:media:|\/media\/u\/)([0-9a-f-]{36})/.exec(photo)?.[1];
  if (!id) return null;
  try {
    const dir = join(dataDir, 'media', id);
    const narrowest = readdirSync(dir)
      .map((f) => /^(\d+)\.webp$/.exec(f)?.[1])
      .filter((w): w is string => w !== undefined)
      .sort((a, b) => Number(a) - Number(b))[0];
    if (!narrowest) return null;
    const png = await sharp(join(dir, `${narrowest}.webp`))
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    return null;
  }
}

export function reportSender(sources: SenderSources = {}): ReportSender {
  const siteUrl = (sources.seo?.canonical_url ?? sources.publicUrl ?? seoDefaults.canonicalUrl).replace(/\/+$/, '');
  const profile = sources.profile ?? sampleProfile();
  const position = [profile.position, profile.company].filter(Boolean).join(' at ');
  return {
    name: profile.name,
    title: profile.title,
    brand: sources.seo?.site_title ?? (profile.company || company.name),
    position,
    phone: profile.phone,
    email: profile.email,
    bookingUrl: profile.bookingUrl || sources.contact?.booking_url || `${siteUrl}/#contact`,
    siteUrl,
    initials: profile.initials || initialsOf(profile.name),
    // An uploaded photo is WebP, which the PDF cannot embed: the caller converts it (ownerHeadshot).
    headshot: sources.headshot !== undefined ? sources.headshot : headshotData(sources.webDist ?? DEFAULT_WEB_DIST, profile.photo),
    brandColour: profile.brandColour,
    timeZone: sources.traffic?.time_zone ?? DEFAULT_TIME_ZONE,
  };
}

/** A short key that changes whenever what the PDF shows of the sender does (for caches of rendered PDFs). */
export function senderKey(sender: ReportSender): string {
  return createHash('sha256').update(JSON.stringify(sender)).digest('base64url').slice(0, 16);
}
