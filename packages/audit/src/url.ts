// Website addresses as visitors type them, and which links belong to the same site.
import { hostAsWritten } from '@curb/content';

/** Parses a visitor's website value, assuming https:// without a scheme; null if unusable. */
export function parseWebsite(input: string): URL | null {
  const value = input.trim();
  if (!value || value.length > 2048 || /\s/.test(value)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // A host needs a dot (or is an IP literal / localhost used in development).
  if (!url.hostname.includes('.') && !url.hostname.startsWith('[') && url.hostname !== 'localhost') return null;
  // `1.5` is not 1.0.0.5: the same rule as the forms (@curb/content's parseWebsite).
  if (!hostAsWritten(value, url)) return null;
  url.hash = '';
  return url;
}

/** The cache key of a website: host without a leading www., path without a bare trailing slash. */
export function normaliseWebsite(url: URL): string {
  const host = url.host.toLowerCase().replace(/^www\./, '');
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.protocol}//${host}${path}${url.search}`;
}

/** Same site for crawling and "internal link" purposes: same host, ignoring www. */
export function sameSite(a: URL, b: URL): boolean {
  return a.hostname.toLowerCase().replace(/^www\./, '') === b.hostname.toLowerCase().replace(/^www\./, '');
}
