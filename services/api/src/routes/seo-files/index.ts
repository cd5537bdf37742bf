// GET /robots.txt, /sitemap.xml and /llms.txt: generated once from the content at start.
import type { FastifyInstance } from 'fastify';
import { llmsTxt, robotsTxt, sitemapXml } from './files.ts';

const CACHE = 'public, max-age=3600';

export default async function seoFileRoutes(app: FastifyInstance): Promise<void> {
  const robots = robotsTxt();
  const sitemap = sitemapXml();
  const llms = llmsTxt();
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robots));
  app.get('/sitemap.xml', async (_request, reply) => reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(sitemap));
  app.get('/llms.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(llms));
}
