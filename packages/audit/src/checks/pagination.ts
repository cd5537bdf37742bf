// A paginated series (blog pages, listing pages) as its rel="next" / rel="prev" links describe
// it (Screaming Frog's Pagination tab, SEOnaut's pagination link errors). Google no longer
// reads these links, but other crawlers do and each error here is a real mistake in the
// series: a page that is missing, hidden from search, pointing at itself or out of step.
import type { ParsedPage } from '../page.ts';
import { parsed, stripQuery, type TargetStatus } from '../snapshot.ts';
import { sameSite } from '../url.ts';
import { answer, found, graphOf, notIndexable, path } from './site-graph.ts';
import { memo, plural, type Check, type CheckContext, verb } from './types.ts';

interface Step {
  from: ParsedPage;
  rel: 'next' | 'prev';
  to: string;
  /** The target when it is a crawled page, or an asked one that answered with a page. */
  page?: ParsedPage;
  target?: TargetStatus;
}

/** Every rel=next/prev link of the crawled pages that stays on the site, with what it leads to. */
function steps(ctx: CheckContext): Step[] {
  return memo(ctx, 'pagination', () => {
    const g = graphOf(ctx);
    const home = new URL(ctx.home.url);
    const out: Step[] = [];
    for (const p of ctx.pages) {
      for (const n of p.pagination) {
        if (!n.url || !sameSite(new URL(n.url), home)) continue;
        const to = stripQuery(n.url);
        const target = g.targets.get(to);
        out.push({ from: p, rel: n.rel, to, page: g.pages.get(to) ?? (target?.page ? parsed(target.page) : undefined), target });
      }
    }
    return out;
  });
}

const self = (s: Step) => s.to === stripQuery(s.from.url);
const other = (rel: Step['rel']) => (rel === 'next' ? 'prev' : 'next');

/** Following rel=next from this page (through crawled pages and asked targets) comes back to it. */
function nextCycles(ctx: CheckContext, start: ParsedPage): boolean {
  const g = graphOf(ctx);
  const home = stripQuery(start.url);
  const seen = new Set<string>();
  let page: ParsedPage | undefined = start;
  while (page) {
    const next: string | undefined = page.pagination.find((n) => n.rel === 'next' && n.url)?.url ?? undefined;
    if (!next) return false;
    const key = stripQuery(next);
    if (key === home) return true;
    // A loop further on that does not pass through this page is reported on its own pages.
    if (seen.has(key)) return false;
    seen.add(key);
    const asked = g.targets.get(key)?.page;
    page = g.pages.get(key) ?? (asked ? parsed(asked) : undefined);
  }
  return false;
}

