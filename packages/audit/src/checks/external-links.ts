// Links to other sites: ones that lead nowhere any more, ones the other site would not show the
// audit, and ones that go through a redirect. Read from SiteSnapshot.external (a bounded sample,
// asked during the crawl).
import { ipLiteral, isPublicAddress } from '../net/address-policy.ts';
import type { ExternalLinkStatus } from '../snapshot.ts';
import { listSome, memo, plural, type Check, type CheckContext, type CheckResult, verb } from './types.ts';

/** Answers that mean the page is gone or failing (404, 410, any 5xx). */
const isDead = (l: ExternalLinkStatus) =>
  l.status !== null && !l.challenged && (l.status === 404 || l.status === 410 || (l.status >= 500 && l.status < 600));

/**
 * Other error answers: what big sites give crawlers they do not know (LinkedIn's 999, 403 from a
 * bot firewall, 429, 400 or 406 for an unfamiliar client). They say nothing about the page a
 * visitor would see.
 */
const isRefusal = (l: ExternalLinkStatus) => l.status !== null && l.status >= 400 && !isDead(l);

/** The name reserved never to exist (RFC 2606): a link to it is a placeholder left in, whatever the network. */
const NEVER_RESOLVES = /\.invalid\.?$/i;

/** A host on this machine or a private network (reachable only where a test allows it). */
function isPrivateHost(hostAndPort: string): boolean {
  const name = new URL(`http://${hostAndPort}`).hostname;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const ip = ipLiteral(name);
  return ip !== null && !isPublicAddress(ip);
}

/** An outside site: its host and port, www. aside. */
const host = (url: string) => new URL(url).host.toLowerCase().replace(/^www\./, '');

/** Where a link was found, as a reader names it: "the home page" or its path. */
function pageName(ctx: CheckContext, url: string): string {
  return url === ctx.home.url ? 'the home page' : new URL(url).pathname;
}

interface Sorted {
  checked: ExternalLinkStatus[];
  broken: ExternalLinkStatus[];
  refused: ExternalLinkStatus[];
  redirected: ExternalLinkStatus[];
  notChecked: number;
}

function sorted(ctx: CheckContext): Sorted | null {
  const all = ctx.site.external;
  if (!all) return null;
  return memo(ctx, 'external-links', () => {
    const checked = all.filter((l) => !l.notChecked);
    // When no outside site answered at all, the audit's own network is the likelier fault: a link
    // that got no answer counts as broken only when another outside site of its kind (on the
    // public internet, or on a private network a test allows) did answer.
    const answered = new Set(checked.filter((l) => l.status !== null).map((l) => host(l.url)));
    const reachedAnother = (l: ExternalLinkStatus) =>
      [...answered].some((h) => h !== host(l.url) && isPrivateHost(h) === isPrivateHost(host(l.url)));
    const noAnswerIsBroken = (l: ExternalLinkStatus) =>
      (l.failure === 'dns' && NEVER_RESOLVES.test(new URL(l.url).hostname)) ||
      (l.failure !== null && l.failure !== 'dns-temporary' && reachedAnother(l));
    return {
      checked,
      broken: checked.filter((l) => (l.status !== null ? isDead(l) : noAnswerIsBroken(l))),
      refused: checked.filter(isRefusal),
      redirected: checked.filter((l) => l.redirectedTo !== null && l.status !== null && l.status < 400),
      notChecked: all.length - checked.length,
    };
  });
}

const NOT_ASKED = 'Links to other sites were not checked in this audit.';

/** Why the sample tells nothing (not asked, no outside site answered, no time), or null. */
function unmeasured(s: Sorted | null): string | null {
  if (!s) return NOT_ASKED;
  const failed = s.checked.filter((l) => l.failure !== null).length;
  if (failed && failed === s.checked.length) {
    return `None of the ${plural(failed, 'outside link')} checked answered the audit, so whether they work could not be told.`;
  }
  if (!s.checked.length && s.notChecked) return `${plural(s.notChecked, 'outside link')} could not be checked in time.`;
  return null;
}

