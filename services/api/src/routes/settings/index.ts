// Site-wide settings: a public read of what the site-wide loader applies, and the admin's
// writes (the auth guard refuses anonymous writes before they reach these handlers).
import type { RouteApp } from '../../lib/route-app.ts';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import {
  SettingListSchema,
  SettingsParamsSchema,
  SettingsQuerySchema,
  SettingsUpdateSchema,
  settingProblem,
} from '@curb/contracts/settings';
import { settings } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';
import retentionRoutes from './retention.ts';

export default async function settingsRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const { sql } = opts.stores;
  // Admin-only (under /api/admin): how long tracking events are kept.
  await app.register(retentionRoutes, opts);

  app.get(
    '/api/settings',
    { schema: { querystring: SettingsQuerySchema, response: { 200: SettingListSchema } } },
    async (request, reply) => {
      // Read once per page load; an owner's change must show on the next load.
      reply.header('cache-control', 'no-cache');
      return settings.readCategory(sql, request.query.category);
    },
  );

  app.put(
    '/api/settings/:category',
    {
      schema: {
        params: SettingsParamsSchema,
        body: SettingsUpdateSchema,
        response: { 200: SettingListSchema, '4xx': ErrorResponseSchema },
      },
    },
    async (request) => {
      const { category } = request.params;
      const entries = Object.entries(request.body).map(([key, value]) => [key, value.trim()] as const);
      for (const [key, value] of entries) {
        const problem = settingProblem(category, key, value);
        if (problem) throw new HttpError(400, problem);
      }
      await sql.begin(async (tx) => {
        for (const [key, value] of entries) await settings.save(tx, category, key, value);
      });
      app.siteSettings.changed(category);
      return settings.readCategory(sql, category);
    },
  );
}
