// Canonical and hreflang links written so that search engines drop them: a canonical with a
// #fragment or with attributes that turn it into something else, a canonical address no link
// leads to, language versions that name each other with different language codes, and AMP
// versions that do not name the page they copy.
import { parsed, stripQuery } from '../snapshot.ts';
import { canonicalElsewhere, graphOf, path, readWholeSite } from './site-graph.ts';
import { listSome, onPages, plural, quote, type Check, verb } from './types.ts';

export const canonicalDetailChecks: Check[] = [
  {
    id: 'crawl.canonical-fragment',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Canonical address with a #fragment',
    description:
      'Search engines ignore the part after # and may ignore a canonical that carries one, so the page’s preferred address is lost.',
    fix: 'Remove the #… part from the canonical link: it should be the page’s plain address.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const c = p.canonicals.find((href) => href.includes('#'));
        return c !== undefined && `The canonical link is ${quote(c, 90)}.`;
      }),
  },
  {
    id: 'crawl.canonical-attributes',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Canonical link with hreflang or media',
    description:
      'A canonical link that also carries hreflang or media is read as an alternate version, not as the preferred address: search ' +
      'engines ignore it as a canonical.',
    fix:
      'Write the canonical as a plain <link rel="canonical" href="…">; language and mobile versions get their own ' +
      'rel="alternate" links.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const el = p.$('link[rel~="canonical" i][hreflang], link[rel~="canonical" i][media]').first();
        if (!el.length) return null;
        const attr = el.attr('hreflang') !== undefined ? `hreflang="${el.attr('hreflang')}"` : `media="${el.attr('media')}"`;
        return `The canonical link to ${quote(el.attr('href') ?? '', 70)} carries ${attr}.`;
      }),
  },
  {
    id: 'crawl.canonical-unlinked',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Canonical addresses no link leads to',
    description:
      'Pages name a canonical address that none of the site’s links use: search engines get mixed signals about which address to ' +
      'show, and may keep the one your links point to.',
    fix: 'Link to the canonical address itself (menus, buttons, the sitemap), or make the canonical name the address you link to.',
    run: (ctx) => {
      if (!readWholeSite(ctx)) return null;
      const g = graphOf(ctx);
      const home = stripQuery(ctx.home.url);
      const bad = new Map<string, string>();
      for (const p of ctx.pages) {
        const target = canonicalElsewhere(p);
        if (!target || target === home || g.linked.has(target) || bad.has(target)) continue;
        // Another scheme or host (http://, www.) is the canonical-http and other-domain checks' finding.
        if (new URL(target).origin !== new URL(p.url).origin) continue;
        bad.set(target, `${path(target)} (canonical of ${path(p.url)})`);
      }
      return (
        bad.size > 0 && {
          detail:
            `${plural(bad.size, 'canonical address', 'canonical addresses')} ${verb(bad.size, 'has', 'have')} no link leading to them: ` +
            `${listSome([...bad.values()], 2)}.`,
          urls: [...bad.keys()].slice(0, 10),
        }
      );
    },
  },
  {
    id: 'crawl.hreflang-return-lang-mismatch',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Language versions name each other with different codes',
    description:
      'The Spanish page links back to the English one under another language or region code than the English page gives itself, ' +
      'so search engines cannot pair the versions.',
    fix: 'Use one code per version everywhere: the hreflang a page gives itself must be the one the other versions give it.',
    run: (ctx) => {
      const byUrl = new Map(ctx.pages.map((p) => [stripQuery(p.url), p]));
      const bad: Array<{ url: string; why: string }> = [];
      for (const p of ctx.pages) {
        const own = p.hreflangs.find((h) => h.url && stripQuery(h.url) === stripQuery(p.url) && h.lang.toLowerCase() !== 'x-default');
        if (!own) continue;
        for (const h of p.hreflangs) {
          const other = h.url ? byUrl.get(stripQuery(h.url)) : undefined;
          if (!other || other === p) continue;
          const back = other.hreflangs.find(
            (b) => b.url && stripQuery(b.url) === stripQuery(p.url) && b.lang.toLowerCase() !== 'x-default',
          );
          if (back && back.lang.toLowerCase() !== own.lang.toLowerCase()) {
            bad.push({ url: other.url, why: `${path(other.url)} names ${path(p.url)} "${back.lang}", which calls itself "${own.lang}"` });
          }
        }
      }
      return (
        bad.length > 0 && {
          detail: `${plural(bad.length, 'return link')} ${verb(bad.length, 'uses', 'use')} another language code: ${listSome(
            bad.map((b) => b.why),
            2,
          )}.`,
          urls: [...new Set(bad.map((b) => b.url))].slice(0, 10),
        }
      );
    },
  },
  {
    id: 'crawl.amp-no-canonical',
    category: 'crawlability',
    severity: 'Warning',
    title: 'AMP pages without a canonical link',
    description:
      'An AMP page (what older WordPress AMP plugins publish at …/amp/) must name its ordinary page in a canonical link; ' +
      'without it search engines treat it as a second copy competing with the page.',
    fix: 'Give every AMP page <link rel="canonical"> to its ordinary page, or turn the AMP plugin off.',
    run: (ctx) => {
      const g = graphOf(ctx);
      // AMP versions the crawled pages name, as fetched, besides AMP pages met in the crawl.
      const named = ctx.pages.flatMap((p) => {
        const page = p.amphtml ? g.targets.get(stripQuery(p.amphtml))?.page : undefined;
        return page ? [{ amp: parsed(page), of: p.url }] : [];
      });
      const amp = [...ctx.pages.filter((p) => p.isAmp).map((p) => ({ amp: p, of: null })), ...named];
      const bad = amp.filter((a) => a.amp.isAmp && a.amp.canonicals.length === 0);
      return (
        bad.length > 0 && {
          detail: `${plural(bad.length, 'AMP page')} ${verb(bad.length, 'has', 'have')} no canonical link: ${listSome(
            bad.map((b) => (b.of ? `${path(b.amp.url)} (the AMP version of ${path(b.of)})` : path(b.amp.url))),
          )}.`,
          urls: [...new Set(bad.map((b) => b.of ?? b.amp.url))].slice(0, 10),
        }
      );
    },
  },
];
