import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import { EventBatchSchema, MAX_EVENT_BODY_BYTES, type EventBatch } from '@curb/contracts/events';
import type { Stores } from '@curb/runtime';
import { toEventRow } from '../lib/event-row.ts';

// A per-process secret mixed into the day: ids rotate daily and cannot be recomputed
// from an IP address alone.
const SALT_SECRET = randomBytes(32).toString('hex');
const dailySalt = (now: number) => `${SALT_SECRET}:${new Date(now).toISOString().slice(0, 10)}`;

export default async function eventRoutes(app: FastifyInstance, opts: { stores: Stores }): Promise<void> {
  // sendBeacon posts text/plain to avoid a CORS preflight; the body is still JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: MAX_EVENT_BODY_BYTES }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The body must be JSON.'), { statusCode: 400 }), undefined);
    }
  });

  app.post<{ Body: EventBatch }>(
    '/api/events',
    { bodyLimit: MAX_EVENT_BODY_BYTES, schema: { body: EventBatchSchema } },
    async (request, reply) => {
      const events = 'events' in request.body ? request.body.events : [request.body];
      const userAgent = request.headers['user-agent'] ?? '';
      const receivedAt = Date.now();
      const facts = { ip: request.ip, userAgent, isBot: !userAgent || isbot(userAgent), receivedAt, dailySalt: dailySalt(receivedAt) };
      const rows = events.map((e) => toEventRow(e, facts));
      const token = createHash('sha256').update(rows.map((r) => r.event_id).join(',')).digest('hex');
      await opts.stores.ch.insert('events', rows, { deduplicationToken: token });
      return reply.code(202).send({ accepted: rows.length });
    },
  );
}
