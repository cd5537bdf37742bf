// GET /robots.txt, /sitemap.xml and /llms.txt: written from the content, with the owner's
// canonical URL (SEO settings) as the site's address when set. Built once per address.
import type { RouteApp } from '../../lib/route-app.ts';
import { seoDefaults } from '@curb/content';
import { llmsTxt, robotsTxt, sitemapXml } from './files.ts';

const CACHE = 'public, max-age=3600';

export default async function seoFileRoutes(app: RouteApp): Promise<void> {
  const built = new Map<string, { robots: string; sitemap: string; llms: string }>();
  const files = async () => {
    const base = ((await app.siteSettings.get('seo')).canonical_url ?? seoDefaults.canonicalUrl).replace(/\/$/, '');
    let set = built.get(base);
    if (!set) {
      set = { robots: robotsTxt(base), sitemap: sitemapXml(base), llms: llmsTxt(base) };
      built.clear(); // the address rarely changes: keep only the current one
      built.set(base, set);
    }
    return set;
  };
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send((await files()).robots),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send((await files()).sitemap),
  );
  app.get('/llms.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send((await files()).llms),
  );
}
