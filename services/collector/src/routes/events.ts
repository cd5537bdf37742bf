// POST /api/events: validate, flag bots, derive the visitor id, spool durably, answer 202.
// GET /api/events/metrics: the ingest counters, for the owner and the machine itself only.
import { HttpError } from '@curb/runtime';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_EVENT_BODY_BYTES } from '@curb/contracts/events';
import { parseClientJson } from '@curb/contracts/text-hygiene';
import { IngestMetricsSchema, type IngestMetricsResponse } from '@curb/contracts/analytics';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import { classifyUserAgent, isFromTheFuture, lineMaker } from '../lib/event-row.ts';
import type { Ingest } from '../lib/ingest.ts';
import { RefusalTally } from '../lib/metrics.ts';
import { SpoolFullError, spoolFailure } from '../lib/spool.ts';
import { parseBeacon } from '../lib/validate.ts';

export interface MetricsAccess {
  /** Whether the request comes from the signed-in owner (loopback clients need no sign-in). */
  isOwner?: (request: FastifyRequest) => Promise<boolean>;
}

/** The client (as TRUST_PROXY lets the proxies name it) is this machine. */
export function isLoopbackClient(ip: string): boolean {
  return /^127\./.test(ip) || ip === '::1' || /^::ffff:127\./i.test(ip);
}

export default async function eventRoutes(app: FastifyInstance, opts: { ingest: Ingest } & MetricsAccess): Promise<void> {
  const { spool, flusher, salts, metrics, recent } = opts.ingest;

  // sendBeacon posts text/plain to avoid a CORS preflight; the body is still JSON, parsed and
  // cleaned of what ClickHouse cannot store as every client body is (a lone surrogate in a
  // path becomes U+FFFD and the page view still counts).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['text/plain', 'application/json'],
    { parseAs: 'string', bodyLimit: MAX_EVENT_BODY_BYTES },
    (_req, body, done) => {
      const parsed = parseClientJson(body as string);
      if (parsed.ok) done(null, parsed.value);
      else done(new HttpError(400, parsed.message), undefined);
    },
  );

  const refusals = new RefusalTally(app.log);
  app.addHook('onClose', async () => refusals.close());

  const unavailable = (reply: FastifyReply, message: string) =>
    // While ClickHouse is failing the spool drains slowly: ask for a longer pause.
    reply
      .code(503)
      .header('retry-after', flusher.failing ? '10' : '1')
      .send({ message });

  app.post(
    '/api/events',
    {
      bodyLimit: MAX_EVENT_BODY_BYTES,
      onResponse: (_request, reply, done) => {
        if (reply.statusCode >= 400) {
          metrics.rejected += 1;
          if (reply.statusCode === 503) metrics.throttled += 1;
        }
        done();
      },
    },
    async (request, reply) => {
      const parsed = parseBeacon(request.body);
      if (!parsed.ok) throw new HttpError(400, parsed.message);
      const receivedAt = Date.now();
      if (parsed.events.some((e) => isFromTheFuture(e, receivedAt))) {
        throw new HttpError(400, 'Invalid request: ts is more than a day ahead of the server clock.');
      }
      const userAgent = request.headers['user-agent'] ?? '';
      const ua = classifyUserAgent(userAgent);
      const toLine = lineMaker({ ip: request.ip, userAgent, receivedAt, dailySalt: salts.saltFor(receivedAt) }, ua);
      let lines = '';
      const ids = new Set<string>();
      let stored = 0;
      for (const event of parsed.events) {
        // The same event sent again is acknowledged, not stored twice.
        if (event.eventId && (recent.has(event.eventId) || ids.has(event.eventId))) continue;
        if (event.eventId) ids.add(event.eventId);
        lines += toLine(event);
        stored++;
      }
      try {
        if (stored) await spool.append(lines, stored);
      } catch (err) {
        if (err instanceof SpoolFullError) return unavailable(reply, 'Too many events are waiting to be stored. Please retry later.');
        // Counted, logged once a minute: on a full disk every beacon lands here.
        metrics.unwritable += 1;
        refusals.note(spoolFailure(err), err);
        return unavailable(reply, 'Events cannot be stored right now. Please retry later.');
      }
      for (const id of ids) recent.add(id);
      metrics.accepted += stored;
      metrics.duplicates += parsed.events.length - stored;
      if (ua.isBot) metrics.bots += stored;
      return reply.code(202).send({ accepted: parsed.events.length });
    },
  );

  // Traffic volumes and the flush state are not the public's: anyone else gets the answer of a
  // path that does not exist.
  app.get(
    '/api/events/metrics',
    { schema: { response: { 200: IngestMetricsSchema, 404: ErrorResponseSchema } } },
    async (request, reply) => {
      if (!isLoopbackClient(request.ip) && !(await opts.isOwner?.(request))) {
        throw new HttpError(404, `Not found: GET ${request.url.split('?')[0]}`);
      }
      const body: IngestMetricsResponse = {
        ...metrics,
        spooled: spool.rows,
        spoolBytes: spool.bytes,
        spoolMaxBytes: spool.maxBytes,
        segments: spool.segments,
      };
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
}
