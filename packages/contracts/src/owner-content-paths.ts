// The owner's content as the public pages address it: its routes, the upload limits, where an
// uploaded image's widths are served and which pages carry a description the owner writes.
// Plain values with no schema library, since the browser's first script imports them
// (@curb/contracts/owner-content re-exports them for the server).

/** Uploaded images: what is accepted and the widths the pages use. */
export const MEDIA_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const,
  /** Widths written for each upload (never wider than the original). */
  widths: [320, 640, 960, 1280, 1920] as const,
  maxPixels: 40_000_000,
} as const;

/** The routes of this concept, in one place for the web and the server. */
export const OWNER_CONTENT_ROUTES = {
  /** GET: the bundle the site renders with. */
  siteContent: '/api/site/content',
  /** GET: a published post with its body. */
  publicPost: '/api/site/posts/:slug',
  /** GET/PUT: the profile (admin). GET answers `{ profile, isSample }`. */
  profile: '/api/admin/profile',
  /** GET/PUT: one list (admin). */
  list: '/api/admin/content/:kind',
  /** GET/PUT: the pages' search descriptions (admin). */
  pageTexts: '/api/admin/page-texts',
  /** GET posts (admin, drafts too); POST a new post. */
  posts: '/api/admin/posts',
  /** GET/PUT/DELETE one post (admin). */
  post: '/api/admin/posts/:id',
  /** GET versions, POST .../:version/restore, for `profile`, a list kind, `pages` or `post:<id>`. */
  versions: '/api/admin/content-versions/:subject',
  /** POST (multipart, field `file`): upload an image; GET: the library. */
  media: '/api/admin/media',
  /** Public, immutable: one width of an uploaded image. */
  mediaFile: '/media/u/:id/:width.webp',
  /** Public: the owner's contact card, written from the profile. */
  vcard: '/media/contact.vcf',
  feedAtom: '/feed.xml',
  feedRss: '/rss.xml',
} as const;

/** The uploaded image's id a reference names (`media:<id>`), or null for a site path or empty. */
export function mediaIdOf(ref: string): string | null {
  const m = /^media:([0-9a-f-]{36})$/.exec(ref);
  return m ? m[1]! : null;
}

/** Where one width of an uploaded image is served. */
export const mediaFilePath = (id: string, width: number): string => `/media/u/${id}/${width}.webp`;

/** The widest written width not above `atMost` (the narrowest when all are wider). */
export function pickWidth(widths: readonly number[], atMost: number): number {
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted.filter((w) => w <= atMost).pop() ?? sorted[0]!;
}

/** The public pages whose search description the owner writes, by the name their field has. */
export const DESCRIBED_PAGES = {
  home: '/',
  services: '/services',
  experience: '/experience',
  blog: '/blog',
  audit: '/marketing-audit',
  report: '/real-estate-marketing-report',
  seoAudit: '/advanced-seo-audit',
} as const;
export type DescribedPage = keyof typeof DESCRIBED_PAGES;

/** The page whose description is at `path`, if the owner writes one for it. */
export const describedPageAt = (path: string): DescribedPage | undefined =>
  (Object.keys(DESCRIBED_PAGES) as DescribedPage[]).find((page) => DESCRIBED_PAGES[page] === path);

/**
 * What a search result shows of a description whole: shorter reads as thin, longer is cut off.
 * Said to the owner as a hint, never refused (the stored limit is `maxLength`).
 */
export const DESCRIPTION_LENGTH = { shortest: 50, longest: 160, maxLength: 300 } as const;
