// GET /api/admin/self-check: the production self-check for the System Overview, the same items
// the start prints (runtime/self-check.ts).
import { SelfCheckSchema, type SelfCheck } from '@curb/contracts/self-check';
import type { Config } from '@curb/contracts/config';
import type { Stores } from '@curb/runtime';
import { selfCheck } from '@curb/runtime/self-check';
import type { RouteApp } from '../../lib/route-app.ts';

export default async function adminSelfCheckRoutes(app: RouteApp, opts: { config: Config; stores: Stores }): Promise<void> {
  app.get('/api/admin/self-check', { schema: { response: { 200: SelfCheckSchema } } }, async (_request, reply): Promise<SelfCheck> => {
    reply.header('cache-control', 'no-store');
    return { items: await selfCheck(opts.config, opts.stores.sql) };
  });
}
