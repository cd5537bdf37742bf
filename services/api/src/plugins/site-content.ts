// The owner's profile and published content as one `SiteContent` bundle, as the page server
// renders pages with it and GET /api/site/content answers it: read from PostgreSQL at most once
// per SITE_CONTENT_CACHE_MS and at once after a change made through this process (every admin
// write calls `changed()`); other api processes follow within the cache time. While the
// database is slow or down, the copy last read (or the sample, before the first read) is used.
// Whatever the owner has not saved yet is the sample of @curb/content.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import {
  sampleCareer,
  sampleExpertise,
  sampleFigures,
  samplePosts,
  sampleProfile,
  sampleServices,
  sampleTestimonials,
} from '@curb/content';
import {
  initialsOf,
  mediaFilePath,
  mediaIdOf,
  pickWidth,
  SLUG_PATTERN,
  type ContentListKind,
  type OwnerProfile,
  type PageTexts,
  type PostEdit,
  type PostSummary,
  type PublishedPost,
  type SiteContent,
} from '@curb/contracts/owner-content';
import { ownerContent, type Db } from '@curb/db';
import type { Stores } from '@curb/runtime';
import { cachedRead } from '../lib/cached-read.ts';
import { mediaIdsIn, readMinutes, renderPostMarkdown, type MediaWidths } from '../lib/post-markdown.ts';

declare module 'fastify' {
  interface FastifyInstance {
    siteContent: SiteContentCache;
  }
}

export interface SiteContentCache {
  get(): Promise<SiteContent>;
  /** A published post with its body, or null for a draft or an unknown slug. */
  getPost(slug: string): Promise<PublishedPost | null>;
  /** The published posts as written (Markdown), newest first: what the assistant reads. */
  publishedPosts(): Promise<PostEdit[]>;
  /** Forgets the cached bundle and posts after a change; resolves once the new bundle is read. */
  changed(): Promise<void>;
}

/** Every api process reads the content again after this. */
export const SITE_CONTENT_CACHE_MS = 3_000;
/** A page waits at most this long for the content before it goes out with the copy last read. */
const READ_TIMEOUT_MS = 300;
const SLUG = new RegExp(SLUG_PATTERN);
/** Pictures of the pages (profile photo, covers) load this width when they can. */
const PAGE_IMAGE_WIDTH = 960;

export const SAMPLE_LISTS: { [K in ContentListKind]: () => SiteContent[K] } = {
  figures: sampleFigures,
  expertise: sampleExpertise,
  services: sampleServices,
  testimonials: sampleTestimonials,
  career: sampleCareer,
};

/**
 * Lists whose sample is what the sample person did or what was said of them (their roles, their
 * headline figures, their clients' words): an owner who has set up their profile has none of it
 * until they save their own (the rest of the sample stays an example to edit).
 */
const SAMPLE_PERSON_LISTS: ReadonlySet<ContentListKind> = new Set(['career', 'figures', 'testimonials']);

/** A list the owner has not saved: the sample's, or none once the site is the owner's and the list is the sample person's. */
export const unsavedList = <K extends ContentListKind>(kind: K, isSample: boolean): SiteContent[K] =>
  !isSample && SAMPLE_PERSON_LISTS.has(kind) ? [] : SAMPLE_LISTS[kind]();

/** The year it is now in `timeZone` (UTC for a zone this runtime does not know). */
export function yearIn(timeZone: string, now = new Date()): number {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' });
  } catch {
    return now.getUTCFullYear();
  }
  return Number(format.format(now));
}

/** An image reference as a path the page loads: an uploaded image at a page width, a site path as is. */
export function resolveImage(ref: string, widths: MediaWidths, atMost = PAGE_IMAGE_WIDTH): string {
  const id = mediaIdOf(ref);
  if (!id) return ref;
  const written = widths.get(id);
  return written?.length ? mediaFilePath(id, pickWidth(written, atMost)) : '';
}

const summary = (post: PostEdit, widths: MediaWidths): PostSummary => ({
  slug: post.slug,
  title: post.title,
  seoTitle: post.seoTitle || post.title,
  seoDescription: post.seoDescription || post.excerpt,
  excerpt: post.excerpt,
  category: post.category,
  tags: post.tags,
  coverImage: resolveImage(post.coverImage, widths),
  publishedAt: post.publishedAt,
  readMinutes: readMinutes(post.markdown),
});

/** The posts the site shows: the owner's published ones, or the sample until they save their first. */
async function publishedPostEdits(sql: Db): Promise<PostEdit[]> {
  if (!(await ownerContent.hasPosts(sql))) return samplePosts();
  return (await ownerContent.publishedPosts(sql)).map((r) => r.doc);
}

