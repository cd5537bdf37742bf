// Can search engines reach, read and index the site: status codes, redirects, meta robots and
// X-Robots-Tag, canonical and hreflang links, URLs (robots.txt and the sitemap: robots-and-sitemap.ts).
import type { ParsedPage } from '../page.ts';
import { robotsAndSitemapChecks } from './robots-and-sitemap.ts';
import { listSome, onPages, plural, quote, type Check, type CheckContext, verb } from './types.ts';

const hasDirective = (value: string, name: string) => value.split(/[,\s]+/).some((d) => d.trim() === name);
export const noindexIn = (v: string) => hasDirective(v, 'noindex') || hasDirective(v, 'none');
const nofollowIn = (v: string) => hasDirective(v, 'nofollow') || hasDirective(v, 'none');

/** The home page's X-Robots-Tag for every crawler or Googlebot. */
const xRobots = (ctx: CheckContext) => xRobotsOf(ctx.home.snapshot.headers);

/** X-Robots-Tag values that address every crawler or Googlebot (a "otherbot: noindex" does not). */
export function xRobotsOf(headers: Record<string, string>): string {
  const raw = headers['x-robots-tag'] ?? '';
  return raw
    .split(/,(?=\s*[a-z-]+\s*:)|\n/i)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => !/^[a-z-]+\s*:(?!\s*\d)/.test(part) || part.startsWith('googlebot:'))
    .map((part) => part.replace(/^googlebot:\s*/, ''))
    .join(', ');
}

/** Kept out of search results by a robots meta tag or an X-Robots-Tag header. */
export const isNoindex = (p: ParsedPage) => noindexIn(p.metaRobots) || noindexIn(xRobotsOf(p.snapshot.headers));

/** The canonical address named in a `Link: <…>; rel="canonical"` header, if any. */
function headerCanonical(p: ParsedPage): string | null {
  const m = /<([^>]+)>\s*;[^,]*rel\s*=\s*"?canonical"?/i.exec(p.snapshot.headers.link ?? '');
  if (!m) return null;
  try {
    return new URL(m[1]!.trim(), p.url).href;
  } catch {
    return null;
  }
}

function validLangCode(code: string): boolean {
  return code.toLowerCase() === 'x-default' || /^[a-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|\d{3}))?$/.test(code);
}

