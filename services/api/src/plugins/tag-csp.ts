// The site's CSP allows no third-party origin. When the owner configures a tracking tag in
// Settings, the pages (and only the pages) get a policy that also allows that vendor's
// origins, so the site-wide loader can load it. Nothing configured: the policy is unchanged.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { settingKeys, TAG_CSP_SOURCES, type AnalyticsSettingKey } from '@curb/contracts/settings';
import { CONTENT_SECURITY_POLICY, type Stores } from '@curb/runtime';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the page policy that the analytics settings changed. */
    tagPolicyChanged?: () => void;
  }
}

/** Settings change rarely; every api process picks a change up within this time. */
const CACHE_MS = 10_000;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The page policy for these configured keys, serialised as helmet does. */
export function pagePolicy(configured: readonly AnalyticsSettingKey[]): string {
  const directives: Record<string, string[]> = Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]]));
  for (const key of configured) {
    for (const [directive, sources] of Object.entries(TAG_CSP_SOURCES[key])) {
      const list = (directives[directive] ??= ["'self'"]);
      for (const source of sources) if (!list.includes(source)) list.push(source);
    }
  }
  return Object.entries(directives)
    .map(([k, v]) => `${kebab(k)} ${v.join(' ')}`)
    .join(';');
}

export default fp(
  async function tagCsp(app: FastifyInstance, opts: { stores: Stores; cacheMs?: number }) {
    const cacheMs = opts.cacheMs ?? CACHE_MS;
    const keys = settingKeys('analytics');
    let cached: { at: number; policy: string | null } | undefined;
    const policy = async (): Promise<string | null> => {
      if (cached && Date.now() - cached.at < cacheMs) return cached.policy;
      const rows = await opts.stores.sql<{ key: AnalyticsSettingKey }[]>`
        SELECT key FROM settings WHERE category = 'analytics' AND key = ANY(${keys}) AND value <> ''`;
      cached = { at: Date.now(), policy: rows.length ? pagePolicy(rows.map((r) => r.key)) : null };
      return cached.policy;
    };
    // A change made through this process applies at once; other processes follow within the cache time.
    app.decorate('tagPolicyChanged', () => {
      cached = undefined;
    });
    const widen = async (reply: FastifyReply) => {
      const p = await policy().catch(() => null); // a database hiccup keeps the strict policy
      if (p) reply.header('content-security-policy', p);
    };

    // Pages rendered by a route of the api…
    app.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) await widen(reply);
      return payload;
    });
    // …and by the page fallback, which answers from the root server.
    app.addHook('onReady', async () => {
      const render = app.pageFallback.render;
      if (!render) return;
      app.pageFallback.render = async (request: FastifyRequest, reply: FastifyReply) => {
        await widen(reply);
        return render(request, reply);
      };
    });
  },
  { name: 'curb-tag-csp' },
);