/** The bundle's hash, over everything but the version itself. */
export function contentVersion(content: Omit<SiteContent, 'version'>): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16);
}

function bundle(saved: Map<string, ownerContent.SubjectRow>, posts: PostEdit[], widths: MediaWidths, year: number): SiteContent {
  const isSample = !saved.has('profile');
  const list = <K extends ContentListKind>(kind: K): SiteContent[K] =>
    (saved.get(kind)?.doc as SiteContent[K] | undefined) ?? unsavedList(kind, isSample);
  const profile = (saved.get('profile')?.doc as OwnerProfile | undefined) ?? sampleProfile();
  const content: Omit<SiteContent, 'version'> = {
    isSample,
    profile: {
      ...profile,
      initials: profile.initials || initialsOf(profile.name),
      photo: resolveImage(profile.photo, widths),
      logo: resolveImage(profile.logo, widths),
    },
    figures: list('figures'),
    expertise: list('expertise'),
    services: list('services'),
    testimonials: list('testimonials').map((t) => ({ ...t, photo: resolveImage(t.photo, widths) })),
    career: list('career'),
    pageTexts: (saved.get('pages')?.doc as PageTexts | undefined) ?? { descriptions: {} },
    // In the bundle, so a new year changes its version and the pages are rendered again.
    year,
    posts: posts.map((p) => summary(p, widths)),
  };
  return { version: contentVersion(content), ...content };
}

/** The images a bundle names (profile, testimonials, covers). */
function bundleMediaIds(saved: Map<string, ownerContent.SubjectRow>, posts: PostEdit[]): string[] {
  const profile = saved.get('profile')?.doc as OwnerProfile | undefined;
  const testimonials = (saved.get('testimonials')?.doc as SiteContent['testimonials'] | undefined) ?? [];
  const refs = [profile?.photo ?? '', profile?.logo ?? '', ...testimonials.map((t) => t.photo), ...posts.map((p) => p.coverImage)];
  return [...new Set(refs.map(mediaIdOf).filter((id): id is string => id !== null))];
}

/** The bundle as stored now, dated in the owner's time zone. */
export async function readSiteContent(stores: Pick<Stores, 'sql'>, timeZone = 'UTC'): Promise<SiteContent> {
  const [saved, posts] = await Promise.all([ownerContent.readAll(stores.sql), publishedPostEdits(stores.sql)]);
  const widths = await ownerContent.mediaWidths(stores.sql, bundleMediaIds(saved, posts));
  return bundle(saved, posts, widths, yearIn(timeZone));
}

/** The sample bundle: what a new install shows, and the site's copy before the first read. */
export function sampleSiteContent(): SiteContent {
  return bundle(new Map(), samplePosts(), new Map(), yearIn('UTC'));
}

/** A published post with its body rendered, or null. */
export async function readPublishedPost(sql: Db, slug: string): Promise<PublishedPost | null> {
  const post = (await ownerContent.hasPosts(sql))
    ? (await ownerContent.findPublishedBySlug(sql, slug))?.doc
    : samplePosts().find((p) => p.slug === slug);
  if (!post) return null;
  const widths = await ownerContent.mediaWidths(sql, [
    ...mediaIdsIn(post.markdown),
    ...[mediaIdOf(post.coverImage)].filter((x) => x !== null),
  ]);
  return { ...summary(post, widths), html: renderPostMarkdown(post.markdown, widths) };
}

export default fp(
  async function siteContent(app: FastifyInstance, opts: { stores: Stores; cacheMs?: number }) {
    const cacheMs = opts.cacheMs ?? SITE_CONTENT_CACHE_MS;
    const content = cachedRead({
      read: async () => readSiteContent(opts.stores, (await app.siteSettings.get('traffic')).time_zone ?? 'UTC'),
      initial: sampleSiteContent(),
      cacheMs,
      timeoutMs: READ_TIMEOUT_MS,
      log: app.log,
      what: "the owner's content",
    });
    // Rendered posts, each kept for the cache time (a post's page is rendered once, not per visit).
    const posts = new LRUCache<string, { post: PublishedPost | null }>({ max: 200, ttl: cacheMs });

    app.decorate('siteContent', {
      get: () => content.get(),
      async getPost(slug: string) {
        // An address that cannot be a post's (a page's path, a probe) asks the database nothing.
        if (slug.length > 100 || !SLUG.test(slug)) return null;
        const hit = posts.get(slug);
        if (hit) return hit.post;
        const post = await readPublishedPost(opts.stores.sql, slug);
        posts.set(slug, { post });
        return post;
      },
      publishedPosts: () => publishedPostEdits(opts.stores.sql),
      changed() {
        posts.clear();
        return content.changed();
      },
    });
  },
  { name: 'curb-site-content', dependencies: ['curb-site-settings'] },
);
