// The owner's event retention: stored with the other settings, applied to ClickHouse at once
// (the collector also applies the stored value at start and hourly, which covers a failure here).
import type { RouteApp } from '../../lib/route-app.ts';
import { applyEventRetention, retentionDays } from '@curb/analytics/retention';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import {
  EventRetentionSaveSchema,
  EventRetentionSavedSchema,
  EventRetentionSchema,
  RETENTION_SETTING,
  retentionProblem,
  type EventRetention,
  type EventRetentionSaved,
} from '@curb/contracts/retention';
import { editVersions, settings } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';
import { claimVersion, whoIs } from '../../lib/edit-version.ts';

const PATH = '/api/admin/settings/retention';
/** The retention's name among the versioned sections of the admin. */
const SECTION = 'settings:retention';

export default async function retentionRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const { sql, ch } = opts.stores;
  const { category, key } = RETENTION_SETTING;

  app.get(PATH, { schema: { response: { 200: EventRetentionSchema } } }, async (): Promise<EventRetention> => {
    const [stored, stamp] = await Promise.all([settings.find(sql, category, key), editVersions.current(sql, SECTION)]);
    return { eventsDays: retentionDays(stored), ...stamp, changedAt: stamp.changedAt?.toISOString() ?? null };
  });

  app.put(
    PATH,
    { schema: { body: EventRetentionSaveSchema, response: { 200: EventRetentionSavedSchema, '4xx': ErrorResponseSchema } } },
    async (request): Promise<EventRetentionSaved> => {
      const { eventsDays: days, baseVersion } = request.body;
      const problem = retentionProblem(days);
      if (problem) throw new HttpError(400, problem);
      const changedBy = await whoIs(sql, request);
      const version = await sql.begin(async (tx) => {
        const claimed = await claimVersion(tx, SECTION, baseVersion, changedBy, 'The event retention was');
        await settings.save(tx, category, key, String(days));
        return claimed;
      });
      try {
        await applyEventRetention(ch, days);
        return { eventsDays: days, version, applied: true };
      } catch (err) {
        // Saved but not in force: the owner is told, not shown a success that did not happen.
        request.log.warn({ err }, 'event retention saved; the event store refused it');
        return {
          eventsDays: days,
          version,
          applied: false,
          message: `The event store did not take the new retention yet (${(err as Error).message}). It is saved and retried every hour.`,
        };
      }
    },
  );
}
