// Serves the built web app: hashed assets cached for a year, pages as index.html, and a
// real 404 status for paths the app does not know (the app then shows its 404 page).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPagePath } from '@curb/contracts/routes';

export const DEFAULT_WEB_DIST = join(import.meta.dirname, '..', '..', '..', '..', 'web', 'dist');

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Curb Appeal</title>
<body><h1>The web app is not built yet</h1><p>Run <code>pnpm build</code>, or start with <code>pnpm start</code>, which builds it.</p></body></html>`;

export default async function webApp(app: FastifyInstance, opts: { dist?: string }): Promise<void> {
  const dist = opts.dist ?? DEFAULT_WEB_DIST;
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ dist }, 'web app not built: pages answer with a notice');
    app.pageFallback.render = (_request: FastifyRequest, reply: FastifyReply) => reply.code(503).type('text/html').send(NOT_BUILT_PAGE);
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false, // one route per built file; everything else falls through to the pages
    index: false,
    setHeaders(res, path) {
      res.header('cache-control', path.includes(`${join(dist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  app.pageFallback.render = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    return reply
      .code(isPagePath(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  };
}
