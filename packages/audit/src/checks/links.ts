// Links: broken ones, ones crawlers cannot follow, and what their text tells.
import type { LinkStatus } from '../snapshot.ts';
import { listSome, onPages, plural, quote, type Check, type CheckContext, verb } from './types.ts';

/** Lighthouse's list of link texts that describe nothing (link-text audit), English part. */
const VAGUE_TEXT = new Set([
  'click here',
  'click this',
  'go',
  'here',
  'this',
  'start',
  'right here',
  'more',
  'learn more',
  'read more',
  'more info',
  'more information',
  'details',
  'link',
  'this link',
  'continue',
  'click',
  'see more',
]);

/** Link text that names no destination ("read more"), trailing arrows and dots ignored. */
export const isVague = (text: string) =>
  VAGUE_TEXT.has(
    text
      .toLowerCase()
      .replace(/[.!…»›→]+$/, '')
      .trim(),
  );

/** A rate limiter's answer ("Too Many Requests"): says nothing about the page asked for. */
const TOO_MANY_REQUESTS = 429;

/** Links on one page above which the page is flagged (SEOnaut's threshold). */
export const TOO_MANY_LINKS = 100;

/** Where a link was found, as a reader names it: "the home page" or its path. */
function pageName(ctx: CheckContext, url: string): string {
  if (url === ctx.home.url) return 'the home page';
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** The pages that carry the given links, each once, at most 10. */
function linkingPages(links: LinkStatus[]): string[] {
  return [...new Set(links.map((l) => l.from))].slice(0, 10);
}

export const linkChecks: Check[] = [
  {
    id: 'links.broken-internal',
    category: 'links',
    severity: 'Critical',
    title: 'Broken internal links',
    description: 'Links to missing pages frustrate visitors and tell search engines the site is neglected.',
    fix: 'Update these links or redirect the missing addresses (301) to the right page.',
    run: (ctx) => {
      // 429 is the site's firewall asking the audit to slow down: the page behind it was not seen.
      const broken = ctx.site.links.filter((l) => l.status !== null && l.status >= 400 && l.status < 500 && l.status !== TOO_MANY_REQUESTS);
      const throttled = ctx.site.links.filter((l) => l.status === TOO_MANY_REQUESTS).length;
      if (!broken.length && throttled) {
        return {
          notMeasured: `The site asked the audit to slow down (HTTP 429) for ${plural(throttled, 'internal link')}; they were not checked.`,
        };
      }
      return (
        broken.length > 0 && {
          detail:
            `${plural(broken.length, 'internal link')} ${broken.length === 1 ? 'returns' : 'return'} an error: ` +
            `${listSome(broken.map((b) => `${new URL(b.url).pathname} (${b.status}, linked from ${pageName(ctx, b.from)})`))}.`,
          // The pages to edit: where each broken link is.
          urls: linkingPages(broken),
        }
      );
    },
  },
  {
    id: 'links.unreachable-internal',
    category: 'links',
    severity: 'Warning',
    title: 'Internal links that do not answer',
    description: 'Some linked pages did not respond at all (timeout or refused connection).',
    fix: 'Check that these pages load; remove links to pages that no longer exist.',
    run: (ctx) => {
      const dead = ctx.site.links.filter((l) => l.status === null);
      return (
        dead.length > 0 && {
          detail:
            `${plural(dead.length, 'internal link')} did not answer, e.g. ${dead[0]!.url} ` +
            `(linked from ${pageName(ctx, dead[0]!.from)}).`,
          urls: linkingPages(dead),
        }
      );
    },
  },
  {
    id: 'links.redirected-internal',
    category: 'links',
    severity: 'Notice',
    title: 'Internal links through redirects',
    description: 'Linking to addresses that redirect slows visitors and crawlers down.',
    fix: 'Link straight to the final address of each page.',
    run: (ctx) => {
      const redirected = ctx.pages.slice(1).filter((p) => p.snapshot.chain.length > 0);
      return (
        redirected.length > 0 && {
          detail: `${plural(redirected.length, 'internal link')} go through a redirect, e.g. ${redirected[0]!.snapshot.requestedUrl}.`,
          urls: redirected.slice(0, 10).map((p) => p.snapshot.requestedUrl),
        }
      );
    },
  },
  {
    id: 'links.not-crawlable',
    category: 'links',
    severity: 'Warning',
    title: 'Links crawlers cannot follow',
    description: 'Anchors without a real href (javascript: links, empty or "#" targets, click handlers) are invisible to search engines.',
    fix: 'Give every navigation link a real href to the page it opens.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const bad = p.links.filter(
          (l) => /^javascript:/i.test(l.href) || (l.href === '' && (l.text || l.imageAlt)) || (l.href === '#' && l.text),
        );
        return (
          bad.length > 0 &&
          `${plural(bad.length, 'link')} ` +
            `${verb(bad.length, 'has', 'have')} no crawlable href (e.g. ${quote(bad[0]!.text || bad[0]!.href || 'no href', 40)}).`
        );
      }),
  },
  {
    id: 'links.vague-text',
    category: 'links',
    severity: 'Notice',
    title: 'Links with vague text',
    description: '"Click here" or "read more" tells neither visitors nor search engines where a link goes.',
    fix: 'Use link text that names the destination, e.g. "Arlington market report" instead of "read more".',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const vague = p.links.filter((l) => l.url && isVague(l.text));
        return (
          vague.length > 0 &&
          `${plural(vague.length, 'link')} ` +
            `${verb(vague.length, 'says', 'say')} only ${listSome([...new Set(vague.map((v) => quote(v.text, 20)))])}.`
        );
      }),
  },
  {
    id: 'links.empty-text',
    category: 'links',
    severity: 'Warning',
    title: 'Links without text',
    description:
      'Links with no text (icon links without labels) are announced as nothing by screen readers and pass no meaning to search engines.',
    fix: 'Add text, an aria-label or alt text on the linked image.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const empty = p.links.filter((l) => l.url && !l.text && !l.imageAlt && !l.title);
        return (
          empty.length > 0 && `${plural(empty.length, 'link')} ${verb(empty.length, 'has', 'have')} no text, e.g. to ${empty[0]!.url}.`
        );
      }),
  },
  {
    id: 'links.nofollow-internal',
    category: 'links',
    severity: 'Warning',
    title: 'Internal links marked nofollow',
    description: 'nofollow on your own links stops search engines from passing value to your pages.',
    fix: 'Remove rel="nofollow" from links to your own pages.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const nf = p.links.filter((l) => l.internal && l.rel.includes('nofollow'));
        return nf.length > 0 && `${plural(nf.length, 'internal link')} ${verb(nf.length, 'carries', 'carry')} rel="nofollow".`;
      }),
  },
  {
    id: 'links.few-internal',
    category: 'links',
    severity: 'Notice',
    title: 'Few internal links',
    description: 'With fewer than 3 links to its own pages, the home page leaves visitors and crawlers nowhere to go.',
    fix: 'Link your main pages (listings, about, contact, valuation) from the home page.',
    run: (ctx) => {
      const internal = new Set(ctx.home.links.filter((l) => l.internal && l.url).map((l) => l.url));
      return internal.size < 3 && `The home page links to ${plural(internal.size, 'internal page')}.`;
    },
  },
  {
    id: 'links.too-many',
    category: 'links',
    severity: 'Notice',
    title: 'Very many links on a page',
    description: 'Hundreds of links dilute the value each passes and overwhelm visitors.',
    fix: 'Keep navigation focused; move long lists (all listings, all areas) to their own pages.',
    // SEOnaut's threshold: an agent's page with menus, a listings grid and a footer needs far
    // fewer; past 100 the page is usually an unpaginated list or a link farm footer.
    run: (ctx) =>
      onPages(ctx, (p) => p.links.length > TOO_MANY_LINKS && `The page has ${p.links.length} links (more than ${TOO_MANY_LINKS}).`),
  },
  {
    id: 'links.http-on-https',
    category: 'links',
    severity: 'Warning',
    title: 'Internal links to http://',
    description: 'On an https site, links to http:// addresses cause redirects and warnings.',
    fix: 'Change internal links to https:// or relative addresses.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        if (!p.url.startsWith('https:')) return null;
        const http = p.links.filter((l) => l.internal && l.url?.startsWith('http:'));
        return http.length > 0 && `${plural(http.length, 'internal link')} ${verb(http.length, 'uses', 'use')} http://.`;
      }),
  },
  {
    id: 'links.blank-without-noopener',
    category: 'links',
    severity: 'Notice',
    title: 'New-tab links without rel="noopener"',
    description: 'Pages opened with target="_blank" can control the opening tab in older browsers (tabnabbing).',
    fix: 'Add rel="noopener" to external links that open in a new tab.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const bad = p.links.filter(
          (l) =>
            l.target.toLowerCase() === '_blank' && !l.internal && l.url && !l.rel.includes('noopener') && !l.rel.includes('noreferrer'),
        );
        return bad.length > 0 && `${plural(bad.length, 'external link')} open a new tab without rel="noopener".`;
      }),
  },
  {
    id: 'links.no-navigation',
    category: 'links',
    severity: 'Notice',
    title: 'No navigation landmark',
    description: 'A <nav> element marks the main menu for screen readers and helps search engines find your key pages.',
    fix: 'Wrap the main menu in a <nav> element.',
    run: (ctx) => ctx.home.$('nav, [role="navigation"]').length === 0 && 'The home page has no <nav> element.',
  },
];
