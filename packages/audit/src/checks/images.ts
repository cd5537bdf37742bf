// Images: alt text, dimensions, weight, formats and loading.
import type { PageImage, ParsedPage } from '../page.ts';
import { listSome, onPages, plural, type Check, verb } from './types.ts';

const OVERSIZED_BYTES = 300 * 1024;
const FILENAME_ALT =
  /^(?:img|image|dsc|photo|pic|screenshot)?[-_ ]?\d*\.?(?:jpe?g|png|gif|webp|avif)?$|^[\w-]+\.(?:jpe?g|png|gif|webp|avif)$/i;
const LEGACY = /\.(?:jpe?g|png|gif|bmp)(?:$|\?)/i;

const content = (images: PageImage[]) => images.filter((i) => i.url && !i.decorative && !/\.svg(?:$|\?)/i.test(i.url));
/**
 * Images whose box must be reserved: every one with a source, an SVG file included (it shifts
 * the layout like a photo), except inline SVGs, which Lighthouse's unsized-images skips too
 * (a data: SVG is not fetched, so it never arrives late).
 */
const layoutImages = (images: PageImage[]) => images.filter((i) => i.src && !i.decorative && !/^data:image\/svg\+xml[;,]/i.test(i.src));

/** Declared sizes under which an image is a logo or an icon, not the main view's picture. */
const SMALL_WIDTH = 300;
const SMALL_HEIGHT = 150;

/**
 * The hero: the first sizeable image before the page's second heading (the h1 and the section
 * after it are what a phone shows first). Themes put a small logo first and the large photo
 * after the headline, so the first image alone misses it.
 */
function heroImage(p: ParsedPage): { src: string; lazy: boolean } | null {
  let headings = 0;
  for (const el of p.$('img, h1, h2, h3').toArray()) {
    if (el.tagName !== 'img') {
      if (++headings >= 2) return null;
      continue;
    }
    const img = p.$(el);
    const src = img.attr('src') ?? img.attr('data-src') ?? '';
    const width = Number.parseInt(img.attr('width') ?? '', 10);
    const height = Number.parseInt(img.attr('height') ?? '', 10);
    if (!src || /\.svg(?:$|\?)/i.test(src) || img.attr('role') === 'presentation' || img.attr('aria-hidden') === 'true') continue;
    if (width < SMALL_WIDTH || height < SMALL_HEIGHT) continue;
    return { src, lazy: img.attr('loading')?.toLowerCase() === 'lazy' };
  }
  return null;
}

