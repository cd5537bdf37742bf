// GET /api/site/config: the owner's funnels and A/B tests as the public site applies them
// (landing page texts, popup, tracked events, test splits). Pages carry the same copy from the
// page server; the browser reads this when it wants a fresher one during a visit.
import type { RouteApp } from '../../lib/route-app.ts';
import { PublicSiteConfigSchema } from '@curb/contracts/funnel-config';

export default async function siteConfigRoutes(app: RouteApp): Promise<void> {
  app.get('/api/site/config', { schema: { response: { 200: PublicSiteConfigSchema } } }, async (_request, reply) => {
    // Cached in the process for a few seconds; the browser asks again on its own schedule.
    reply.header('cache-control', 'no-cache');
    return app.siteConfig.get();
  });
}
