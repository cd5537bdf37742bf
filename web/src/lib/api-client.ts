import type { QueryFunction } from '@tanstack/react-query';

/** What a query does when the server answers 401: yield null ("no user") or fail like any error. */
type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The spec's error text for every non-OK answer: "<status>: <body text or status text>". */
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
