// GET /robots.txt, /sitemap.xml, /llms.txt and the posts' feeds /feed.xml (Atom) and /rss.xml:
// written from the owner's content, with the owner's canonical URL (SEO settings) as the site's
// address when set. Built once per address and content version, so a publish shows at once.
import type { RouteApp } from '../../lib/route-app.ts';
import { seoDefaults } from '@curb/content';
import { OWNER_CONTENT_ROUTES } from '@curb/contracts/owner-content';
import { atomFeed, llmsTxt, robotsTxt, rssFeed, sitemapXml } from './files.ts';

/** Crawlers may keep a copy this long; the feeds and sitemap are re-read sooner by the site. */
const CACHE = 'public, max-age=300';

type FileName = 'robots' | 'sitemap' | 'llms' | 'atom' | 'rss';

export default async function seoFileRoutes(app: RouteApp): Promise<void> {
  let built: { key: string; files: Record<FileName, string> } | undefined;
  const files = async () => {
    const [seo, content] = await Promise.all([app.siteSettings.get('seo'), app.siteContent.get()]);
    const base = (seo.canonical_url ?? seoDefaults.canonicalUrl).replace(/\/$/, '');
    const key = `${base}|${content.version}`;
    if (built?.key !== key) {
      built = {
        key,
        files: {
          robots: robotsTxt(base),
          sitemap: sitemapXml(content, base),
          llms: llmsTxt(content, base),
          atom: atomFeed(content, base),
          rss: rssFeed(content, base),
        },
      };
    }
    return built.files;
  };
  const serve = (path: string, name: FileName, type: string) =>
    app.get(path, async (_request, reply) =>
      reply
        .type(type)
        .header('cache-control', CACHE)
        .send((await files())[name]),
    );
  serve('/robots.txt', 'robots', 'text/plain; charset=utf-8');
  serve('/sitemap.xml', 'sitemap', 'application/xml; charset=utf-8');
  serve('/llms.txt', 'llms', 'text/plain; charset=utf-8');
  serve(OWNER_CONTENT_ROUTES.feedAtom, 'atom', 'application/atom+xml; charset=utf-8');
  serve(OWNER_CONTENT_ROUTES.feedRss, 'rss', 'application/rss+xml; charset=utf-8');
}
