// Who sends the report: the site's owner as the PDF's cover and last page show them, from the
// site's content (name, title, phone, e-mail, headshot) and the owner's settings (the booking
// link, the site's public address and title). A prospect who prints the report can still call,
// write or book: every way is written out.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { company, currentPosition, personal, seoDefaults } from '@curb/content';
import type { SettingsOf } from '@curb/contracts/settings';

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
}

export interface SenderSources {
  seo?: SettingsOf<'seo'>;
  contact?: SettingsOf<'contact'>;
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

/** The headshot the site shows, when it is a picture the PDF can embed. */
function headshotData(webDist: string): string | null {
  const type = RASTER.get(extname(personal.headshot).toLowerCase());
  if (!type) return null;
  const file = join(webDist, personal.headshot);
  try {
    if (!existsSync(file) || statSync(file).size > MAX_HEADSHOT_BYTES) return null;
    return `data:${type};base64,${readFileSync(file).toString('base64')}`;
  } catch {
    return null;
  }
}

export function reportSender(sources: SenderSources = {}): ReportSender {
  const siteUrl = (sources.seo?.canonical_url ?? sources.publicUrl ?? seoDefaults.canonicalUrl).replace(/\/+$/, '');
  return {
    name: personal.name,
    title: personal.title,
    brand: sources.seo?.site_title ?? company.name,
    position: currentPosition.fullTitle,
    phone: personal.formattedPhone,
    email: personal.email,
    bookingUrl: sources.contact?.booking_url ?? `${siteUrl}/#contact`,
    siteUrl,
    initials: personal.initials,
    headshot: headshotData(sources.webDist ?? DEFAULT_WEB_DIST),
  };
}

/** A short key that changes whenever what the PDF shows of the sender does (for caches of rendered PDFs). */
export function senderKey(sender: ReportSender): string {
  return createHash('sha256').update(JSON.stringify(sender)).digest('base64url').slice(0, 16);
}
