// POST /api/quick-company-lookup, shared by the lead forms' enrichment and the audit page:
// successful answers are cached per normalised URL (failures are not), and concurrent
// lookups of one URL share a single request.
import { normalizeWebsite, parseWebsite, withScheme } from '@curb/content';
import type { QuickLookupResult } from '@curb/contracts/audit';

/** A lookup failure (logged only: the lookup is a convenience, and forms keep manual entry). */
export class LookupError extends Error {
  override name = 'LookupError';
}

const cache = new Map<string, QuickLookupResult>();
const pending = new Map<string, Promise<QuickLookupResult>>();

async function post(body: object, failure: (res: Response) => string): Promise<QuickLookupResult> {
  const res = await fetch('/api/quick-company-lookup', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new LookupError(failure(res));
  return (await res.json()) as QuickLookupResult;
}

/** What the website says about the company behind it. */
export function lookupWebsite(url: string): Promise<QuickLookupResult> {
  if (!url.trim() || !parseWebsite(url)) return Promise.reject(new LookupError('Invalid URL provided'));
  const key = normalizeWebsite(url);
  const cached = cache.get(key);
  if (cached) return Promise.resolve(cached);
  const inFlight = pending.get(key);
  if (inFlight) return inFlight;
  const request = post({ url: withScheme(url) }, (res) => `Enrichment failed: ${res.statusText || res.status}`)
    .then((result) => {
      cache.set(key, result);
      return result;
    })
    .finally(() => pending.delete(key));
  pending.set(key, request);
  return request;
}
