// The site's CSP allows no third-party origin. When the owner configures a tracking tag in
// Settings, the pages (and only the pages) get a policy that also allows that vendor's
// origins, so the site-wide loader can load it. Nothing configured: the policy is unchanged.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { settingKeys, TAG_CSP_SOURCES, type AnalyticsSettingKey } from '@curb/contracts/settings';
import { CONTENT_SECURITY_POLICY } from '@curb/runtime';

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
  async function tagCsp(app: FastifyInstance) {
    const widen = async (reply: FastifyReply) => {
      const settings = await app.siteSettings.get('analytics');
      const configured = settingKeys('analytics').filter((key) => settings[key]);
      if (configured.length) reply.header('content-security-policy', pagePolicy(configured));
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
  { name: 'curb-tag-csp', dependencies: ['curb-site-settings'] },
);
