// The owner's event retention: stored with the other settings, applied to ClickHouse at once
// (the collector also applies the stored value at start and hourly, which covers a failure here).
import type { FastifyInstance } from 'fastify';
import { applyEventRetention, retentionDays } from '@curb/analytics/retention';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import { EventRetentionSchema, RETENTION_SETTING, retentionProblem, type EventRetention } from '@curb/contracts/retention';
import type { Stores } from '@curb/runtime';

const PATH = '/api/admin/settings/retention';

export default async function retentionRoutes(app: FastifyInstance, opts: { stores: Stores }): Promise<void> {
  const { sql, ch } = opts.stores;
  const { category, key } = RETENTION_SETTING;

  app.get(PATH, { schema: { response: { 200: EventRetentionSchema } } }, async (): Promise<EventRetention> => {
    const [row] = await sql<{ value: string }[]>`SELECT value FROM settings WHERE category = ${category} AND key = ${key}`;
    return { eventsDays: retentionDays(row?.value) };
  });

  app.put<{ Body: EventRetention }>(
    PATH,
    { schema: { body: EventRetentionSchema, response: { 200: EventRetentionSchema, '4xx': ErrorResponseSchema } } },
    async (request, reply) => {
      const days = request.body.eventsDays;
      const problem = retentionProblem(days);
      if (problem) return reply.code(400).send({ message: problem });
      await sql`
        INSERT INTO settings (category, key, value) VALUES (${category}, ${key}, ${String(days)})
        ON CONFLICT (category, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`;
      try {
        await applyEventRetention(ch, days);
      } catch (err) {
        request.log.warn({ err }, 'event retention saved; the collector will apply it');
      }
      return { eventsDays: days };
    },
  );
}
