// The owner's event retention: stored with the other settings, applied to ClickHouse at once
// (the collector also applies the stored value at start and hourly, which covers a failure here).
import type { RouteApp } from '../../lib/route-app.ts';
import { applyEventRetention, retentionDays } from '@curb/analytics/retention';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import {
  EventRetentionSavedSchema,
  EventRetentionSchema,
  RETENTION_SETTING,
  retentionProblem,
  type EventRetention,
  type EventRetentionSaved,
} from '@curb/contracts/retention';
import { settings } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';

const PATH = '/api/admin/settings/retention';

export default async function retentionRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const { sql, ch } = opts.stores;
  const { category, key } = RETENTION_SETTING;

  app.get(PATH, { schema: { response: { 200: EventRetentionSchema } } }, async (): Promise<EventRetention> => {
    return { eventsDays: retentionDays(await settings.find(sql, category, key)) };
  });

  app.put(
    PATH,
    { schema: { body: EventRetentionSchema, response: { 200: EventRetentionSavedSchema, '4xx': ErrorResponseSchema } } },
    async (request): Promise<EventRetentionSaved> => {
      const days = request.body.eventsDays;
      const problem = retentionProblem(days);
      if (problem) throw new HttpError(400, problem);
      await settings.save(sql, category, key, String(days));
      try {
        await applyEventRetention(ch, days);
        return { eventsDays: days, applied: true };
      } catch (err) {
        // Saved but not in force: the owner is told, not shown a success that did not happen.
        request.log.warn({ err }, 'event retention saved; the event store refused it');
        return {
          eventsDays: days,
          applied: false,
          message: `The event store did not take the new retention yet (${(err as Error).message}). It is saved and retried every hour.`,
        };
      }
    },
  );
}
