// What the pages, their links, the sitemap, robots.txt, canonical and hreflang links say about
// each other across the crawl (SEOnaut's multi-page reporters, Semrush's sitemap, canonical and
// hreflang errors, Screaming Frog's Sitemaps, Canonicals and Hreflang tabs): where canonical
// and hreflang links lead, sitemap entries nobody links to and pages the sitemap forgets,
// pages robots.txt blocks, temporary redirects, "not found" pages that answer 200, pages
// linked from one place only or linking nowhere. Everything is read from the crawl's own
// responses; canonical and hreflang targets outside it are asked once (SiteSnapshot.targets).
import robotsParser from 'robots-parser';
import type { ParsedPage } from '../page.ts';
import { parsed, stripQuery, type TargetStatus } from '../snapshot.ts';
import { sameSite } from '../url.ts';
import { isNoindex } from './crawlability.ts';
import { listSome, memo, plural, quote, type Check, type CheckContext, verb } from './types.ts';

/** A comparable address (no fragment, no trailing slash); null when it is not a URL. */
export const keyOf = (url: string, base?: string): string | null => {
  try {
    const u = new URL(url, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? stripQuery(u.href) : null;
  } catch {
    return null;
  }
};

/** The paths of some pages, for a finding's text. */
const paths = (pages: ParsedPage[]) => pages.map((p) => path(p.url));

export const path = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
};

interface Graph {
  /** Crawled pages by address. */
  pages: Map<string, ParsedPage>;
  /** Internal addresses each crawled page links to (follow or not), redirects resolved. */
  outlinks: Map<string, Set<string>>;
  /** Every internal address some crawled page links to, redirects resolved. */
  linked: Set<string>;
  targets: Map<string, TargetStatus>;
}

export function graphOf(ctx: CheckContext): Graph {
  return memo(ctx, 'site-graph', () => {
    const pages = new Map(ctx.pages.map((p) => [stripQuery(p.url), p]));
    // An address that redirects stands for the page it ends on.
    const finalOf = new Map<string, string>();
    for (const r of ctx.site.redirects) if (r.finalUrl) finalOf.set(stripQuery(r.url), stripQuery(r.finalUrl));
    for (const p of ctx.pages) finalOf.set(stripQuery(p.snapshot.requestedUrl), stripQuery(p.url));
    const outlinks = new Map<string, Set<string>>();
    const linked = new Set<string>();
    for (const p of ctx.pages) {
      const out = new Set<string>();
      for (const l of p.links) {
        if (!l.internal || !l.url) continue;
        const key = stripQuery(l.url);
        out.add(key);
        linked.add(key);
        const final = finalOf.get(key);
        if (final) {
          out.add(final);
          linked.add(final);
        }
      }
      outlinks.set(stripQuery(p.url), out);
    }
    const targets = new Map(ctx.site.targets.map((t) => [stripQuery(t.url), t]));
    return { pages, outlinks, linked, targets };
  });
}

/** The page's canonical address when it names another page than itself. */
export function canonicalElsewhere(p: ParsedPage): string | null {
  const c = p.canonicals[0];
  if (!c) return null;
  const key = keyOf(c, p.url);
  return key && key !== stripQuery(p.url) ? key : null;
}

/** Why a crawled page cannot stand for itself in search: noindex, or a canonical naming another page. */
export function notIndexable(p: ParsedPage): string | null {
  if (isNoindex(p)) return 'noindex';
  const other = canonicalElsewhere(p);
  return other ? `canonical to ${path(other)}` : null;
}

/** What a link target answers, as evidence: "HTTP 404", "a redirect to /x", "no answer". */
export function answer(t: TargetStatus): string {
  if (t.status === null) return 'no answer';
  if (t.status >= 300 && t.status < 400) return `HTTP ${t.status} to ${t.location ? path(t.location) : 'elsewhere'}`;
  return `HTTP ${t.status}`;
}

/**
 * Every internal page the links lead to was read, so "no page links to it" is known. A one-page
 * view (the free audit, or the report's reading of the home page alone) never knows that.
 */