export const paginationChecks: Check[] = [
  {
    id: 'crawl.pagination-target-error',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Pagination links to pages that do not answer 200',
    description:
      'A rel="next" or rel="prev" link names the next or previous page of a series. When that address is missing, fails ' +
      'or redirects, crawlers following the series stop there and the pages after it may not be found.',
    fix: 'Point each rel="next" and rel="prev" link at the live address of the neighbouring page.',
    run: (ctx) => {
      const bad = steps(ctx).filter((s) => !s.page && s.target && s.target.status !== 200);
      const items = bad.map((b) => ({ url: b.from.url, why: `rel=${b.rel} ${path(b.to)} answers ${answer(b.target!)}` }));
      return (
        bad.length > 0 &&
        found(
          plural(bad.length, 'pagination link'),
          verb(bad.length, 'leads to no page', 'lead to no page'),
          items,
          items.map((i) => i.url),
        )
      );
    },
  },
  {
    id: 'crawl.pagination-non-indexable',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Paginated pages hidden from search',
    description:
      'Pages of a series set to noindex, or canonicalised to the first page, keep what only they list (older posts, more ' +
      'listings) out of search results.',
    fix: 'Let every page of the series be indexed, each with a canonical naming its own address.',
    run: (ctx) => {
      const bad = steps(ctx).filter((s) => s.page && !self(s) && notIndexable(s.page));
      const items = bad.map((b) => ({ url: b.from.url, why: `rel=${b.rel} ${path(b.to)} is ${notIndexable(b.page!)}` }));
      return (
        bad.length > 0 &&
        found(
          plural(bad.length, 'pagination link'),
          verb(bad.length, 'leads to a page hidden from search', 'lead to pages hidden from search'),
          items,
          items.map((i) => i.url),
        )
      );
    },
  },
  {
    id: 'crawl.pagination-loop',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Pagination that loops',
    description:
      'A page whose rel="next" or rel="prev" names itself, or a series whose next links come back round, never ends for a crawler.',
    fix: 'Make each rel="next" name the following page and leave it off the last page.',
    run: (ctx) => {
      const selfLinks = steps(ctx)
        .filter(self)
        .map((s) => ({ url: s.from.url, why: `rel=${s.rel} names the page itself` }));
      const cycles = ctx.pages
        .filter((p) => !selfLinks.some((i) => i.url === p.url) && nextCycles(ctx, p))
        .map((p) => ({ url: p.url, why: 'following rel=next comes back to it' }));
      const items = [...selfLinks, ...cycles];
      return (
        items.length > 0 &&
        found(
          plural(items.length, 'page'),
          verb(items.length, 'loops in its pagination', 'loop in their pagination'),
          items,
          items.map((i) => i.url),
        )
      );
    },
  },
  {
    id: 'crawl.pagination-sequence',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Pagination out of step',
    description:
      'When page 1 says rel="next" is page 2, page 2 should say rel="prev" is page 1. A series whose links disagree confuses crawlers.',
    fix: 'Make each page’s rel="prev" name the page whose rel="next" names it, and the reverse.',
    run: (ctx) => {
      const bad = steps(ctx).filter((s) => {
        if (!s.page || self(s)) return false;
        const back = s.page.pagination.filter((n) => n.rel === other(s.rel) && n.url).map((n) => stripQuery(n.url!));
        return !back.includes(stripQuery(s.from.url));
      });
      const items = bad.map((b) => {
        const back = b.page!.pagination.find((n) => n.rel === other(b.rel))?.href;
        return { url: b.from.url, why: `rel=${b.rel} ${path(b.to)}, whose rel=${other(b.rel)} ${back ? `is ${back}` : 'is missing'}` };
      });
      return (
        bad.length > 0 &&
        found(
          plural(bad.length, 'pagination link'),
          verb(bad.length, 'disagrees with the page it names', 'disagree with the pages they name'),
          items,
          items.map((i) => i.url),
        )
      );
    },
  },
  {
    id: 'crawl.pagination-unlinked',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Paginated pages no link leads to',
    description:
      'A page named only in a rel="next" or rel="prev" link, with no ordinary link to it, is found by no visitor and by ' + 'few crawlers.',
    fix: 'Add page links ("Older posts", "2", "3"…) pointing to every page of the series.',
    run: (ctx) => {
      const g = graphOf(ctx);
      const seen = new Set<string>();
      const bad = steps(ctx).filter((s) => !self(s) && !g.linked.has(s.to) && !seen.has(s.to) && seen.add(s.to));
      const items = bad.map((b) => ({ url: b.to, why: `named by rel=${b.rel} on ${path(b.from.url)}, linked from no page` }));
      return (
        bad.length > 0 &&
        found(
          plural(bad.length, 'paginated page'),
          'no link leads to',
          items,
          bad.map((b) => b.from.url),
        )
      );
    },
  },
  {
    id: 'crawl.pagination-not-in-anchor',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Pagination not linked on the page',
    description: 'The page names its next or previous page in rel="next"/"prev" but has no link a visitor can click to it.',
    fix: 'Show next / previous links on the page itself, pointing to the same addresses.',
    run: (ctx) => {
      const bad = steps(ctx).filter((s) => !self(s) && !s.from.links.some((l) => l.url && stripQuery(l.url) === s.to));
      const items = bad.map((b) => ({ url: b.from.url, why: `rel=${b.rel} ${path(b.to)} is not linked on it` }));
      return (
        bad.length > 0 &&
        found(
          plural(bad.length, 'page'),
          verb(bad.length, 'names a page of its series it does not link to', 'name pages of their series they do not link to'),
          items,
          items.map((i) => i.url),
        )
      );
    },
  },
];
