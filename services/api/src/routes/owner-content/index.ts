// The owner's profile, content lists, posts and images: the public reads and the admin's
// writes (admin-only by their /api/admin/ path).
import type { RouteApp } from '../../lib/route-app.ts';
import type { Stores } from '@curb/runtime';
import adminContentRoutes from './admin.ts';
import mediaRoutes from './media.ts';
import publicContentRoutes from './public.ts';

export default async function ownerContentRoutes(app: RouteApp, opts: { stores: Stores; dataDir: string }): Promise<void> {
  await app.register(publicContentRoutes, { dataDir: opts.dataDir });
  await app.register(adminContentRoutes, { stores: opts.stores });
  await app.register(mediaRoutes, opts);
}
