// The Fastify instance every service runs in, alone or composed by the launcher:
// one error handler, JSON 404 for unknown API paths, security headers, rate limiting.
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '@curb/contracts/config';
import { requestProblem, requestValue, type RequestPart } from '@curb/contracts/request-check';
import { cleanClientJson, parseClientJson } from '@curb/contracts/text-hygiene';
import type { TSchema } from '@sinclair/typebox';
import { StartupError } from './config.ts';
import { limitConnections, serverTimeouts } from './connection-limits.ts';
import type { HealthChecks } from './health.ts';
import { HttpError } from './http-error.ts';
import { STORE_UNAVAILABLE_MESSAGE, storeUnavailable } from './store-errors.ts';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React sets style attributes; prerendered pages carry a few inline styles too.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'"],
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Which peers may tell us the client's address (X-Forwarded-For): none by default, so no
 * client can pick its own address and slip past per-address limits; a number of proxy hops
 * in front of us; or the proxies' addresses and CIDRs. The client address is then the
 * rightmost hop that is not a trusted proxy.
 */
export function trustProxyOption(value: string): false | ((address: string, hop: number) => boolean) | string[] {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    // Fastify refuses a bare hop count (a client reaching the service directly could add
    // hops of its own), so it is a rule here: the operator who gives a count vouches that
    // only the proxies reach the service; a list of their addresses is the safer choice.
    const hops = Number(value);
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!PROXY_RANGE_NAMES.has(entry) && (family === 0 || !prefixOk || extra !== undefined)) {
      throw new StartupError(
        `Invalid TRUST_PROXY=${JSON.stringify(value)}: "${entry}" is not an IP address, a CIDR range or loopback/linklocal/uniquelocal.`,
      );
    }
  }
  return entries;
}

/**
 * Only features Chromium recognises: it logs "Unrecognized feature" on every page for any other
 * (`bluetooth` is not a policy-controlled feature there; Web Bluetooth needs a user gesture and a
 * chooser anyway). test/browser/every-page.test.ts fails on any Permissions-Policy warning.
 */
export const PERMISSIONS_POLICY =
  'camera=(), geolocation=(), microphone=(self), payment=(), usb=(), serial=(), hid=(), midi=(), magnetometer=(), ' +
  'gyroscope=(), accelerometer=(), browsing-topics=()';

export interface PageFallback {
  /** Answers a non-API GET that matched no route; the web app plugin sets it. */
  render?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared by reference with every plugin context, so an encapsulated plugin can set it. */
    pageFallback: PageFallback;
  }
}

export async function createServer(config: Config, options: { logStream?: { write(line: string): void } } = {}): Promise<FastifyInstance> {
  const trustProxy = trustProxyOption(config.TRUST_PROXY);
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      ...(options.logStream && { stream: options.logStream }),
    },
    // Two lines a request would be most of the log (and a fifth of the collector's time):
    // see logRequests below for what is logged instead.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Fastify's overloads take each of false, a function or a list, not their union.
    trustProxy: trustProxy as boolean,
    ...serverTimeouts(config.REQUEST_TIMEOUT_MS),
    // Node checks request timeouts this often (30 s by default, which doubles a slow body's hold).
    http: { connectionsCheckingInterval: Math.min(1000, config.REQUEST_TIMEOUT_MS / 2) },
    forceCloseConnections: true,
    // A plugin that reads files or opens a store at start (the web app's static files) can take
    // more than Fastify's 10 s on a starved machine; starting late beats not starting at all.
    pluginTimeout: 60_000,
  });
  validateRequests(app);

  // Text the stores cannot hold is repaired or refused here, before any route sees it
  // (packages/contracts/src/text-hygiene.ts): JSON bodies as they are parsed, query strings
  // and path parameters before validation.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, raw, done) => {
    const parsed = parseClientJson(raw as string);
    if (parsed.ok) done(null, parsed.value);
    else done(new HttpError(400, parsed.message), undefined);
  });
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    for (const part of [request.query, request.params]) {
      const cleaned = cleanClientJson(part);
      if (!cleaned.ok) throw new HttpError(400, cleaned.message);
    }
  });
  // The validator turns "Infinity" or "1e309" in a query string (and JSON's 1e309) into an
  // infinite number that passes `integer` and `maximum`; no route can use one.
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    for (const [part, value] of [
      ['querystring', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const where = nonFiniteNumberAt(value);
      if (where !== null) throw new HttpError(400, `${part}${where.replaceAll('/', '.')} must be a finite number.`);
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // The site embeds its own report pages in admin dialogs, nothing cross-origin.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.NODE_ENV === 'production',
  });
  // Powerful browser features off for every page and frame, the microphone for the site's own
  // voice assistant only.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  // Registered once, unapplied: each route that needs a limit opts in with `config.rateLimit`.
  await app.register(rateLimit, { global: false });

  const storeLog = onceAMinute();
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (!(err.statusCode && err.statusCode >= 400)) {
      // A store down, restarting or out of disk: the client is asked to come back shortly
      // (the site's forms do so by themselves), with one log line per store problem a minute.
      const unavailable = storeUnavailable(err);
      if (unavailable) {
        storeLog.note(unavailable.reason, () => request.log.warn({ err, reason: unavailable.reason }, 'store unavailable'));
        return reply.code(503).header('retry-after', String(unavailable.retryAfterSeconds)).send({ message: STORE_UNAVAILABLE_MESSAGE });
      }
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    const retryAfter = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    if (status >= 500) {
      // A full queue is the server pacing its clients, not a failure worth a log line.
      if (typeof retryAfter !== 'number') request.log.error({ err }, 'request failed');
      return reply
        .code(status)
        .send({ message: status === 503 && err.message ? err.message : 'Something went wrong on our side. Please try again.' });
    }
    // The field a form shows goes with the message; a route whose schema has no `field` drops it.
    const field = err instanceof HttpError ? err.field : undefined;
    return reply.code(status).send(field === undefined ? { message: err.message } : { message: err.message, field });
  });

  logRequests(app);
  limitConnections(app.server, { perAddress: trustProxy === false, requestTimeoutMs: config.REQUEST_TIMEOUT_MS });

  const pageFallback: PageFallback = {};
  app.decorate('pageFallback', pageFallback);
  const healthChecks: HealthChecks = {};
  app.decorate('healthChecks', healthChecks);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
    if (isPage && pageFallback.render) return pageFallback.render(request, reply);
    throw new HttpError(404, `Not found: ${request.method} ${path}`);
  });
  return app;
}

