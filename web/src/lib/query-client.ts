import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/**
 * Defaults: data is fetched once and kept (never stale, no polling, no refetch on focus,
 * no retries). Pages that must stay fresh opt in per query, e.g. the audit list polls every 30 s.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
