/**
 * The sentence the server put in `{message}` from an api-client error ("401: {...}"),
 * or the fallback when the answer carried none (a proxy page, a network failure).
 */
export function serverMessage(error: unknown, fallback: string): string {
  const text = error instanceof Error ? error.message : '';
  const body = text.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // not JSON
  }
  return fallback;
}
