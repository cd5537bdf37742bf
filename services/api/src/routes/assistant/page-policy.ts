// The chat pages need two things the site-wide CSP refuses, and only they get them:
// 'wasm-unsafe-eval' (compiling the voice-detection WebAssembly, not eval) and, when the
// avatar creator is configured, a frame from its origin on /metaperson-chat. Pages are
// answered by the shared page fallback, so the additions wrap it; they apply on top of
// whatever policy the page carries, whichever plugin sets it and in whatever order.
import type { RouteApp } from '../../lib/route-app.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { METAPERSON_ORIGIN } from '@curb/contracts/assistant';
const CSP = 'content-security-policy';

/** Adds sources to directives of a serialised policy ("a b;c d"), keeping everything else. */
export function widenPolicy(policy: string, additions: Record<string, readonly string[]>): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => d.split(/\s+/));
  for (const [name, sources] of Object.entries(additions)) {
    let directive = directives.find(([n]) => n === name);
    if (!directive) directives.push((directive = [name, "'self'"]));
    for (const source of sources) if (!directive.includes(source)) directive.push(source);
  }
  return directives.map((d) => d.join(' ')).join(';');
}

export function pageAdditions(path: string, metaperson: boolean): Record<string, string[]> | null {
  const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (page === '/chat') return { 'script-src': ["'wasm-unsafe-eval'"] };
  if (page === '/metaperson-chat')
    return { 'script-src': ["'wasm-unsafe-eval'"], ...(metaperson ? { 'frame-src': [METAPERSON_ORIGIN] } : {}) };
  return null;
}

/** Widens the reply's policy now and whenever it is set again before the reply is sent. */
function widenReply(reply: FastifyReply, additions: Record<string, readonly string[]>): void {
  const current = reply.getHeader(CSP);
  if (typeof current === 'string') reply.header(CSP, widenPolicy(current, additions));
  const setHeader = reply.header.bind(reply);
  reply.header = ((name: string, value: unknown) =>
    setHeader(
      name,
      name.toLowerCase() === CSP && typeof value === 'string' ? widenPolicy(value, additions) : value,
    )) as FastifyReply['header'];
}

export default async function assistantPagePolicy(app: RouteApp, opts: { metaperson: boolean }): Promise<void> {
  app.addHook('onReady', async () => {
    const render = app.pageFallback.render;
    if (!render) return;
    app.pageFallback.render = (request: FastifyRequest, reply: FastifyReply) => {
      const additions = pageAdditions(request.url.split('?')[0] ?? '/', opts.metaperson);
      if (additions) widenReply(reply, additions);
      return render(request, reply);
    };
  });
}
