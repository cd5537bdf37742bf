// How the site looks when shared: Open Graph and Twitter (X) card tags.
import { onPages, quote, type Check } from './types.ts';

const CARD_TYPES = new Set(['summary', 'summary_large_image', 'app', 'player']);
const hasOg = (metas: Map<string, string>) => [...metas.keys()].some((k) => k.startsWith('og:'));

export const socialChecks: Check[] = [
  {
    id: 'social.og-missing',
    category: 'social',
    severity: 'Warning',
    free: true,
    title: 'No Open Graph tags',
    description:
      'When your page is shared on Facebook, LinkedIn or in messages, Open Graph tags supply the title, picture and text. Without ' +
      'them the preview is bare or random.',
    fix: 'Add og:title, og:description, og:image (1200x630) and og:url meta tags.',
    run: (ctx) => !hasOg(ctx.home.metas) && 'The home page has no og: meta tags.',
  },
  {
    id: 'social.og-title-missing',
    category: 'social',
    severity: 'Notice',
    title: 'No og:title',
    description: 'Shares fall back to the page title or nothing.',
    fix: 'Add <meta property="og:title" content="...">.',
    run: (ctx) => hasOg(ctx.home.metas) && !ctx.home.metas.get('og:title') && 'og:title is missing.',
  },
  {
    id: 'social.og-description-missing',
    category: 'social',
    severity: 'Notice',
    title: 'No og:description',
    description: 'Shares show no summary text under the title.',
    fix: 'Add <meta property="og:description" content="...">.',
    run: (ctx) => hasOg(ctx.home.metas) && !ctx.home.metas.get('og:description') && 'og:description is missing.',
  },
  {
    id: 'social.og-image-missing',
    category: 'social',
    severity: 'Warning',
    title: 'No share image',
    description: 'Posts with an image get far more clicks; without og:image networks pick any picture or none.',
    fix: 'Add og:image with a 1200x630 photo (e.g. you or a signature listing).',
    run: (ctx) => hasOg(ctx.home.metas) && !ctx.home.metas.get('og:image') && 'og:image is missing.',
  },
  {
    id: 'social.og-image-relative',
    category: 'social',
    severity: 'Warning',
    title: 'Share image address not absolute',
    description: 'Social networks need the full https:// address of og:image; relative paths show no image.',
    fix: 'Write og:image as a full URL starting with https://.',
    run: (ctx) => {
      const img = ctx.home.metas.get('og:image');
      return img !== undefined && img !== '' && !/^https?:\/\//i.test(img) && `og:image is ${quote(img)}.`;
    },
  },
  {
    id: 'social.og-url-mismatch',
    category: 'social',
    severity: 'Notice',
    title: 'og:url points elsewhere',
    description: "og:url should be the page's own address, or shares are counted for another page.",
    fix: 'Set og:url to the canonical address of the page.',
    run: (ctx) => {
      const og = ctx.home.metas.get('og:url');
      if (!og) return null;
      try {
        return (
          new URL(og, ctx.home.url).hostname.replace(/^www\./, '') !== new URL(ctx.home.url).hostname.replace(/^www\./, '') &&
          `og:url is ${og}.`
        );
      } catch {
        return `og:url is not a valid address (${quote(og)}).`;
      }
    },
  },
  {
    id: 'social.og-type-missing',
    category: 'social',
    severity: 'Notice',
    title: 'No og:type',
    description: 'og:type (website, article) tells networks what kind of content is shared.',
    fix: 'Add <meta property="og:type" content="website">.',
    run: (ctx) => hasOg(ctx.home.metas) && !ctx.home.metas.get('og:type') && 'og:type is missing.',
  },
  {
    id: 'social.og-site-name-missing',
    category: 'social',
    severity: 'Notice',
    title: 'No og:site_name',
    description: 'og:site_name shows your brand above shared links.',
    fix: 'Add <meta property="og:site_name" content="Your Business">.',
    run: (ctx) => hasOg(ctx.home.metas) && !ctx.home.metas.get('og:site_name') && 'og:site_name is missing.',
  },
  {
    id: 'social.og-inner-pages',
    category: 'social',
    severity: 'Notice',
    title: 'Inner pages without share tags',
    description: 'Listings and posts are what people share most; without og: tags their previews are bare.',
    fix: 'Add Open Graph tags to every page template.',
    run: (ctx) =>
      ctx.pages.length > 1 ? onPages({ ...ctx, pages: ctx.pages.slice(1) }, (p) => !hasOg(p.metas) && 'The page has no og: tags.') : null,
  },
  {
    id: 'social.twitter-card-missing',
    category: 'social',
    severity: 'Notice',
    title: 'No Twitter (X) card',
    description: 'A twitter:card tag gives links shared on X a proper preview.',
    fix: 'Add <meta name="twitter:card" content="summary_large_image">.',
    run: (ctx) => !ctx.home.metas.get('twitter:card') && 'twitter:card is missing.',
  },
  {
    id: 'social.twitter-card-invalid',
    category: 'social',
    severity: 'Warning',
    title: 'Invalid Twitter (X) card type',
    description: 'An unknown card type shows no preview at all.',
    fix: 'Use summary or summary_large_image.',
    run: (ctx) => {
      const card = ctx.home.metas.get('twitter:card');
      return card !== undefined && card !== '' && !CARD_TYPES.has(card.toLowerCase()) && `twitter:card is ${quote(card)}.`;
    },
  },
  {
    id: 'social.twitter-image-missing',
    category: 'social',
    severity: 'Notice',
    title: 'Twitter card without an image',
    description: 'A large-image card needs twitter:image or og:image to show a picture.',
    fix: 'Add twitter:image (or og:image).',
    run: (ctx) =>
      ctx.home.metas.get('twitter:card') === 'summary_large_image' &&
      !ctx.home.metas.get('twitter:image') &&
      !ctx.home.metas.get('og:image') &&
      'summary_large_image has no image.',
  },
];