export const readWholeSite = (ctx: CheckContext) => ctx.site.crawlComplete && ctx.pages.length > 1;

const robots = (ctx: CheckContext) =>
  memo(ctx, 'robots', () => (ctx.site.robots.body !== null ? robotsParser(ctx.site.robots.url, ctx.site.robots.body) : null));

/** Blocked for Googlebot by robots.txt (an unparseable address is not). */
const blocked = (ctx: CheckContext, url: string) => {
  try {
    return robots(ctx)?.isDisallowed(url, 'Googlebot') === true;
  } catch {
    return false;
  }
};

/** Own-site sitemap pages, each once. */
function sitemapPages(ctx: CheckContext): string[] {
  const home = new URL(ctx.home.url);
  const seen = new Set<string>();
  return ctx.site.sitemap.pageUrls.filter((u) => {
    const key = keyOf(u);
    if (!key || seen.has(key) || !sameSite(new URL(key), home)) return false;
    seen.add(key);
    return true;
  });
}

/** "url (why)" evidence for a finding, the first few. */
const evidenceList = (items: Array<{ url: string; why: string }>) => listSome(items.map((i) => `${path(i.url)} (${i.why})`));

/** A finding: "<how many> <what>: <the first few, with why>." and the pages to open. */
export const found = (howMany: string, what: string, items: Array<{ url: string; why: string }>, urls: string[]) => ({
  detail: `${howMany} ${what}: ${evidenceList(items)}.`,
  urls: [...new Set(urls)].slice(0, 10),
});
const isAre = (n: number) => (n === 1 ? 'is' : 'are');

/** Canonical or hreflang links of the crawled pages and what their targets are. */
function linkTargets(ctx: CheckContext, kind: 'canonical' | 'hreflang') {
  const g = graphOf(ctx);
  const out: Array<{ from: string; to: string; page?: ParsedPage; target?: TargetStatus }> = [];
  for (const p of ctx.pages) {
    const tos = kind === 'canonical' ? [canonicalElsewhere(p)] : p.hreflangs.map((h) => (h.url ? stripQuery(h.url) : null));
    for (const to of new Set(tos)) {
      if (!to || to === stripQuery(p.url) || !sameSite(new URL(to), new URL(ctx.home.url))) continue;
      const target = g.targets.get(to);
      out.push({ from: p.url, to, page: g.pages.get(to) ?? (target?.page ? parsed(target.page) : undefined), target });
    }
  }
  return out;
}

