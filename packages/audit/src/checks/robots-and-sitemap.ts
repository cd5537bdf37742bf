// What robots.txt and the XML sitemap tell search engines: present, valid, not blocking the
// site, naming each other, listing the site's own pages over https, within the size limit.
import robotsParser from 'robots-parser';
import { listSome, plural, type Check, type CheckContext, verb } from './types.ts';

const robotsOf = (ctx: CheckContext) => (ctx.site.robots.body !== null ? robotsParser(ctx.site.robots.url, ctx.site.robots.body) : null);

/** Directives robots.txt may hold (Lighthouse's list plus the common extensions). */
const ROBOTS_DIRECTIVES = new Set([
  'user-agent',
  'disallow',
  'allow',
  'sitemap',
  'crawl-delay',
  'clean-param',
  'host',
  'request-rate',
  'visit-time',
  'noindex',
  'content-signal',
]);

const sitemapXml = (ctx: CheckContext) => (ctx.site.sitemap.status === 200 && ctx.site.sitemap.body ? ctx.site.sitemap.body : null);

export const robotsAndSitemapChecks: Check[] = [
  {
    id: 'crawl.robots-missing',
    category: 'crawlability',
    severity: 'Warning',
    title: 'No robots.txt file',
    description: 'robots.txt tells search engines what to crawl and where the sitemap is. Without it crawlers guess.',
    fix: 'Publish /robots.txt allowing the site and naming the sitemap (Sitemap: https://yoursite/sitemap.xml).',
    run: (ctx) =>
      (ctx.site.robots.status === null || (ctx.site.robots.status >= 400 && ctx.site.robots.status < 500)) &&
      `/robots.txt ${ctx.site.robots.status ? `answers HTTP ${ctx.site.robots.status}` : 'could not be fetched'}.`,
  },
  {
    id: 'crawl.robots-error',
    category: 'crawlability',
    severity: 'Critical',
    title: 'robots.txt returns a server error',
    description: 'When robots.txt fails with a 5xx status, Google stops crawling the whole site until it recovers.',
    fix: 'Make /robots.txt answer with 200 (or 404 if you do not want one).',
    run: (ctx) => ctx.site.robots.status !== null && ctx.site.robots.status >= 500 && `/robots.txt answers HTTP ${ctx.site.robots.status}.`,
  },
  {
    id: 'crawl.robots-blocks-site',
    category: 'crawlability',
    severity: 'Critical',
    title: 'robots.txt blocks the whole site',
    description: 'A "Disallow: /" for all crawlers keeps the site out of search results.',
    fix: 'Remove "Disallow: /" from the "User-agent: *" group (keep it only on staging sites).',
    run: (ctx) => {
      const robots = robotsOf(ctx);
      return (
        robots?.isDisallowed(`${new URL(ctx.home.url).origin}/`, 'AnyCrawler') === true && 'robots.txt disallows "/" for every crawler.'
      );
    },
  },
  {
    id: 'crawl.robots-blocks-home',
    category: 'crawlability',
    severity: 'Critical',
    title: 'Home page blocked for Googlebot',
    description: 'Google will not crawl a page robots.txt disallows for Googlebot, so it cannot rank.',
    fix: 'Allow the home page for Googlebot in robots.txt.',
    run: (ctx) =>
      robotsOf(ctx)?.isDisallowed(ctx.home.url, 'Googlebot') === true &&
      `robots.txt line ${robotsOf(ctx)!.getMatchingLineNumber(ctx.home.url, 'Googlebot')} blocks the home page for Googlebot.`,
  },
  {
    id: 'crawl.robots-invalid',
    category: 'crawlability',
    severity: 'Warning',
    title: 'robots.txt has invalid lines',
    description: 'Crawlers ignore lines they cannot parse, so the rules you meant may not apply.',
    fix: 'Use only "directive: value" lines (User-agent, Allow, Disallow, Sitemap) and put rules under a User-agent line.',
    run: (ctx) => {
      const body = ctx.site.robots.body;
      if (!body) return null;
      if (/<html|<!doctype/i.test(body.slice(0, 500))) return 'robots.txt is an HTML page, not a robots file.';
      const bad: number[] = [];
      let seenAgent = false;
      body.split(/\r?\n/).forEach((raw, i) => {
        const line = raw.replace(/#.*$/, '').trim();
        if (!line) return;
        const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
        const name = m?.[1]?.toLowerCase();
        if (!m || !ROBOTS_DIRECTIVES.has(name!)) {
          bad.push(i + 1);
          return;
        }
        if (name === 'user-agent') seenAgent = true;
        else if ((name === 'allow' || name === 'disallow') && !seenAgent) bad.push(i + 1);
        else if (name === 'sitemap' && !/^https?:\/\//i.test(m[2]!.trim())) bad.push(i + 1);
      });
      return bad.length > 0 && `${plural(bad.length, 'line')} cannot be parsed (line ${listSome(bad.map(String))}).`;
    },
  },
  {
    id: 'crawl.robots-no-sitemap',
    category: 'crawlability',
    severity: 'Notice',
    title: 'robots.txt does not name the sitemap',
    description: 'A Sitemap line in robots.txt lets every crawler find your sitemap without being told.',
    fix: 'Add "Sitemap: https://yoursite/sitemap.xml" to robots.txt.',
    run: (ctx) => ctx.site.robots.body !== null && ctx.site.sitemap.source === 'default' && 'robots.txt has no Sitemap line.',
  },
  {
    id: 'crawl.sitemap-missing',
    category: 'crawlability',
    severity: 'Warning',
    free: true,
    title: 'No XML sitemap',
    description: 'A sitemap lists the pages you want indexed, helping new listings and posts get found quickly.',
    fix: 'Publish an XML sitemap (most site builders and SEO plugins generate one) and name it in robots.txt.',
    run: (ctx) => {
      const sm = ctx.site.sitemap;
      // A sitemap that did not answer in time may well exist: not learned is not missing.
      if (sm.timedOut) return { notMeasured: 'The site did not send its sitemap within the time allowed.' };
      return sm.status !== 200 && `${new URL(sm.url).pathname} ${sm.status ? `answers HTTP ${sm.status}` : 'could not be fetched'}.`;
    },
  },
  {
    id: 'crawl.sitemap-invalid',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Sitemap is not valid XML',
    description: 'Search engines ignore a sitemap that is not a <urlset> or <sitemapindex> document.',
    fix: 'Serve the sitemap as XML following sitemaps.org (a <urlset> of <url><loc> entries).',
    run: (ctx) => {
      const xml = sitemapXml(ctx);
      return (
        xml !== null && !/<(?:\w+:)?(?:urlset|sitemapindex)[\s>]/i.test(xml) && 'The sitemap has no <urlset> or <sitemapindex> element.'
      );
    },
  },
  {
    id: 'crawl.sitemap-empty',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Sitemap lists no pages',
    description: 'An empty sitemap gives search engines nothing to discover.',
    fix: 'Regenerate the sitemap so it lists your public pages.',
    run: (ctx) => {
      const xml = sitemapXml(ctx);
      return (
        xml !== null &&
        /<(?:\w+:)?(?:urlset|sitemapindex)[\s>]/i.test(xml) &&
        ctx.site.sitemap.urls.length === 0 &&
        'The sitemap contains no <loc> entries.'
      );
    },
  },
  {
    id: 'crawl.sitemap-foreign-urls',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Sitemap lists another domain',
    description: "Search engines ignore sitemap entries for hosts other than the sitemap's own.",
    fix: 'List only URLs of this site (same host and protocol) in its sitemap.',
    run: (ctx) => {
      const host = new URL(ctx.site.sitemap.url).hostname.replace(/^www\./, '');
      const foreign = ctx.site.sitemap.urls.filter((u) => {
        try {
          return new URL(u).hostname.replace(/^www\./, '') !== host;
        } catch {
          return true;
        }
      });
      return (
        foreign.length > 0 && {
          detail:
            `${plural(foreign.length, 'entry', 'entries')} ` +
            `${verb(foreign.length, 'points', 'point')} to another host, e.g. ${foreign[0]}.`,
          urls: foreign.slice(0, 5),
        }
      );
    },
  },
  {
    id: 'crawl.sitemap-http-urls',
    category: 'crawlability',
    severity: 'Notice',
    title: 'Sitemap lists http:// addresses',
    description: 'On an https site, http:// entries point crawlers at redirects instead of the real pages.',
    fix: 'List the https:// address of every page in the sitemap.',
    run: (ctx) => {
      if (!ctx.home.url.startsWith('https:')) return null;
      const http = ctx.site.sitemap.urls.filter((u) => u.startsWith('http:'));
      return http.length > 0 && `${plural(http.length, 'entry', 'entries')} ${verb(http.length, 'uses', 'use')} http://.`;
    },
  },
  {
    id: 'crawl.sitemap-too-large',
    category: 'crawlability',
    severity: 'Warning',
    title: 'Sitemap exceeds 50,000 URLs',
    description: 'A single sitemap may hold at most 50,000 URLs; search engines ignore the rest.',
    fix: 'Split the sitemap into several files listed in a sitemap index.',
    run: (ctx) => ctx.site.sitemap.urls.length >= 50_000 && 'The sitemap holds 50,000 URLs or more.',
  },
];
