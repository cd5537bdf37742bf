// The one home of "a store is unavailable": which errors mean the database, ClickHouse or the
// disk cannot take the request right now (connection refused or cut, the server restarting,
// the disk full, a store read that took too long), as opposed to a bug. The error handler
// answers those with 503 and Retry-After, which the site's forms retry by themselves.

/** What the visitor reads when a store is briefly unavailable (the forms retry meanwhile). */
export const STORE_UNAVAILABLE_MESSAGE = 'This could not be done just now. Please try again in a few seconds.';

export interface StoreUnavailable {
  /** A word for the log: what failed. */
  reason: 'connection' | 'restarting' | 'disk full' | 'timeout' | 'overloaded';
  /** How long the client should wait before trying again. */
  retryAfterSeconds: number;
}

/** Node's codes for a connection that could not be made or was cut. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  // postgres.js
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** Our own code for a store call that outlived its deadline (withinStoreDeadline). */
const DEADLINE_CODE = 'STORE_DEADLINE';
/** PostgreSQL's SQLSTATEs for a server shutting down, crashed or still starting. */
const RESTART_STATES = new Set(['57P01', '57P02', '57P03']);

function classify(err: object): StoreUnavailable | null {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (DISK_CODES.has(code) || code === '53100') return { reason: 'disk full', retryAfterSeconds: 10 };
    if (RESTART_STATES.has(code)) return { reason: 'restarting', retryAfterSeconds: 2 };
    if (CONNECTION_CODES.has(code) || code.startsWith('08')) return { reason: 'connection', retryAfterSeconds: 2 };
    // 53xxx: out of memory or connections; 57014: a statement cancelled by its timeout.
    if (code.startsWith('53')) return { reason: 'overloaded', retryAfterSeconds: 5 };
    if (code === '57014' || code === DEADLINE_CODE) return { reason: 'timeout', retryAfterSeconds: 2 };
  }
  // node-postgres (pg-boss's pool) says it in words only.
  const message = (err as { message?: unknown }).message;
  if (typeof message === 'string' && /^Connection terminated|^timeout exceeded when trying to connect/.test(message)) {
    return { reason: 'connection', retryAfterSeconds: 2 };
  }
  return null;
}

/**
 * Whether `err` (or an error it wraps: `cause`, an AggregateError's `errors`) means a store
 * is unavailable for now, and how long a client should wait; null for any other error.
 */
export function storeUnavailable(err: unknown, depth = 0): StoreUnavailable | null {
  if (!err || typeof err !== 'object' || depth > 4) return null;
  const found = classify(err);
  if (found) return found;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  if (cause) {
    const inner = storeUnavailable(cause, depth + 1);
    if (inner) return inner;
  }
  if (Array.isArray(errors)) {
    for (const e of errors) {
      const inner = storeUnavailable(e, depth + 1);
      if (inner) return inner;
    }
  }
  return null;
}

/**
 * How long a visitor's write may wait on PostgreSQL. A server that is frozen (stopped, swapping)
 * keeps its connections open and answers nothing, so neither the connect timeout nor a closed
 * socket ends the wait; past this the visitor gets a 503 and the site's form tries again.
 */
export const STORE_DEADLINE_MS = 5_000;

/**
 * `work`, or a store-unavailable error (a 503 with Retry-After) once `ms` have passed without
 * its answer. The work itself goes on: a write that commits late is found by the retry's
 * submission id, so it is neither lost nor stored twice.
 */
export function withinStoreDeadline<T>(work: Promise<T>, ms = STORE_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`The store did not answer within ${ms} ms`), { code: DEADLINE_CODE })), ms);
  });
  work.catch(() => {}); // a late failure after the deadline has nobody left to tell
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
