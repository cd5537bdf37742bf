// What single links say on closer reading: #fragments that lead nowhere, campaign tags on
// links between the site's own pages, one link text for several destinations, addresses that
// repeat their own path (a relative link gone wrong), skip links without a target, and image
// alt text that repeats the words next to it.
import type { ParsedPage } from '../page.ts';
import { absoluteHttpUrl, collapse } from '../page.ts';
import { stripQuery } from '../snapshot.ts';
import { isVague } from './links.ts';
import { listSome, memo, onPages, plural, quote, type Check, type CheckContext, verb } from './types.ts';

/** Fragments that are script routes or widget commands, not element ids (#!/, #/search, #elementor-action:…=…). */
const NOT_AN_ID = /^(?:$|top$|[!/]|.*[=&:])/i;
/** Links that open a popup, tab or menu by script: their #fragment names no element. */
const SCRIPT_TRIGGER = /popmake|popup|modal|lightbox|fancybox|toggle|accordion|(?:^|[\s_-])tabs?(?:$|[\s_-])|et_pb_tab|menu-trigger/i;
const SKIP_TEXT = /^(?:skip|jump)\b|\bskip to\b|\bjump to\b/i;

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Every id (and legacy <a name>) a page offers as a link target. */
function anchorsOf(ctx: CheckContext, p: ParsedPage): Set<string> {
  return memo(ctx, `anchors:${p.url}`, () => {
    const ids = new Set<string>();
    p.$('[id], a[name]').each((_, el) => {
      const e = p.$(el);
      for (const v of [e.attr('id'), el.tagName === 'a' ? e.attr('name') : undefined]) if (v) ids.add(v);
    });
    return ids;
  });
}

/** Crawled pages by address, including the address a redirected page was asked for. */
function pagesByAddress(ctx: CheckContext): Map<string, ParsedPage> {
  return memo(ctx, 'pages-by-address', () => {
    const map = new Map<string, ParsedPage>();
    for (const p of ctx.pages) {
      map.set(stripQuery(p.snapshot.requestedUrl), p);
      map.set(stripQuery(p.url), p);
    }
    return map;
  });
}

interface FragmentLink {
  href: string;
  text: string;
  fragment: string;
  target: ParsedPage | null;
  samePage: boolean;
}

/** The page's links that end in a #fragment naming an element, with the crawled page they lead to. */
function fragmentLinks(ctx: CheckContext, p: ParsedPage): FragmentLink[] {
  return memo(ctx, `fragments:${p.url}`, () => {
    const out: FragmentLink[] = [];
    for (const el of p.$('a[href*="#"]').toArray()) {
      const a = p.$(el);
      const href = (a.attr('href') ?? '').trim();
      const hash = href.indexOf('#');
      const fragment = decode(href.slice(hash + 1));
      if (NOT_AN_ID.test(fragment)) continue;
      const attrs = `${a.attr('class') ?? ''} ${a.attr('data-toggle') ?? ''} ${a.attr('data-bs-toggle') ?? ''} ${a.attr('role') ?? ''}`;
      if (SCRIPT_TRIGGER.test(attrs) || a.attr('aria-controls') !== undefined || a.attr('onclick') !== undefined) continue;
      const url = hash === 0 ? p.url : absoluteHttpUrl(href, p.url);
      if (!url) continue;
      const key = stripQuery(url);
      const samePage = key === stripQuery(p.url);
      out.push({ href, text: collapse(a.text()), fragment, samePage, target: samePage ? p : (pagesByAddress(ctx).get(key) ?? null) });
    }
    return out;
  });
}

const isSkipLink = (l: FragmentLink) => l.samePage && SKIP_TEXT.test(l.text);

/** A page whose sections a script draws (little text, several scripts): its ids are not in the HTML yet. */
const scriptDrawn = (p: ParsedPage) => p.wordCount < 50 && p.scripts.filter((s) => s.src).length >= 3;

/** Path segments repeated back to back: /homes/arlington/homes/arlington, /blog/blog. */
export function repeatedSegments(url: string): string | null {
  let segments: string[];
  try {
    segments = new URL(url).pathname
      .split('/')
      .filter(Boolean)
      .map((s) => decode(s).toLowerCase());
  } catch {
    return null;
  }
  for (let size = Math.floor(segments.length / 2); size >= 1; size--) {
    for (let i = 0; i + 2 * size <= segments.length; i++) {
      const a = segments.slice(i, i + size);
      const b = segments.slice(i + size, i + 2 * size);
      // A repeated number is a date or an id (/2024/2024 is rare but not a broken relative link).
      if (a.join('/') === b.join('/') && !(size === 1 && /^\d+$/.test(a[0]!))) return `/${a.join('/')}`;
    }
  }
  return null;
}

const normal = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The visible words next to an image that its alt text repeats: its caption, or the text of its link or cell. */
function redundantAlt(p: ParsedPage): string | null {
  for (const el of p.$('img[alt]').toArray()) {
    const img = p.$(el);
    const alt = normal(img.attr('alt') ?? '');
    if (alt.length < 3) continue;
    const figure = img.closest('figure');
    const caption = figure.length ? figure.find('figcaption').first().text() : '';
    const container = img.closest('a[href], button, [role="button"], p, li, td, th');
    const beside = container.length ? container.text() : '';
    for (const [where, text] of [
      ['its caption', caption],
      ['the text beside it', beside],
    ] as const) {
      if (text && normal(text) === alt) return `An image’s alt text ${quote(img.attr('alt') ?? '', 60)} repeats ${where}.`;
    }
  }
  return null;
}

