// The paths a crawler takes beyond the home page: internal addresses that redirect in chains
// or loops, and sitemap entries that do not answer 200 (SEOnaut's redirect chain and loop
// checks, Semrush's "redirect chains and loops" and "incorrect pages in sitemap.xml").
import type { Check } from './types.ts';
import { listSome, plural } from './types.ts';

/** Two hops or more: one redirect is a move, a chain is a move nobody cleaned up. */
const CHAIN_MIN_HOPS = 2;

const describe = (url: string, from: string) => `${url} (linked from ${from})`;

export const crawlPathChecks: Check[] = [
  {
    id: 'crawl.internal-redirect-loop',
    category: 'crawlability',
    severity: 'Critical',
    title: 'Internal links that redirect in a loop',
    description:
      'A visitor or search engine following this link never reaches a page: the browser gives up with an error and the page behind ' +
      'it cannot be indexed.',
    fix: 'Open each address, follow its redirects and point the last one at the real page; then link straight to that page.',
    run: (ctx) => {
      const loops = ctx.site.redirects.filter((r) => r.loop);
      return (
        loops.length > 0 && {
          detail:
            `${plural(loops.length, 'internal address', 'internal addresses')} never reach a page: ` +
            `${describe(loops[0]!.url, loops[0]!.from)}${loops[0]!.hops ? ` loops after ${plural(loops[0]!.hops, 'redirect')}` : ''}.`,
          urls: loops.slice(0, 10).map((r) => r.url),
        }
      );
    },
  },
  {
    id: 'crawl.internal-redirect-chain',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Internal links through redirect chains',
    description:
      'Each extra redirect adds a round trip before the page starts loading, on phones especially, and search engines may stop ' +
      'following long chains.',
    fix: 'Redirect old addresses straight to their final page (one 301), and update your menus and links to the final address.',
    run: (ctx) => {
      const chains = ctx.site.redirects.filter((r) => !r.loop && r.hops >= CHAIN_MIN_HOPS).sort((a, b) => b.hops - a.hops);
      if (!chains.length) return null;
      const worst = chains[0]!;
      return {
        detail:
          `${plural(chains.length, 'internal address', 'internal addresses')} go through ${CHAIN_MIN_HOPS} or more redirects; the ` +
          `longest, ${describe(worst.url, worst.from)}, takes ${worst.hops} to reach ${worst.finalUrl}.`,
        urls: chains.slice(0, 10).map((r) => r.url),
      };
    },
  },
  {
    id: 'crawl.sitemap-not-200',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Sitemap lists addresses that are not pages',
    description:
      'Search engines trust a sitemap less when it lists addresses that redirect, are missing or fail, and may crawl your real ' +
      'pages less often.',
    fix: 'List only the final address of each live page in the sitemap; most SEO plugins do this when you regenerate it.',
    run: (ctx) => {
      const bad = ctx.site.sitemapStatuses.filter((s) => s.status !== 200);
      if (!bad.length) return null;
      const described = bad.map((s) => `${s.url} (${s.status === null ? 'no answer' : `HTTP ${s.status}`})`);
      return {
        detail:
          `${plural(bad.length, 'of the sitemap’s addresses', 'of the sitemap’s addresses')} checked do not answer 200: ` +
          `${listSome(described)}.`,
        urls: bad.slice(0, 10).map((s) => s.url),
      };
    },
  },
];
