// The report page draws its PDF export in the browser with react-pdf, whose layout engine
// (yoga) is WebAssembly embedded as a data: URL: compiling it needs 'wasm-unsafe-eval' (not
// eval) and reading it a data: connect source (nothing leaves the page). Only the report
// pages get them. Pages are answered by the shared page fallback, so this wraps it.
import type { RouteApp } from '../../lib/route-app.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { widenPolicy } from '../assistant/page-policy.ts';

const CSP = 'content-security-policy';
const ADDITIONS = { 'script-src': ["'wasm-unsafe-eval'"], 'connect-src': ['data:'] };

export const NOINDEX = 'noindex, nofollow';

export const isReportPage = (path: string) => /^\/audit-report\/[^/]+\/?$/.test(path);

export default async function reportPagePolicy(app: RouteApp): Promise<void> {
  app.addHook('onReady', async () => {
    const render = app.pageFallback.render;
    if (!render) return;
    app.pageFallback.render = (request: FastifyRequest, reply: FastifyReply) => {
      if (isReportPage(request.url.split('?')[0] ?? '/')) {
        // A report holds a lead's name, site and scores: never in a search index.
        reply.header('x-robots-tag', NOINDEX);
        const current = reply.getHeader(CSP);
        if (typeof current === 'string') reply.header(CSP, widenPolicy(current, ADDITIONS));
        const setHeader = reply.header.bind(reply);
        reply.header = ((name: string, value: unknown) =>
          setHeader(
            name,
            name.toLowerCase() === CSP && typeof value === 'string' ? widenPolicy(value, ADDITIONS) : value,
          )) as FastifyReply['header'];
      }
      return render(request, reply);
    };
  });
}
