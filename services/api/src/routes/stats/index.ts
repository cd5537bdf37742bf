// POST /api/stats: the traffic query in the shape of Plausible's Stats API v2, read-only; and
// GET /api/stats/realtime/visitors, the visitors of the last five minutes (Plausible's v1 shape). The
// owner's session or one of the owner's API tokens may call it (the auth plugin decides); the
// admin's Traffic page reads through it too.
import type { RouteApp } from '../../lib/route-app.ts';
import { StatsQuerySchema } from '@curb/contracts/stats';
import { currentVisitors, runStats, StatsQueryError } from '@curb/analytics/stats/index';
import { HttpError, type Stores } from '@curb/runtime';
import { statsContextSource } from './context.ts';

export default async function statsRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const context = statsContextSource(app, opts.stores);
  app.post('/api/stats', { schema: { body: StatsQuerySchema } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      return await runStats(opts.stores.ch, request.body, await context());
    } catch (err) {
      if (err instanceof StatsQueryError) throw new HttpError(400, err.message, err.field ? { field: err.field } : {});
      throw err;
    }
  });
  // The number of visitors on the site now, as Plausible's realtime endpoint answers it (a bare number).
  app.get('/api/stats/realtime/visitors', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return currentVisitors(opts.stores.ch);
  });
}
