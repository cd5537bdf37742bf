import type { QuickLookupResult } from '@curb/contracts/audit';
import { useEffect, useRef, useState } from 'react';
import { LookupError, lookupWebsite } from '@/lib/company-lookup';
import { debounceLookup } from '@/lib/lookup-debounce';
import { dispatchWindowEvent, URL_ENRICHMENT_ERROR_EVENT, URL_ENRICHMENT_SUCCESS_EVENT } from '@/lib/window-events';

export type EnrichmentStatus = 'idle' | 'loading' | 'success' | 'error';

/** Looks the website up as the visitor types it; calls `onFound` with what was found. */
export function useWebsiteEnrichment(website: string, enabled: boolean, onFound: (result: QuickLookupResult) => void) {
  const [status, setStatus] = useState<EnrichmentStatus>('idle');
  const [result, setResult] = useState<QuickLookupResult | null>(null);
  const onFoundRef = useRef(onFound);
  onFoundRef.current = onFound;

  useEffect(() => {
    setResult(null);
    setStatus('idle');
    if (!enabled) return;
    let cancelled = false;
    // Enrichment starts after a 1.5 s pause in typing, and only for text with a dot.
    const cancelLookup = debounceLookup(website, (text) => {
      setStatus('loading');
      lookupWebsite(text).then(
        (found) => {
          if (cancelled) return;
          setResult(found);
          setStatus('success');
          dispatchWindowEvent(URL_ENRICHMENT_SUCCESS_EVENT, found);
          onFoundRef.current(found);
        },
        (error: unknown) => {
          if (cancelled) return;
          setStatus('error');
          const message = error instanceof LookupError ? error.message : 'Enrichment failed';
          dispatchWindowEvent(URL_ENRICHMENT_ERROR_EVENT, { message });
          // Only logged; the visitor keeps typing the business name by hand.
          console.warn(message);
        },
      );
    });
    return () => {
      cancelled = true;
      cancelLookup();
    };
  }, [website, enabled]);

  return { status, result };
}