export const crawlabilityChecks: Check[] = [
  {
    id: 'crawl.status-error',
    category: 'crawlability',
    severity: 'Critical',
    free: true,
    title: 'Home page returns an error',
    description: 'Search engines drop pages that answer with an error status, and visitors see an error instead of your site.',
    fix: 'Make the home page answer with HTTP 200: check the server logs and the hosting configuration.',
    run: (ctx) => ctx.home.snapshot.status >= 400 && `The home page answers with HTTP ${ctx.home.snapshot.status}.`,
  },
  {
    id: 'crawl.server-errors',
    category: 'crawlability',
    severity: 'Critical',
    title: 'Internal pages with server errors',
    description: 'Pages that fail with a 5xx status cannot be indexed and lose their rankings if the errors persist.',
    fix: 'Find what makes these pages fail (server logs) and fix or redirect them.',
    run: (ctx) => {
      const bad = ctx.site.links.filter((l) => l.status !== null && l.status >= 500);
      return (
        bad.length > 0 && {
          detail: `${plural(bad.length, 'internal link')} lead to a server error (${listSome(bad.map((b) => `${b.status}`))}).`,
          urls: bad.slice(0, 10).map((b) => b.url),
        }
      );
    },
  },
  {
    id: 'crawl.redirect-chain',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Redirect chain to the home page',
    description: 'Each extra redirect slows the first visit and wastes crawl budget; chains can also lose ranking signals.',
    fix: 'Redirect every variant of the address (http, www) straight to the final URL in one step.',
    run: (ctx) =>
      ctx.home.snapshot.chain.length > 1 && `The address goes through ${ctx.home.snapshot.chain.length} redirects before the page loads.`,
  },
  {
    id: 'crawl.redirect-temporary',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Temporary redirect to the home page',
    description: 'A 302 or 307 tells search engines the move is temporary, so they may keep the old address indexed.',
    fix: 'Use a permanent redirect (301 or 308) for addresses that have moved for good.',
    run: (ctx) => {
      const temp = ctx.home.snapshot.chain.filter((h) => h.status === 302 || h.status === 307);
      return temp.length > 0 && `The address redirects with HTTP ${temp[0]!.status} to ${temp[0]!.location}.`;
    },
  },
  {
    id: 'crawl.meta-refresh',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Meta refresh redirect',
    description: 'Redirecting with a meta refresh is slow for visitors and a weak signal for search engines.',
    fix: 'Replace the meta refresh with a server-side 301 redirect.',
    run: (ctx) =>
      onPages(ctx, (p) => p.$('meta[http-equiv="refresh" i]').length > 0 && 'The page reloads or redirects with a meta refresh.'),
  },
  ...robotsAndSitemapChecks,
  {
    id: 'crawl.meta-noindex',
    category: 'crawlability',
    severity: 'Critical',
    title: 'Home page is set to noindex',
    description: 'A robots meta tag with noindex removes the page from search results.',
    fix: 'Remove "noindex" from the robots meta tag (a common leftover of site builders\' "hide from search" setting).',
    run: (ctx) => noindexIn(ctx.home.metaRobots) && `The robots meta tag says ${quote(ctx.home.metaRobots)}.`,
  },
  {
    id: 'crawl.meta-nofollow',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Links on the home page are nofollow',
    description: 'A nofollow robots meta tag stops search engines from following any link on the page.',
    fix: 'Remove "nofollow" from the robots meta tag.',
    run: (ctx) =>
      nofollowIn(ctx.home.metaRobots) && !noindexIn(ctx.home.metaRobots) && `The robots meta tag says ${quote(ctx.home.metaRobots)}.`,
  },
  {
    id: 'crawl.x-robots-noindex',
    category: 'crawlability',
    severity: 'Critical',
    title: 'X-Robots-Tag header blocks indexing',
    description: 'The server sends an X-Robots-Tag header with noindex, which hides the page from search results.',
    fix: 'Remove noindex from the X-Robots-Tag header in the server or CDN configuration.',
    run: (ctx) => noindexIn(xRobots(ctx)) && `X-Robots-Tag: ${ctx.home.snapshot.headers['x-robots-tag']}.`,
  },
  {
    id: 'crawl.x-robots-nofollow',
    category: 'crawlability',
    severity: 'Warning',
    title: 'X-Robots-Tag header sets nofollow',
    description: "The server tells crawlers not to follow the page's links.",
    fix: 'Remove nofollow from the X-Robots-Tag header.',
    run: (ctx) => nofollowIn(xRobots(ctx)) && !noindexIn(xRobots(ctx)) && `X-Robots-Tag: ${ctx.home.snapshot.headers['x-robots-tag']}.`,
  },
  {
    id: 'crawl.noindex-pages',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Internal pages set to noindex',
    description: 'Some pages you link to are hidden from search. Fine for thank-you pages; a loss for listings or services.',
    fix: 'Check that only pages you mean to hide carry noindex.',
    run: (ctx) => {
      // Semrush's "blocked by X-Robots-Tag: noindex" counts too: the header hides a page like the tag.
      const hidden = ctx.pages.slice(1).filter(isNoindex);
      const byHeader = hidden.filter((p) => noindexIn(xRobotsOf(p.snapshot.headers))).length;
      return (
        hidden.length > 0 && {
          detail:
            `${plural(hidden.length, 'page')} ` +
            `${verb(hidden.length, 'carries', 'carry')} noindex${byHeader ? ` (${byHeader} in the X-Robots-Tag header)` : ''}.`,
          urls: hidden.slice(0, 10).map((p) => p.url),
        }
      );
    },
  },
  {
    id: 'crawl.canonical-missing',
    category: 'crawlability',
    severity: 'Notice',
    title: 'No canonical link',
    description:
      'A canonical link names the preferred address of a page, so duplicates (with tracking parameters, www or not) do not split ' +
      'its ranking.',
    fix: 'Add <link rel="canonical" href="https://yoursite/page"> to every page.',
    run: (ctx) => onPages(ctx, (p) => p.canonicals.length === 0 && 'The page has no canonical link.'),
  },
  {
    id: 'crawl.canonical-multiple',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Conflicting canonical links',
    description: 'With several different canonical links search engines ignore them all.',
    fix: 'Keep exactly one canonical link per page.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const distinct = new Set(p.canonicals.map((c) => c.replace(/\/$/, '')));
        return distinct.size > 1 && `The page names ${distinct.size} different canonical URLs.`;
      }),
  },
  {
    id: 'crawl.canonical-invalid',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Invalid canonical URL',
    description: 'A canonical link that is not a valid URL is ignored.',
    fix: 'Put the full, valid address of the page in the canonical link.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const bad = p.canonicals.find((c) => {
          try {
            new URL(c, p.url);
            return !c || /^(?:javascript|data|mailto):/i.test(c);
          } catch {
            return true;
          }
        });
        return bad !== undefined && `The canonical link is ${quote(bad)}.`;
      }),
  },
  {
    id: 'crawl.canonical-relative',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Relative canonical URL',
    description: 'Relative canonical links are easy to get wrong when pages move; search engines recommend absolute URLs.',
    fix: 'Use an absolute URL (https://...) in the canonical link.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) => p.canonicals.some((c) => c && !/^https?:\/\//i.test(c)) && `The canonical link is relative: ${quote(p.canonicals[0]!)}.`,
      ),
  },
  {
    id: 'crawl.canonical-other-domain',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Canonical points to another domain',
    description: 'The page tells search engines that another site holds the original, so this one will not rank.',
    fix: "Point the canonical link at this page's own address unless the content really lives elsewhere.",
    run: (ctx) =>
      onPages(ctx, (p) => {
        const c = p.canonicals[0];
        if (!c) return null;
        try {
          const target = new URL(c, p.url);
          return (
            target.hostname.replace(/^www\./, '') !== new URL(p.url).hostname.replace(/^www\./, '') &&
            `The canonical link points to ${target.hostname}.`
          );
        } catch {
          return null;
        }
      }),
  },
  {
    id: 'crawl.canonical-to-root',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Inner pages canonicalised to the home page',
    description: 'Inner pages whose canonical is the home page are treated as duplicates of it and drop out of search.',
    fix: 'Give each page a canonical link to its own address.',
    run: (ctx) => {
      const bad = ctx.pages.slice(1).filter((p) => {
        const c = p.canonicals[0];
        if (!c || new URL(p.url).pathname === '/') return false;
        try {
          return new URL(c, p.url).pathname === '/';
        } catch {
          return false;
        }
      });
      return (
        bad.length > 0 && {
          detail: `${plural(bad.length, 'inner page')} name the home page as canonical.`,
          urls: bad.slice(0, 10).map((p) => p.url),
        }
      );
    },
  },
  {
    id: 'crawl.canonical-http',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Canonical points to http://',
    description: 'On an https site an http:// canonical sends ranking signals to the insecure version.',
    fix: 'Use the https:// address in canonical links.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) => p.url.startsWith('https:') && p.canonicals.some((c) => /^http:\/\//i.test(c)) && 'The canonical link uses http://.',
      ),
  },
  {
    id: 'crawl.canonical-header-mismatch',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Canonical header and tag disagree',
    description:
      'The server’s Link header names one canonical address and the page’s canonical tag another; with conflicting signals ' +
      'search engines ignore both.',
    fix: 'Remove the canonical from the Link header (or the tag), or make both name the same address.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const header = headerCanonical(p);
        const tag = p.canonicals[0];
        if (!header || !tag) return null;
        let tagUrl: string;
        try {
          tagUrl = new URL(tag, p.url).href;
        } catch {
          return null;
        }
        return header.replace(/\/$/, '') !== tagUrl.replace(/\/$/, '') && `The Link header names ${header}, the tag ${tagUrl}.`;
      }),
  },
  {
    id: 'crawl.www-duplicate',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Site answers both with and without www',
    description:
      'The same home page answers at two addresses (with and without www.) without a redirect or a canonical link saying ' +
      'which is the real one, so search engines may split its ranking between two copies (Semrush: "www resolve issue").',
    fix: 'Redirect the other address (301) to the one you use, in the hosting or DNS settings, and add a canonical link.',
    run: (ctx) => {
      const v = ctx.site.hostVariant;
      if (!v || v.status < 200 || v.status >= 300 || ctx.home.canonicals.length > 0) return null;
      return `${v.url} answers HTTP ${v.status} instead of redirecting to ${ctx.home.url}, and the home page names no canonical address.`;
    },
  },
  {
    id: 'crawl.noimageindex',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Images kept out of image search',
    description: 'A robots "noimageindex" rule keeps the page’s photos out of Google Images, where buyers browse homes too.',
    fix: 'Remove noimageindex from the robots meta tag unless the photos must not be found.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const rules = `${p.metaRobots}, ${xRobotsOf(p.snapshot.headers)}`;
        return hasDirective(rules, 'noimageindex') && 'The robots rules say noimageindex.';
      }),
  },
  {
    id: 'crawl.hreflang-invalid',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Invalid hreflang code',
    description: 'Search engines ignore alternate-language links whose language code is not valid.',
    fix: 'Use ISO 639-1 language codes, optionally with an ISO 3166 region (en, en-US, es-US) or x-default.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const bad = p.hreflangs.filter((h) => !validLangCode(h.lang));
        return bad.length > 0 && `hreflang values ${listSome(bad.map((b) => quote(b.lang, 20)))} are not valid language codes.`;
      }),
  },
  {
    id: 'crawl.hreflang-relative',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Relative hreflang URL',
    description: 'Alternate-language links must use absolute URLs.',
    fix: 'Write the full https:// address in each hreflang link.',
    run: (ctx) => onPages(ctx, (p) => p.hreflangs.some((h) => !/^https?:\/\//i.test(h.href)) && 'An hreflang link uses a relative URL.'),
  },
  {
    id: 'crawl.hreflang-no-self',
    category: 'crawlability',
    severity: 'Notice',
    title: 'hreflang set without a self-reference',
    description: 'Each language version should list itself among its alternates, or search engines may ignore the set.',
    fix: "Add an hreflang link for the page's own language pointing to its own URL.",
    run: (ctx) =>
      onPages(ctx, (p) => {
        if (!p.hreflangs.length) return null;
        const self = p.url.replace(/\/$/, '');
        return !p.hreflangs.some((h) => h.url?.replace(/\/$/, '') === self) && "The page's hreflang links do not include the page itself.";
      }),
  },
  {
    id: 'crawl.hreflang-no-default',
    category: 'crawlability',
    severity: 'Notice',
    title: 'hreflang set without x-default',
    description: 'x-default tells search engines which version to show visitors whose language is not listed.',
    fix: 'Add <link rel="alternate" hreflang="x-default" href="..."> pointing to your main version.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) => p.hreflangs.length > 0 && !p.hreflangs.some((h) => h.lang.toLowerCase() === 'x-default') && 'No x-default alternate link.',
      ),
  },
  {
    id: 'crawl.js-only-content',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Content needs JavaScript to appear',
    description:
      "The page's HTML carries almost no text and relies on scripts to draw it. Many crawlers, and all AI assistants that read " +
      'HTML, see an empty page.',
    fix: 'Render the main content on the server (or prerender it) so it is in the HTML.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) =>
          p.wordCount < 50 &&
          p.scripts.filter((s) => s.src).length >= 3 &&
          `The HTML has only ${plural(p.wordCount, 'word')} of text but loads ${plural(p.scripts.filter((s) => s.src).length, 'script')}.`,
      ),
  },
  {
    id: 'crawl.deep-pages',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Pages buried deep in the site',
    description: 'Pages more than three clicks from the home page are crawled less often and rank worse.',
    fix: 'Link important pages from the home page or the main navigation.',
    run: (ctx) => {
      const deep = ctx.pages.filter((p) => p.snapshot.depth > 3);
      return (
        deep.length > 0 && {
          detail: `${plural(deep.length, 'page')} ${verb(deep.length, 'is', 'are')} more than 3 clicks from the home page.`,
          urls: deep.slice(0, 10).map((p) => p.url),
        }
      );
    },
  },
  {
    id: 'crawl.url-format',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Untidy internal URLs',
    description: 'Uppercase letters, underscores, session ids and very long addresses create duplicates and look untrustworthy in results.',
    fix: 'Use short, lowercase, hyphenated addresses without session parameters.',
    run: (ctx) => {
      const urls = [...new Set(ctx.pages.flatMap((p) => p.links.filter((l) => l.internal && l.url).map((l) => l.url!)))];
      // Screaming Frog's and SEOnaut's URL filters: case, underscores, length, session ids, doubled
      // slashes, spaces, non-ASCII characters and Semrush's "more than four parameters".
      const bad = urls.filter((u) => {
        const { pathname, search } = new URL(u);
        return (
          /[A-Z_]/.test(pathname) ||
          u.length > 115 ||
          /[?&](?:sid|sessionid|phpsessid|jsessionid)=/i.test(search) ||
          pathname.includes('//') ||
          /%20|\+/.test(pathname) ||
          /%[89A-F][0-9A-F]/i.test(pathname) ||
          new URLSearchParams(search).size > 4
        );
      });
      return (
        bad.length > 0 && {
          detail:
            `${plural(bad.length, 'internal address', 'internal addresses')} ` +
            `${verb(bad.length, 'has', 'have')} uppercase letters, underscores, spaces, doubled ` +
            `slashes, session ids, more than four parameters or more than 115 characters, e.g. ${bad[0]}.`,
          urls: bad.slice(0, 10),
        }
      );
    },
  },
];
