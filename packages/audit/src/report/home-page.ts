// The free audit's reading of a crawl: the home page alone, with the link statuses, redirects
// and sitemap answers the free audit itself would have collected. The advanced audit scores it
// as the report does, so one site's two audits show the same SEO and overall figures for the
// page both read ("one measurement per site").
import { runChecks } from '../checks/registry.ts';
import type { CheckContext } from '../checks/types.ts';
import { DEFAULT_LINK_CHECK_LIMIT, stripQuery, type LinkStatus } from '../snapshot.ts';
import { computeScores } from './scores.ts';

/** `ctx` as the one-page free audit would have seen it (itself when it is one already). */
export function homePageContext(ctx: CheckContext): CheckContext {
  const { site, home } = ctx;
  if (ctx.pages.length === 1 && site.sitemapStatuses.length === 0) return ctx;
  const homeKeys = new Set([stripQuery(site.home.url), stripQuery(site.home.requestedUrl)]);
  const fromHome = new Map<string, LinkStatus>();
  for (const link of site.links) if (link.from === site.home.url) fromHome.set(stripQuery(link.url), link);
  // The free audit knows the home page's own status and asks up to 15 other links, in the
  // order the page lists them.
  const links: LinkStatus[] = [];
  let asked = 0;
  for (const link of home.links) {
    if (!link.internal || !link.url) continue;
    const key = stripQuery(link.url);
    const status = fromHome.get(key);
    if (!status || links.includes(status)) continue;
    if (homeKeys.has(key)) links.push(status);
    else if (asked < DEFAULT_LINK_CHECK_LIMIT) {
      links.push(status);
      asked++;
    }
  }
  const kept = new Set(links.map((l) => stripQuery(l.url)));
  return {
    ...ctx,
    site: {
      ...site,
      pages: [site.home],
      discoveredUrls: 0,
      links,
      redirects: site.redirects.filter((r) => r.from === site.home.url && kept.has(stripQuery(r.url))),
      sitemapStatuses: [],
    },
    pages: [home],
  };
}

/** The free report's SEO and overall scores of the crawl's home page. */
export function homePageScores(ctx: CheckContext): { seo: number; overall: number } {
  const view = homePageContext(ctx);
  const scores = computeScores(view, runChecks(view));
  return { seo: scores.seo.score, overall: scores.overall };
}
