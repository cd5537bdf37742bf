// Site-wide settings: a public read of what the site-wide loader applies, and the admin's read
// and writes (the auth guard refuses anonymous writes before they reach these handlers). Each
// category is at a version: a save made on an older one is refused, never silently undoing another.
import type { RouteApp } from '../../lib/route-app.ts';
import { FieldErrorResponseSchema } from '@curb/contracts/errors';
import {
  SETTING_CATEGORY_SUBJECTS,
  SettingListSchema,
  SettingsParamsSchema,
  SettingsQuerySchema,
  SettingsSaveSchema,
  SettingsSectionSchema,
  settingProblem,
  type SettingCategory,
  type SettingsSection,
} from '@curb/contracts/settings';
import { editVersions, settings } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';
import { claimVersion, whoIs } from '../../lib/edit-version.ts';
import retentionRoutes from './retention.ts';

/** The category's name among the versioned sections of the admin. */
const sectionOf = (category: SettingCategory) => `settings:${category}`;

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

  /** A category as the admin edits it: its values and the version they are at. */
  const section = async (category: SettingCategory): Promise<SettingsSection> => {
    const [values, stamp] = await Promise.all([settings.readCategory(sql, category), editVersions.current(sql, sectionOf(category))]);
    return { values, version: stamp.version, changedBy: stamp.changedBy, changedAt: stamp.changedAt?.toISOString() ?? null };
  };

  app.get(
    '/api/admin/settings/:category',
    { schema: { params: SettingsParamsSchema, response: { 200: SettingsSectionSchema } } },
    async (request) => section(request.params.category),
  );

  app.put(
    '/api/settings/:category',
    {
      schema: {
        params: SettingsParamsSchema,
        body: SettingsSaveSchema,
        response: { 200: SettingsSectionSchema, '4xx': FieldErrorResponseSchema },
      },
    },
    async (request) => {
      const { category } = request.params;
      const { values, baseVersion } = request.body;
      const entries = Object.entries(values).map(([key, value]) => [key, value.trim()] as const);
      for (const [key, value] of entries) {
        const problem = settingProblem(category, key, value);
        // Named by its key, as the admin's settings form names its fields.
        if (problem) throw new HttpError(400, problem, { field: key });
      }
      const changedBy = await whoIs(sql, request);
      await sql.begin(async (tx) => {
        // A save made on an older version is refused before anything is written.
        await claimVersion(tx, sectionOf(category), baseVersion, changedBy, SETTING_CATEGORY_SUBJECTS[category]);
        for (const [key, value] of entries) await settings.save(tx, category, key, value);
      });
      app.siteSettings.changed(category);
      return section(category);
    },
  );
}
