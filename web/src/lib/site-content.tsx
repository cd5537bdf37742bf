// The owner's profile and published content, as every public page shows them. The page server
// renders each page with the current bundle and puts the same bundle into the page as a JSON
// data block; the browser reads it back before hydrating, so the first render matches the HTML
// and no second request is made. A page without the block (the dev server) asks the API once.
import { createContext, useContext, type ReactNode } from 'react';
import { seoDefaults } from '@curb/content';
import {
  type OwnerProfile,
  type PublishedPost,
  SOCIAL_NETWORK_NAMES,
  type SiteContent,
  type SocialNetwork,
} from '@curb/contracts/owner-content';
import { MEDIA_LIMITS, mediaFilePath, OWNER_CONTENT_ROUTES } from '@curb/contracts/owner-content-paths';
import type { QrMatrix } from './qr-matrix';

/** The id of the JSON block in every page: a data block, which the browser never runs. */
export const SITE_CONTENT_ELEMENT_ID = 'site-content';

/** What a page carries: the bundle, the post its path shows (a blog post page only) and the contact card's QR code. */
export interface EmbeddedSiteContent {
  content: SiteContent;
  post?: PublishedPost | null;
  contactQr?: QrMatrix;
}

/** The JSON block's text: `<` and the JS line separators escaped, so no text can close the element. */
export function siteContentJson(data: EmbeddedSiteContent): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The JSON block as the page server writes it before `</head>`. */
export function siteContentElement(data: EmbeddedSiteContent): string {
  return `<script type="application/json" id="${SITE_CONTENT_ELEMENT_ID}">${siteContentJson(data)}</script>`;
}

/** The block the page came with, or null. */
export function embeddedSiteContent(doc: Document): EmbeddedSiteContent | null {
  const text = doc.getElementById(SITE_CONTENT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as EmbeddedSiteContent;
  } catch {
    return null;
  }
}

/** The bundle for this page: the embedded one, or the API's. */
export async function loadSiteContent(doc: Document): Promise<EmbeddedSiteContent> {
  const embedded = embeddedSiteContent(doc);
  if (embedded) return embedded;
  const response = await fetch(OWNER_CONTENT_ROUTES.siteContent, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status}: the site's content could not be loaded`);
  return { content: (await response.json()) as SiteContent };
}

/** A published post from the API; null when there is none by that slug. */
export async function fetchPublishedPost(slug: string): Promise<PublishedPost | null> {
  const response = await fetch(OWNER_CONTENT_ROUTES.publicPost.replace(':slug', encodeURIComponent(slug)), { credentials: 'same-origin' });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${response.status}: the post could not be loaded`);
  return (await response.json()) as PublishedPost;
}

const SiteContentContext = createContext<SiteContent | null>(null);
const ContactQrContext = createContext<QrMatrix | undefined>(undefined);

export function SiteContentProvider({ content, contactQr, children }: { content: SiteContent; contactQr?: QrMatrix; children: ReactNode }) {
  return (
    <SiteContentContext.Provider value={content}>
      <ContactQrContext.Provider value={contactQr}>{children}</ContactQrContext.Provider>
    </SiteContentContext.Provider>
  );
}

/** The contact card's QR code, as the page server encoded it (none on a page it did not send). */
export const useContactQr = () => useContext(ContactQrContext);

export function useSiteContent(): SiteContent {
  const content = useContext(SiteContentContext);
  if (!content) throw new Error('useSiteContent outside SiteContentProvider');
  return content;
}

export const useOwner = () => useSiteContent().profile;

const UPLOADED = /^\/media\/u\/([0-9a-f-]{36})\/(\d+)\.webp$/;

/**
 * The srcset of a picture: an uploaded image is written at every standard width up to the one
 * the bundle names, so each narrower one is there too; a site path has no other widths.
 */
export function imageSrcSet(src: string): string | undefined {
  const match = UPLOADED.exec(src);
  if (!match) return undefined;
  const widest = Number(match[2]);
  const widths = MEDIA_LIMITS.widths.filter((w) => w < widest);
  return [...widths, widest].map((w) => `${mediaFilePath(match[1]!, w)} ${w}w`).join(', ');
}

/** The digits (and a leading +) a tel: link dials. */
export const dialable = (phone: string) => phone.replace(/(?!^\+)[^0-9]/g, '');

export { SOCIAL_NETWORK_NAMES };

/** The owner's links to their profiles elsewhere, in the order the networks are listed. */
export function socialLinks(content: SiteContent): Array<[SocialNetwork, string]> {
  const social = socialOf(content.profile);
  return (Object.keys(SOCIAL_NETWORK_NAMES) as SocialNetwork[]).flatMap((n) =>
    social[n] ? [[n, social[n]] as [SocialNetwork, string]] : [],
  );
}

/** The profile's social links by network (the schema's record of optional keys, typed). */
export const socialOf = (profile: OwnerProfile) => profile.social as Partial<Record<SocialNetwork, string>>;

/**
 * The owner's brand colour as the stylesheet's custom properties (the darker and softer tones
 * mixed from it); empty for the stylesheet's own colour.
 */
export function brandColourProperties(colour: string): Array<[string, string]> {
  if (!/^#[0-9a-fA-F]{6}$/.test(colour) || colour.toLowerCase() === seoDefaults.themeColor) return [];
  return [
    ['--color-primary', colour],
    ['--color-primary-dark', `color-mix(in srgb, ${colour} 85%, #000)`],
    ['--color-primary-soft', `color-mix(in srgb, ${colour} 6%, #fff)`],
  ];
}

/** The brand colour as a style element for the server-rendered page's head. */
export function brandColourStyle(colour: string): string {
  const properties = brandColourProperties(colour);
  return properties.length ? `<style id="brand-colour">:root{${properties.map(([k, v]) => `${k}:${v}`).join(';')}}</style>` : '';
}
