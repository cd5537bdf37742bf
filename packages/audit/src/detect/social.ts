// Social and real-estate profile links a site points to.
import type { ParsedPage } from '../page.ts';

export interface ProfileLink {
  platform: string;
  username: string;
  url: string;
}

interface Platform {
  name: string;
  host: RegExp;
  /** Captures the user name from the path; share and intent links do not match. */
  path: RegExp;
}

export const PLATFORMS: Platform[] = [
  {
    name: 'Facebook',
    host: /(^|\.)facebook\.com$|(^|\.)fb\.com$/,
    path: /^\/(?!sharer|share|dialog|plugins|tr\b)(?:pg\/)?([A-Za-z0-9.\-_]{2,})/,
  },
  { name: 'Instagram', host: /(^|\.)instagram\.com$/, path: /^\/(?!p\/|explore|reel\/)([A-Za-z0-9._]{2,})/ },
  { name: 'LinkedIn', host: /(^|\.)linkedin\.com$/, path: /^\/(?:in|company|pub)\/([^/?#]{2,})/ },
  { name: 'YouTube', host: /(^|\.)youtube\.com$/, path: /^\/(?:@([^/?#]+)|c\/([^/?#]+)|channel\/([^/?#]+)|user\/([^/?#]+))/ },
  { name: 'X (Twitter)', host: /(^|\.)(twitter|x)\.com$/, path: /^\/(?!intent|share|home|hashtag)([A-Za-z0-9_]{2,15})\/?$/ },
  { name: 'TikTok', host: /(^|\.)tiktok\.com$/, path: /^\/@([^/?#]+)/ },
  { name: 'Pinterest', host: /(^|\.)pinterest\.com$/, path: /^\/(?!pin\/)([A-Za-z0-9_]{3,})/ },
  { name: 'Zillow', host: /(^|\.)zillow\.com$/, path: /^\/profile\/([^/?#]+)/ },
  { name: 'Realtor.com', host: /(^|\.)realtor\.com$/, path: /^\/realestateagents\/([^/?#]+)/ },
  { name: 'Homes.com', host: /(^|\.)homes\.com$/, path: /^\/real-estate-agents\/([^/?#]+)/ },
  { name: 'Redfin', host: /(^|\.)redfin\.com$/, path: /^\/real-estate-agents\/([^/?#]+)/ },
  {
    name: 'Google Business Profile',
    host: /^(g\.page|maps\.app\.goo\.gl|business\.google\.com|(www\.)?google\.com)$/,
    path: /^\/(?:maps\/place\/([^/?#]+)|([^/?#]+))/,
  },
  // The profile as Google Search's "Share" button and the old Maps short links give it.
  { name: 'Google Business Profile', host: /^g\.co$/, path: /^\/kgs\/([^/?#]+)/ },
  { name: 'Google Business Profile', host: /^goo\.gl$/, path: /^\/maps\/([^/?#]+)/ },
  { name: 'Yelp', host: /(^|\.)yelp\.com$/, path: /^\/biz\/([^/?#]+)/ },
];

/** The three real-estate profile sites the report verifies. */
export const REAL_ESTATE_PROFILE_SITES = ['Zillow', 'Realtor.com', 'Homes.com'] as const;

export function detectProfiles(pages: ParsedPage[]): ProfileLink[] {
  const found = new Map<string, ProfileLink>();
  for (const page of pages) {
    const candidates = [...page.links.map((l) => l.url), ...sameAsUrls(page)];
    for (const raw of candidates) {
      if (!raw) continue;
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        continue;
      }
      // Only web links: a `javascript://www.facebook.com/…` link would pass the host test and
      // end up as a link in the report.
      if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
      const host = url.hostname.toLowerCase();
      for (const p of PLATFORMS) {
        if (!p.host.test(host)) continue;
        if (p.name === 'Google Business Profile' && host.endsWith('google.com') && !url.pathname.startsWith('/maps')) continue;
        const m = p.path.exec(url.pathname);
        if (!m) continue;
        const username = decodeURIComponent(m.slice(1).find(Boolean) ?? '').replace(/[-_+]/g, (c) => (c === '+' ? ' ' : c));
        if (!found.has(p.name)) found.set(p.name, { platform: p.name, username, url: url.href });
      }
    }
  }
  return [...found.values()];
}

/** Profile URLs listed in the site's structured data (sameAs): the owner's own claim. */
export function sameAsUrls(page: ParsedPage): string[] {
  const urls: string[] = [];
  for (const item of page.schemaItems) {
    const v = item.props.sameAs;
    for (const u of Array.isArray(v) ? v : [v]) if (typeof u === 'string') urls.push(u);
  }
  return urls;
}