export const linkDetailChecks: Check[] = [
  {
    id: 'links.broken-bookmark',
    category: 'links',
    severity: 'Notice',
    title: 'Links to a #section that does not exist',
    description:
      'A link ending in #name should jump to that section; when no element on the page carries the id, visitors land at the top ' +
      'and have to search for it.',
    fix: 'Give the section the id the link names (in a page builder: the section’s “CSS ID” field), or correct the link.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const broken = fragmentLinks(ctx, p).filter(
          (l) => l.target && !isSkipLink(l) && !scriptDrawn(l.target) && !anchorsOf(ctx, l.target).has(l.fragment),
        );
        if (!broken.length) return null;
        const first = broken[0]!;
        const where = first.samePage ? 'this page' : new URL(first.target!.url).pathname;
        return (
          `${plural(broken.length, 'link')} lead to a missing section, e.g. ${quote(first.text || first.href, 40)} to ` +
          `#${first.fragment} (no such id on ${where}).`
        );
      }),
  },
  {
    id: 'links.utm-internal',
    category: 'links',
    severity: 'Notice',
    title: 'Campaign tags on links within the site',
    description:
      'utm_ parameters on links between your own pages start a new visit in Google Analytics and credit it to a made-up ' +
      'campaign, so your reports lose where visitors really came from; search engines also see each tagged address as another page.',
    fix: 'Remove the utm_ parameters from links between your own pages; keep them for links in e-mails, ads and social posts.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const tagged = p.links.filter((l) => l.internal && l.url && /[?&]utm_[a-z]+=/i.test(l.url));
        return (
          tagged.length > 0 &&
          `${plural(tagged.length, 'internal link')} ` +
            `${verb(tagged.length, 'carries', 'carry')} utm_ tags, e.g. ${quote(tagged[0]!.href, 80)}.`
        );
      }),
  },
  {
    id: 'links.same-text-different-targets',
    category: 'links',
    severity: 'Notice',
    title: 'Same link text for different pages',
    description:
      'Two links with the same words that lead to different pages confuse visitors using a screen reader’s list of links, and tell ' +
      'search engines nothing about which page is which.',
    fix: 'Make each link text name its own destination (“Homes in Arlington”, “Homes in Alexandria”).',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const targets = new Map<string, Set<string>>();
        for (const l of p.links) {
          const name = (l.text || l.imageAlt || l.title).toLowerCase();
          // "#…" stays on the page (a menu's dropdown parent, a section): it is not another destination.
          if (!l.url || !name || isVague(name) || l.href.startsWith('#')) continue;
          targets.set(name, (targets.get(name) ?? new Set()).add(stripQuery(l.url)));
        }
        const clashes = [...targets.entries()].filter(([, urls]) => urls.size > 1);
        if (!clashes.length) return null;
        const [text, urls] = clashes[0]!;
        return `${plural(clashes.length, 'link text')} lead to different pages, e.g. ${quote(text, 40)} to ${listSome(
          [...urls].map((u) => new URL(u).pathname),
          2,
        )}.`;
      }),
  },
  {
    id: 'crawl.url-repetitive-path',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Addresses that repeat their own path',
    description:
      'An address like /homes/arlington/homes/arlington usually comes from a relative link missing its leading slash; it serves ' +
      'a duplicate of the page or an error, and crawlers can follow it deeper without end.',
    fix: 'Start internal links with “/” (or use the full address) so they do not stack onto the current path.',
    run: (ctx) => {
      const found = new Map<string, string>();
      for (const p of ctx.pages) {
        for (const l of p.links) {
          if (!l.internal || !l.url || found.has(stripQuery(l.url))) continue;
          const repeated = repeatedSegments(l.url);
          if (repeated)
            found.set(stripQuery(l.url), `${new URL(l.url).pathname} (repeats ${repeated}, linked from ${new URL(p.url).pathname})`);
        }
      }
      return (
        found.size > 0 && {
          detail: `${plural(found.size, 'internal address', 'internal addresses')} repeat their path: ${listSome([...found.values()], 2)}.`,
          urls: [...found.keys()].slice(0, 10),
        }
      );
    },
  },
  {
    id: 'a11y.skip-link-broken',
    category: 'accessibility',
    severity: 'Warning',
    title: 'Skip link leads nowhere',
    description:
      'A “Skip to content” link lets keyboard and screen-reader visitors jump past the menu; when its target id is missing the ' +
      'link does nothing and they tab through the whole menu on every page.',
    fix: 'Give the main content wrapper the id the skip link names (often id="content" or id="main"), or point the link at it.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const broken = fragmentLinks(ctx, p).find((l) => isSkipLink(l) && !anchorsOf(ctx, p).has(l.fragment));
        return broken && `The skip link ${quote(broken.text, 40)} points to #${broken.fragment}, but no element has that id.`;
      }),
  },
  {
    id: 'a11y.alt-redundant',
    category: 'accessibility',
    severity: 'Notice',
    title: 'Alt text repeats the caption',
    description: 'When an image’s alt text is the same as the caption or link text next to it, screen readers read the same words twice.',
    fix:
      'Describe what the photo shows in the alt text (“Brick colonial with a front porch”), or leave it empty when the caption ' +
      'says it all.',
    run: (ctx) => onPages(ctx, redundantAlt),
  },
];