const TEMPORARY = new Set([302, 303, 307]);
const NOT_FOUND_WORDING = new RegExp(
  [
    /\b404\b|\bpage not found\b|^not found\b/.source,
    /\bpage (?:does not|doesn['’]t) exist\b/.source,
    /\b(?:can ?not|can['’]t) be found\b|\bno longer available\b/.source,
  ].join('|'),
  'i',
);
/** Hosts that exist only on the machine that built the site. */
const DEV_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1\]|[\w-]+\.(?:local|localhost|test|invalid))$/i;
/** A cheap look at an address before parsing it: most links are nowhere near a development host. */
const DEV_HINT = /localhost|\/\/127\.|0\.0\.0\.0|\[::1\]|\.(?:local|test|invalid)[:/]/i;
/** hrefs that look like addresses but are written so browsers cannot follow them. */
const MALFORMED_HREF =
  /^(?:https?:\/(?!\/)|https?\/\/|htps?:|htttps?:|https?:\/\/https?:|www\.[a-z0-9-]+\.[a-z]{2,}|[a-z0-9-]+\.(?:com|net|org|us)\/)/i;
const isMalformed = (href: string) => MALFORMED_HREF.test(href) || (href.includes('\\') && !/^javascript:/i.test(href));

export const siteGraphChecks: Check[] = [
  {
    id: 'crawl.canonical-target-error',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Canonical links to missing pages',
    description:
      'A canonical link names the address search engines should index instead of this page. When that address is missing or ' +
      'fails, the hint is ignored and the page may drop out of results (Semrush: "broken canonical link").',
    fix: 'Point each canonical link at the live page it belongs to, usually the page’s own address.',
    run: (ctx) => {
      const bad = linkTargets(ctx, 'canonical').filter((t) => t.target && (t.target.status === null || t.target.status >= 400));
      const items = bad.map((b) => ({ url: b.from, why: `canonical ${path(b.to)} answers ${answer(b.target!)}` }));
      return (
        bad.length > 0 &&
        found(
          plural(bad.length, 'page'),
          'name a canonical that is not a page',
          items,
          items.map((i) => i.url),
        )
      );
    },
  },
  {
    id: 'crawl.canonical-target-redirect',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Canonical links to addresses that redirect',
    description: 'A canonical should name the final address of a page; one that redirects sends search engines a mixed signal.',
    fix: 'Replace the canonical address with the address the redirect ends on.',
    run: (ctx) => {
      const bad = linkTargets(ctx, 'canonical').filter((t) => t.target?.status && t.target.status >= 300 && t.target.status < 400);
      const items = bad.map((b) => ({ url: b.from, why: `canonical ${path(b.to)} answers ${answer(b.target!)}` }));
      return (
        bad.length > 0 &&
        found(
          plural(bad.length, 'page'),
          'name a canonical that redirects',
          items,
          items.map((i) => i.url),
        )
      );
    },
  },
  {
    id: 'crawl.canonical-target-non-indexable',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Canonical links to pages that cannot be indexed',
    description:
      'The canonical names a page that is itself set to noindex or names yet another canonical, so neither page can rank ' +
      '(SEOnaut: "canonicalized to a non-indexable / non-canonical page").',
    fix: 'Point the canonical at an indexable page whose own canonical is itself.',
    run: (ctx) => {
      const bad = linkTargets(ctx, 'canonical')
        .map((t) => ({ ...t, why: t.page ? notIndexable(t.page) : null }))
        .filter((t) => t.why);
      const items = bad.map((b) => ({ url: b.from, why: `canonical ${path(b.to)} has ${b.why}` }));
      return (
        bad.length > 0 &&
        found(
          plural(bad.length, 'page'),
          'name a canonical that cannot be indexed',
          items,
          items.map((i) => i.url),
        )
      );
    },
  },
  {
    id: 'crawl.hreflang-target-not-200',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Language versions that are not pages',
    description: 'hreflang links must lead to live pages answering 200; links to missing or redirecting addresses are ignored.',
    fix: 'Point each hreflang link at the final, live address of that language version.',
    run: (ctx) => {
      const bad = linkTargets(ctx, 'hreflang').filter((t) => t.target && t.target.status !== 200);
      const items = bad.map((b) => ({ url: b.to, why: `${answer(b.target!)}, linked from ${path(b.from)}` }));
      return (
        bad.length > 0 &&
        found(
          plural(bad.length, 'hreflang link'),
          'lead to addresses that are not pages',
          items,
          bad.map((b) => b.from),
        )
      );
    },
  },
  {
    id: 'crawl.hreflang-target-non-indexable',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Language versions that cannot be indexed',
    description: 'hreflang links to pages set to noindex, or canonicalised elsewhere, break the set of language versions.',
    fix: 'List only indexable pages whose canonical is themselves in the hreflang links.',
    run: (ctx) => {
      const bad = linkTargets(ctx, 'hreflang')
        .map((t) => ({ ...t, why: t.page ? notIndexable(t.page) : null }))
        .filter((t) => t.why);
      const items = bad.map((b) => ({ url: b.to, why: `${b.why}, linked from ${path(b.from)}` }));
      return (
        bad.length > 0 &&
        found(
          plural(bad.length, 'hreflang link'),
          'lead to pages that cannot be indexed',
          items,
          bad.map((b) => b.from),
        )
      );
    },
  },
  {
    id: 'crawl.hreflang-no-return',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Language versions that do not link back',
    description:
      'hreflang works both ways: when the English page names the Spanish one, the Spanish page must name the English one, or ' +
      'search engines ignore the pair.',
    fix: 'Put the same complete set of hreflang links (every version, itself included) on every language version.',
    run: (ctx) => {
      const g = graphOf(ctx);
      const bad: Array<{ url: string; why: string }> = [];
      for (const t of linkTargets(ctx, 'hreflang')) {
        if (!t.page?.hreflangs.length) continue;
        const back = t.page.hreflangs.some((h) => h.url && stripQuery(h.url) === stripQuery(t.from));
        if (!back && g.pages.has(stripQuery(t.from))) bad.push({ url: t.to, why: `does not link back to ${path(t.from)}` });
      }
      return (
        bad.length > 0 && {
          detail: `${plural(bad.length, 'hreflang link')} ${verb(bad.length, 'is', 'are')} one-way: ${evidenceList(bad)}.`,
          urls: bad.slice(0, 10).map((b) => b.url),
        }
      );
    },
  },
  {
    id: 'crawl.hreflang-conflict',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Conflicting hreflang links',
    description:
      'One language pointing to two addresses, one address claimed by two languages, or a page whose own hreflang address differs ' +
      'from its canonical: search engines cannot tell which version to show (Semrush: "hreflang conflicts within page source code").',
    fix: 'Give each language exactly one address, and make each page’s own hreflang address its canonical address.',
    run: (ctx) => {
      const bad: Array<{ url: string; why: string }> = [];
      for (const p of ctx.pages) {
        if (!p.hreflangs.length) continue;
        const byLang = new Map<string, Set<string>>();
        const byUrl = new Map<string, Set<string>>();
        for (const h of p.hreflangs) {
          if (!h.url) continue;
          const lang = h.lang.toLowerCase();
          const url = stripQuery(h.url);
          byLang.set(lang, new Set([...(byLang.get(lang) ?? []), url]));
          if (lang !== 'x-default') byUrl.set(url, new Set([...(byUrl.get(url) ?? []), lang]));
        }
        const twoUrls = [...byLang].find(([, urls]) => urls.size > 1);
        const twoLangs = [...byUrl].find(([, langs]) => langs.size > 1);
        const canonical = canonicalElsewhere(p);
        const selfInSet = byUrl.has(stripQuery(p.url));
        if (twoUrls) bad.push({ url: p.url, why: `${twoUrls[0]} names ${twoUrls[1].size} addresses` });
        else if (twoLangs) bad.push({ url: p.url, why: `${path(twoLangs[0])} is named as ${[...twoLangs[1]].join(' and ')}` });
        else if (canonical && selfInSet) bad.push({ url: p.url, why: `hreflang names the page itself, its canonical ${path(canonical)}` });
      }
      return (
        bad.length > 0 && {
          detail: `${plural(bad.length, 'page')} ${verb(bad.length, 'has', 'have')} conflicting hreflang links: ${evidenceList(bad)}.`,
          urls: bad.slice(0, 10).map((b) => b.url),
        }
      );
    },
  },
  {
    id: 'crawl.hreflang-lang-mismatch',
    category: 'crawlability',
    severity: 'Notice',
    title: 'hreflang language differs from the page language',
    description:
      'The page’s own hreflang entry says one language and its lang attribute another; search engines may show the wrong version.',
    fix: 'Make the hreflang code of each page’s own entry match its <html lang>.',
    run: (ctx) => {
      const bad: Array<{ url: string; why: string }> = [];
      for (const p of ctx.pages) {
        const self = p.hreflangs.find((h) => h.url && stripQuery(h.url) === stripQuery(p.url) && h.lang.toLowerCase() !== 'x-default');
        if (!self || !p.lang) continue;
        const a = self.lang.toLowerCase().split('-')[0];
        const b = p.lang.toLowerCase().split('-')[0];
        if (a !== b) bad.push({ url: p.url, why: `hreflang ${self.lang}, lang ${p.lang}` });
      }
      return (
        bad.length > 0 && {
          detail: `${plural(bad.length, 'page')} declare two languages: ${evidenceList(bad)}.`,
          urls: bad.slice(0, 10).map((b) => b.url),
        }
      );
    },
  },
  {
    id: 'crawl.sitemap-orphans',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Sitemap pages no page links to',
    description:
      'Pages listed in the sitemap that no page of the site links to ("orphans") get little ranking value and are hard for ' +
      'visitors to find; often they are old listings or landing pages left behind.',
    fix: 'Link each page you want found from a related page or the menu, or remove it from the sitemap if it is obsolete.',
    run: (ctx) => {
      // Only a crawl that read every linked page can say nothing links to a page.
      if (!readWholeSite(ctx)) return null;
      const g = graphOf(ctx);
      const home = stripQuery(ctx.home.url);
      const orphans = sitemapPages(ctx).filter((u) => {
        const key = stripQuery(u);
        return key !== home && !g.linked.has(key);
      });
      return (
        orphans.length > 0 && {
          detail:
            `${plural(orphans.length, 'sitemap page')} ${orphans.length === 1 ? 'is' : 'are'} linked from none of the ` +
            `${plural(ctx.pages.length, 'page')} of the site: ${listSome(orphans.map(path))}.`,
          urls: orphans.slice(0, 10),
        }
      );
    },
  },
  {
    id: 'crawl.sitemap-missing-pages',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Pages missing from the sitemap',
    description: 'Indexable pages the sitemap does not list are found later, and changes to them are noticed later.',
    fix: 'Regenerate the sitemap so it lists every page you want in search (SEO plugins do this automatically).',
    run: (ctx) => {
      const sm = ctx.site.sitemap;
      if (sm.status !== 200 || !sm.pageUrls.length || !sm.pageUrlsComplete || ctx.pages.length < 2) return null;
      const listed = new Set(sm.pageUrls.map((u) => keyOf(u)).filter(Boolean));
      const missing = ctx.pages.filter((p) => p.snapshot.status === 200 && !notIndexable(p) && !listed.has(stripQuery(p.url)));
      return (
        missing.length > 0 && {
          detail: `${plural(missing.length, 'indexable page')} ${isAre(missing.length)} not in the sitemap: ${listSome(paths(missing))}.`,
          urls: missing.slice(0, 10).map((p) => p.url),
        }
      );
    },
  },
  {
    id: 'crawl.sitemap-non-indexable',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Sitemap lists pages that cannot be indexed',
    description:
      'The sitemap asks search engines to index pages that say noindex or name another page as canonical; the contradiction ' +
      'makes them trust the sitemap less.',
    fix: 'List only indexable, canonical pages in the sitemap, or remove the noindex from pages you want found.',
    run: (ctx) => {
      const g = graphOf(ctx);
      const bad = sitemapPages(ctx)
        .map((u) => {
          const target = g.targets.get(stripQuery(u))?.page;
          return { url: u, page: g.pages.get(stripQuery(u)) ?? (target ? parsed(target) : undefined) };
        })
        .map((x) => ({ url: x.url, why: x.page ? notIndexable(x.page) : null }))
        .filter((x): x is { url: string; why: string } => x.why !== null);
      return (
        bad.length > 0 && {
          detail: `${plural(bad.length, 'sitemap page')} cannot be indexed: ${evidenceList(bad)}.`,
          urls: bad.slice(0, 10).map((b) => b.url),
        }
      );
    },
  },
  {
    id: 'crawl.sitemap-blocked',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Sitemap lists pages robots.txt blocks',
    description: 'The sitemap invites search engines to pages robots.txt forbids them to read, so those pages are never crawled.',
    fix: 'Remove the blocked pages from the sitemap, or the Disallow rule from robots.txt if the pages should be found.',
    run: (ctx) => {
      const bad = sitemapPages(ctx).filter((u) => blocked(ctx, u));
      return (
        bad.length > 0 && {
          detail: `${plural(bad.length, 'sitemap page')} ${isAre(bad.length)} disallowed for Googlebot: ${listSome(bad.map(path))}.`,
          urls: bad.slice(0, 10),
        }
      );
    },
  },
  {
    id: 'crawl.robots-blocked-links',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Linked pages robots.txt blocks',
    description: 'Your pages link to addresses robots.txt keeps search engines out of; fine for a login, a loss for listings or posts.',
    fix: 'Check the Disallow rules in robots.txt and keep only those for pages you want hidden.',
    run: (ctx) => {
      const bad = new Map<string, string>();
      for (const p of ctx.pages)
        for (const l of p.links)
          if (l.internal && l.url && !bad.has(stripQuery(l.url)) && blocked(ctx, l.url)) bad.set(stripQuery(l.url), p.url);
      const list = [...bad].map(([url, from]) => ({ url, why: `linked from ${path(from)}` }));
      return (
        list.length > 0 && {
          detail:
            `${plural(list.length, 'linked address', 'linked addresses')} ` +
            `${verb(list.length, 'is', 'are')} disallowed for Googlebot: ${evidenceList(list)}.`,
          urls: list.slice(0, 10).map((b) => b.url),
        }
      );
    },
  },
  {
    id: 'crawl.robots-blocked-resources',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Scripts, styles or images robots.txt blocks',
    description:
      'Google renders pages with their CSS and JavaScript; when robots.txt blocks them it sees a broken page, and blocked photos ' +
      'never reach image search.',
    fix: 'Remove the Disallow rules that cover your theme, script and upload folders (e.g. /wp-content/, /assets/).',
    run: (ctx) => {
      const home = new URL(ctx.home.url);
      const files = new Map<string, string>();
      for (const p of ctx.pages) {
        const urls = [...p.scripts.map((s) => s.url), ...p.stylesheets.map((s) => s.url), ...p.images.map((i) => i.url)];
        for (const u of urls) if (u && !files.has(u) && sameSite(new URL(u), home) && blocked(ctx, u)) files.set(u, p.url);
      }
      const list = [...files.keys()];
      return (
        list.length > 0 && {
          detail: `${plural(list.length, 'file')} of the site ${isAre(list.length)} disallowed for Googlebot: ${listSome(list.map(path))}.`,
          urls: [...new Set(files.values())].slice(0, 10),
        }
      );
    },
  },
  {
    id: 'crawl.internal-redirect-temporary',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Internal links through temporary redirects',
    description: 'A 302 or 307 tells search engines the move is temporary, so they keep the old address and split its ranking.',
    fix: 'Make redirects of pages that moved for good permanent (301), and link straight to the new address.',
    run: (ctx) => {
      const temp = ctx.site.redirects.filter((r) => r.statuses?.some((s) => TEMPORARY.has(s)));
      const items = temp.map((r) => ({
        url: r.url,
        why:
          `HTTP ${r.statuses!.find((s) => TEMPORARY.has(s))} to ${r.finalUrl ? path(r.finalUrl) : 'elsewhere'}, ` +
          `linked from ${path(r.from)}`,
      }));
      return (
        temp.length > 0 &&
        found(
          plural(temp.length, 'internal address', 'internal addresses'),
          'redirect temporarily',
          items,
          temp.map((r) => r.url),
        )
      );
    },
  },
  {
    id: 'crawl.soft-404',
    category: 'crawlability',
    severity: 'Warning',
    title: '"Not found" pages that answer 200',
    description:
      'A page saying "not found" while the server answers 200 (a soft 404) is indexed as a real page, and the broken link to it ' +
      'goes unnoticed by every tool that reads status codes.',
    fix: 'Make missing pages answer 404 (or 410), and fix or redirect the links that lead to them.',
    run: (ctx) => {
      const bad = ctx.pages.filter((p) => {
        const h1 = p.headings.find((h) => h.level === 1)?.text ?? '';
        return p.snapshot.status === 200 && (NOT_FOUND_WORDING.test(p.title ?? '') || NOT_FOUND_WORDING.test(h1));
      });
      const items = bad.map((p) => ({ url: p.url, why: quote(p.title || (p.headings.find((h) => h.level === 1)?.text ?? ''), 50) }));
      return (
        bad.length > 0 &&
        found(
          plural(bad.length, 'page'),
          'say they were not found but answer 200',
          items,
          items.map((i) => i.url),
        )
      );
    },
  },
  {
    id: 'links.single-inlink',
    category: 'links',
    severity: 'Notice',
    title: 'Pages linked from only one page',
    description: 'A page only one other page links to is treated as unimportant and is easy for visitors to miss.',
    fix: 'Link these pages from related pages and, for key ones, from the menu or footer.',
    run: (ctx) => {
      if (!readWholeSite(ctx)) return null;
      const g = graphOf(ctx);
      const lonely = ctx.pages.slice(1).filter((p) => {
        const key = stripQuery(p.url);
        let from = 0;
        for (const [source, out] of g.outlinks) if (source !== key && out.has(key)) from++;
        return from === 1;
      });
      return (
        lonely.length > 0 && {
          detail: `${plural(lonely.length, 'page')} ${isAre(lonely.length)} linked from a single page: ${listSome(paths(lonely))}.`,
          urls: lonely.slice(0, 10).map((p) => p.url),
        }
      );
    },
  },
  {
    id: 'links.no-outgoing',
    category: 'links',
    severity: 'Notice',
    title: 'Dead-end pages',
    description: 'Pages without a single link to the rest of the site leave visitors, and crawlers, nowhere to go next.',
    fix: 'Add the site menu, or at least links to related pages and to contact, on every page.',
    run: (ctx) => {
      const dead = ctx.pages.slice(1).filter((p) => p.snapshot.html.length > 0 && !p.links.some((l) => l.internal && l.url));
      return (
        dead.length > 0 && {
          detail:
            `${plural(dead.length, 'page')} ` +
            `${verb(dead.length, 'links', 'link')} to no other page of the site: ${listSome(dead.map((p) => path(p.url)))}.`,
          urls: dead.slice(0, 10).map((p) => p.url),
        }
      );
    },
  },
  {
    id: 'links.localhost',
    category: 'links',
    severity: 'Warning',
    title: 'Links to a development machine',
    description:
      'Links, images or scripts pointing at localhost or a .local/.test address work only on the designer’s computer: visitors ' +
      'get errors.',
    fix: 'Replace these addresses with the live site’s addresses (or relative ones).',
    run: (ctx) => {
      const own = new URL(ctx.home.url).hostname;
      const bad: Array<{ url: string; why: string; page: string }> = [];
      for (const p of ctx.pages) {
        const urls = [
          ...p.links.map((l) => l.url),
          ...p.images.map((i) => i.url),
          ...p.scripts.map((s) => s.url),
          ...p.stylesheets.map((s) => s.url),
        ];
        for (const u of urls) {
          if (!u || !DEV_HINT.test(u)) continue;
          const host = new URL(u).hostname;
          if (host !== own && DEV_HOST.test(host) && !bad.some((b) => b.url === u))
            bad.push({ url: u, why: `on ${path(p.url)}`, page: p.url });
        }
      }
      return (
        bad.length > 0 && {
          detail:
            `${plural(bad.length, 'address', 'addresses')} ${verb(bad.length, 'points', 'point')} to a development machine: ` +
            `${listSome(bad.map((b) => `${b.url} (${b.why})`))}.`,
          urls: [...new Set(bad.map((b) => b.page))].slice(0, 10),
        }
      );
    },
  },
  {
    id: 'links.malformed',
    category: 'links',
    severity: 'Warning',
    title: 'Malformed link addresses',
    description:
      'Links written as "www.zillow.com/…" without https://, "http//…" or with backslashes are read as addresses on your own ' +
      'site, so visitors land on an error page (Semrush: "malformed links").',
    fix: 'Write every external link in full, starting with https://.',
    run: (ctx) => {
      const bad: Array<{ href: string; page: string }> = [];
      for (const p of ctx.pages)
        for (const l of p.links) if (isMalformed(l.href) && !bad.some((b) => b.href === l.href)) bad.push({ href: l.href, page: p.url });
      return (
        bad.length > 0 && {
          detail:
            `${plural(bad.length, 'link')} ${bad.length === 1 ? 'has' : 'have'} a malformed address: ` +
            `${listSome(bad.map((b) => `${quote(b.href, 60)} on ${path(b.page)}`))}.`,
          urls: [...new Set(bad.map((b) => b.page))].slice(0, 10),
        }
      );
    },
  },
];