export const imageChecks: Check[] = [
  {
    id: 'images.alt-missing',
    category: 'images',
    severity: 'Warning',
    free: true,
    title: 'Images without alt text',
    description: 'Alt text describes images to screen readers and to image search; listing photos without it are invisible there.',
    fix: 'Describe each meaningful image in its alt attribute (e.g. "Brick colonial at 12 Oak Street"); use alt="" only for decoration.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const missing = p.images.filter((i) => i.alt === null && !i.decorative);
        return (
          missing.length > 0 &&
          `${plural(missing.length, 'image')} of ${p.images.length} ${verb(missing.length, 'has', 'have')} no alt attribute.`
        );
      }),
  },
  {
    id: 'images.alt-filename',
    category: 'images',
    severity: 'Notice',
    title: 'Alt text that is a file name',
    description: 'Alt text like "IMG_2041.jpg" describes nothing.',
    fix: 'Replace file names with a short description of what the image shows.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const bad = p.images.filter((i) => i.alt && FILENAME_ALT.test(i.alt.trim()));
        return (
          bad.length > 0 &&
          `${plural(bad.length, 'image')} ` +
            `${verb(bad.length, 'uses', 'use')} a file name as alt text (${listSome(bad.map((b) => `"${b.alt}"`))}).`
        );
      }),
  },
  {
    id: 'images.dimensions-missing',
    category: 'images',
    severity: 'Warning',
    title: 'Images without width and height',
    description:
      'Without dimensions the browser cannot reserve space, so the page jumps as photos load (layout shift): visitors tap the ' +
      'wrong thing and Google counts it against the page.',
    fix: 'Give every image width and height attributes (or a CSS aspect-ratio); CSS can still scale it.',
    run: (ctx) => {
      // Lighthouse's unsized-images: per page, and the page with the most named first.
      const byPage = ctx.pages
        .map((p) => ({ url: p.url, count: layoutImages(p.images).filter((i) => !i.sized).length }))
        .filter((p) => p.count > 0)
        .sort((a, b) => b.count - a.count);
      if (!byPage.length) return null;
      const total = byPage.reduce((n, p) => n + p.count, 0);
      const worst = byPage[0]!;
      const have = total === 1 ? 'has' : 'have';
      if (ctx.pages.length === 1) return `${plural(total, 'image')} ${have} no width and height.`;
      return {
        detail:
          `${plural(total, 'image')} on ${plural(byPage.length, 'page')} ${have} no width and height; the most (${worst.count}) on ` +
          `${worst.url}.`,
        urls: byPage.slice(0, 10).map((p) => p.url),
      };
    },
  },
  {
    id: 'images.oversized',
    category: 'images',
    severity: 'Warning',
    title: 'Heavy images',
    description: 'Images over 300 KB slow the page down, above all on phones.',
    fix: 'Resize images to their displayed size and compress them (WebP or AVIF at quality 75-80).',
    run: (ctx) => {
      const heavy = ctx.site.resources.filter((r) => r.kind === 'image' && r.bytes !== null && r.bytes > OVERSIZED_BYTES);
      return (
        heavy.length > 0 && {
          detail:
            `${plural(heavy.length, 'image')} weigh more than 300 KB (largest ` +
            `${Math.round(Math.max(...heavy.map((h) => h.bytes!)) / 1024)} KB).`,
          urls: heavy.slice(0, 10).map((h) => h.url),
        }
      );
    },
  },
  {
    id: 'images.broken',
    category: 'images',
    severity: 'Warning',
    title: 'Broken images',
    description: 'Images that fail to load leave holes in the page.',
    fix: 'Fix the image addresses or upload the missing files.',
    run: (ctx) => {
      const broken = ctx.site.resources.filter((r) => r.kind === 'image' && r.status !== null && r.status >= 400);
      return (
        broken.length > 0 && {
          detail: `${plural(broken.length, 'image')} ${verb(broken.length, 'returns', 'return')} an error.`,
          urls: broken.slice(0, 10).map((b) => b.url),
        }
      );
    },
  },
  {
    id: 'images.legacy-formats',
    category: 'images',
    severity: 'Notice',
    title: 'No modern image formats',
    description: 'WebP and AVIF images are 25-50% smaller than JPEG and PNG at the same quality.',
    fix: 'Serve photos as WebP or AVIF (with <picture> fallbacks if needed); most site builders and CDNs can convert them.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const imgs = content(p.images);
        const legacy = imgs.filter(
          (i) =>
            !i.modernSource && LEGACY.test(i.url!) && !ctx.site.resources.some((r) => r.url === i.url && /webp|avif/.test(r.contentType)),
        );
        return (
          imgs.length >= 2 &&
          legacy.length === imgs.length &&
          `All ${plural(imgs.length, 'image')} ${verb(imgs.length, 'is', 'are')} JPEG, PNG or GIF.`
        );
      }),
  },
  {
    id: 'images.no-lazy-loading',
    category: 'images',
    severity: 'Notice',
    title: 'Images not lazy-loaded',
    description: 'Loading every image up front slows the first view; images further down can wait until the visitor scrolls.',
    fix: 'Add loading="lazy" to images below the first screen.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const imgs = content(p.images);
        return imgs.length > 5 && !imgs.some((i) => i.loading === 'lazy') && `None of the page's ${imgs.length} images use loading="lazy".`;
      }),
  },
  {
    id: 'images.lazy-hero',
    category: 'images',
    severity: 'Notice',
    title: 'First image lazy-loaded',
    description: 'The first image is usually the largest thing on screen; lazy-loading it delays the main view (LCP).',
    fix: 'Remove loading="lazy" from the first, above-the-fold image.',
    run: (ctx) => {
      const first = content(ctx.home.images)[0];
      if (first !== undefined && first.loading === 'lazy' && content(ctx.home.images).length > 1) {
        return 'The first image on the home page has loading="lazy".';
      }
      const hero = heroImage(ctx.home);
      return hero?.lazy === true && `The large image under the headline (${hero.src.split('/').pop()}) has loading="lazy".`;
    },
  },
  {
    id: 'images.no-srcset',
    category: 'images',
    severity: 'Notice',
    title: 'No responsive images',
    description: 'Without srcset, phones download the same large images as desktops.',
    fix: 'Offer several sizes with srcset/sizes (site builders do this when "responsive images" is on).',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const imgs = content(p.images).filter((i) => Number(i.width) >= 400 || !i.width);
        return (
          imgs.length >= 3 &&
          !imgs.some((i) => i.srcset || i.modernSource) &&
          `None of ${plural(imgs.length, 'large image')} offer a srcset.`
        );
      }),
  },
  {
    id: 'images.alt-too-long',
    category: 'images',
    severity: 'Notice',
    title: 'Alt text over 100 characters',
    description: 'Screen readers read alt text in one breath; past about 100 characters it is a paragraph, often stuffed with keywords.',
    fix: 'Say what the photo shows in one short phrase ("Kitchen with island at 12 Oak Street").',
    // SEOnaut's and Screaming Frog's threshold.
    run: (ctx) =>
      onPages(ctx, (p) => {
        const lengths = p.images.map((i) => i.alt?.trim().length ?? 0).filter((n) => n > 100);
        return (
          lengths.length > 0 &&
          `${plural(lengths.length, 'image')} ` +
            `${verb(lengths.length, 'has', 'have')} alt text over 100 characters (the longest ${Math.max(...lengths)}).`
        );
      }),
  },
  {
    id: 'images.picture-without-img',
    category: 'images',
    severity: 'Warning',
    title: '<picture> without an <img>',
    description: 'A <picture> element shows nothing without the <img> inside it: the photo is missing for visitors and search engines.',
    fix: 'Put an <img src="…" alt="…"> as the last child of every <picture>.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        if (!p.snapshot.html.includes('<picture')) return null;
        const empty = p
          .$('picture')
          .toArray()
          .filter((el) => p.$(el).find('img').length === 0).length;
        return empty > 0 && `${plural(empty, '<picture> element')} ${verb(empty, 'has', 'have')} no <img>.`;
      }),
  },
];
