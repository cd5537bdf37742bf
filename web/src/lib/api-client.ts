import type { QueryFunction } from '@tanstack/react-query';

/** What a query does when the server answers 401: yield null ("no user") or fail like any error. */
type UnauthorizedBehavior = 'returnNull' | 'throw';

/** One error text for every non-OK answer, which server-message.ts reads back: "<status>: <body text or status text>". */
async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text();
  throw new Error(`${response.status}: ${bodyText || response.statusText}`);
}

/** Sends a request with the session cookie; a body is always sent as JSON. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(response);
  return response;
}

/** Answers that mean "not now" (a store restarting, a proxy without its upstream): worth another try. */
const RETRY_STATUSES = new Set([502, 503, 504]);
/** A request is tried again for at most this long in all (a database restart loses no lead). */
export const RETRY_BUDGET_MS = 30_000;
const FIRST_RETRY_DELAY_MS = 1_000;
const MAX_RETRY_DELAY_MS = 8_000;
/** However long a single try takes, it may run for this long before it is abandoned. */
const MIN_ATTEMPT_MS = 10_000;

export interface RetryOptions {
  /** Total time allowed, waits included (default RETRY_BUDGET_MS). */
  budgetMs?: number;
  /** Called before each wait: the retry's number (1 for the first) and how long it waits. */
  onRetry?: (retry: { attempt: number; delayMs: number }) => void;
}

/** Retry-After in milliseconds (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The wait before retry `attempt` (1 for the first): exponential from 1 s, at most 8 s, and
 * never shorter than the server's Retry-After.
 */
export function retryDelayMs(attempt: number, retryAfter: number | null): number {
  const backoff = Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** (attempt - 1));
  return Math.max(backoff, retryAfter ?? 0);
}

/**
 * apiRequest that tries again, with the same body, while the server answers 502/503/504 or
 * cannot be reached, honouring Retry-After, for RETRY_BUDGET_MS at most; then it fails as
 * apiRequest does. Only for requests the server makes idempotent (the forms' submissionId):
 * a try whose answer was lost must not store twice.
 */
export async function apiRequestWithRetry(method: string, url: string, body: unknown, options: RetryOptions = {}): Promise<Response> {
  const budgetMs = options.budgetMs ?? RETRY_BUDGET_MS;
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const remaining = budgetMs - (Date.now() - started);
    let response: Response | undefined;
    let failure: unknown;
    try {
      response = await fetch(url, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(Math.max(MIN_ATTEMPT_MS, remaining)),
      });
    } catch (error) {
      // A network failure is a TypeError; a try that ran out of time is not tried again.
      if (!(error instanceof TypeError)) throw error;
      failure = error;
    }
    if (response && !RETRY_STATUSES.has(response.status)) {
      await throwIfNotOk(response);
      return response;
    }
    const asked = response ? retryAfterMs(response.headers.get('retry-after')) : null;
    const left = budgetMs - (Date.now() - started);
    const delayMs = Math.min(retryDelayMs(attempt, asked), left);
    // Out of time, or the server asks for a longer pause than is left: say so now.
    if (delayMs <= 0 || (asked !== null && asked > left)) {
      if (response) await throwIfNotOk(response);
      throw failure;
    }
    // The answer is not read: its connection goes back to the browser's pool.
    await response?.body?.cancel();
    options.onRetry?.({ attempt, delayMs });
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

/** The default loader: GET on the query key parts joined with "/", parsed as JSON. */
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