/**
 * Every route's request checked by one validator (packages/contracts/src/request-check.ts): the
 * body as sent, never coerced, unknown fields refused; a refusal is a 400 whose message names the
 * field, sent with the field where the route's error schema carries one.
 */
function validateRequests(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const part = (httpPart ?? 'body') as RequestPart;
    return (data: unknown) => {
      const value = requestValue(part, schema as TSchema, data);
      const problem = requestProblem(schema as TSchema, value);
      if (!problem) return { value };
      const field = part === 'body' ? problem.field : undefined;
      return { error: new HttpError(400, problem.message, field === undefined ? {} : { field }) };
    };
  });
}

/** Runs a logging call at most once a minute per key, so an outage under load is a few lines. */
function onceAMinute(): { note(key: string, log: () => void): void } {
  const last = new Map<string, number>();
  return {
    note(key, log) {
      const now = Date.now();
      if (now - (last.get(key) ?? -Infinity) < 60_000) return;
      last.set(key, now);
      log();
    },
  };
}

/** A request slower than this is logged on its own. */
export const SLOW_REQUEST_MS = 1000;
/** Requests are summed up in one log line this often (when there were any). */
export const REQUEST_SUMMARY_MS = 60_000;

/**
 * Logs are for people: every refused or failed request (4xx, 5xx) and every slow one gets a
 * line of its own; the rest (a beacon each, mostly) are counted and summed up once a minute.
 * So are the answers that only ask a client to slow down (429, and 503 with Retry-After):
 * under a flood, a line each would let the flood fill the disk.
 */
function logRequests(app: FastifyInstance): void {
  const counts = { requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, throttled: 0, slow: 0 };
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    counts.requests += 1;
    counts[status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : '2xx'] += 1;
    const slow = ms >= SLOW_REQUEST_MS;
    if (slow) counts.slow += 1;
    if (status === 429 || (status === 503 && reply.hasHeader('retry-after'))) {
      counts.throttled += 1;
      return;
    }
    if (status < 400 && !slow) return;
    const line = { method: request.method, path: request.url.split('?')[0], status, ms, reqId: request.id };
    if (status >= 500) request.log.error(line, 'request failed');
    else if (status >= 400) request.log.info(line, 'request refused');
    else request.log.warn(line, 'slow request');
  });
  const timer = setInterval(() => {
    if (counts.requests === 0) return;
    app.log.info({ ...counts, seconds: REQUEST_SUMMARY_MS / 1000 }, 'requests served');
    for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] = 0;
  }, REQUEST_SUMMARY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Listens on HOST:PORT; a taken port becomes a one-line StartupError. */
export async function listen(app: FastifyInstance, config: Config): Promise<string> {
  try {
    return await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new StartupError(`Port ${config.PORT} is already in use: stop the program using it or set PORT to a free port.`);
    if (code === 'EACCES') throw new StartupError(`Not allowed to listen on port ${config.PORT}: choose a port above 1023 with PORT.`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new StartupError(`HOST=${config.HOST} is not an address of this machine.`);
    throw err;
  }
}

/** The path (`/a/0/b`) of the first infinite or NaN number in a parsed request part, or null. */
export function nonFiniteNumberAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path || '/';
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteNumberAt(item, `${path}/${key}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