/** "url (why, on page)" for the first few links. */
function evidence(ctx: CheckContext, links: ExternalLinkStatus[], why: (l: ExternalLinkStatus) => string): string {
  return listSome(links.map((l) => `${l.url} (${why(l)}, on ${pageName(ctx, l.from)})`));
}

const pagesOf = (links: ExternalLinkStatus[]) => [...new Set(links.map((l) => l.from))].slice(0, 10);

const FAILURE_WORDS: Record<string, string> = {
  dns: 'the domain does not exist',
  connection: 'the server refused or dropped the connection',
  timeout: 'no answer within 4 s',
  tls: 'its HTTPS certificate is broken',
  'too-many-redirects': 'endless redirects',
  'redirect-loop': 'a redirect loop',
};

const whyBroken = (l: ExternalLinkStatus) => (l.status !== null ? `HTTP ${l.status}` : (FAILURE_WORDS[l.failure ?? ''] ?? 'no answer'));

export const externalLinkChecks: Check[] = [
  {
    id: 'links.broken-external',
    category: 'links',
    severity: 'Warning',
    title: 'Broken links to other sites',
    description:
      'Links to pages on other sites that are gone (404, 410), failing (5xx) or whose domain no longer answers send visitors ' +
      'to a dead end and make the site look neglected.',
    fix: 'Update each link to the page’s new address, or remove it.',
    run: (ctx): CheckResult => {
      const s = sorted(ctx);
      if (s && s.broken.length > 0) {
        const rest = s.notChecked ? ` ${plural(s.notChecked, 'other outside link')} ${verb(s.notChecked, 'was', 'were')} not checked.` : '';
        return {
          detail:
            `${plural(s.broken.length, 'link')} to other sites ${verb(s.broken.length, 'is', 'are')} broken: ` +
            `${evidence(ctx, s.broken, whyBroken)}.${rest}`,
          urls: pagesOf(s.broken),
        };
      }
      const why = unmeasured(s);
      return why ? { notMeasured: why } : null;
    },
  },
  {
    id: 'links.external-unverified',
    category: 'links',
    severity: 'Notice',
    title: 'Links other sites would not let the audit check',
    description:
      'Some sites (LinkedIn, Zillow, sites behind a bot firewall) refuse automated requests (403, 429, 999 and other ' +
      'error answers than 404 and 410). ' +
      'That is not a fault, but the audit could not confirm those links still work.',
    fix: 'Open these links in a browser once and fix any that no longer lead to the right page.',
    run: (ctx) => {
      const s = sorted(ctx);
      const why = unmeasured(s);
      if (why || !s) return { notMeasured: why ?? NOT_ASKED };
      return (
        s.refused.length > 0 && {
          detail:
            `${plural(s.refused.length, 'link')} to other sites could not be verified (the site refused the audit): ` +
            `${evidence(ctx, s.refused, (l) => `HTTP ${l.status}`)}.`,
          urls: pagesOf(s.refused),
        }
      );
    },
  },
  {
    id: 'links.redirected-external',
    category: 'links',
    severity: 'Notice',
    title: 'Links to other sites through redirects',
    description: 'A link to an address that now redirects often means the page moved; the old address may stop working.',
    fix: 'Replace each link with the address it redirects to.',
    run: (ctx) => {
      const s = sorted(ctx);
      const why = unmeasured(s);
      if (why || !s) return { notMeasured: why ?? NOT_ASKED };
      return (
        s.redirected.length > 0 && {
          detail:
            `${plural(s.redirected.length, 'link')} to other sites ${verb(s.redirected.length, 'redirects', 'redirect')}: ` +
            `${evidence(ctx, s.redirected, (l) => `now ${l.redirectedTo}`)}.`,
          urls: pagesOf(s.redirected),
        }
      );
    },
  },
];
