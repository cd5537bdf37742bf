import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatsQuery, StatsResponse } from '@curb/contracts/stats';
import { apiRequest } from '@/lib/api-client';
import type { TrafficFilter } from '../lib/search';

/** How often the realtime view asks again. */
export const REALTIME_REFRESH_MS = 5_000;

async function fetchStats(query: StatsQuery, signal: AbortSignal): Promise<StatsResponse> {
  const response = await fetch('/api/stats', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(query),
    signal,
  });
  if (!response.ok) {
    // The API names what it refused ({ message }); the page shows it.
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `${response.status}: ${response.statusText}`);
  }
  return (await response.json()) as StatsResponse;
}

/** Whether two queries ask for the same rows and columns (only the period or filters differ). */
const sameShape = (a: StatsQuery | null | undefined, b: StatsQuery | null) =>
  !!a && !!b && JSON.stringify([a.metrics, a.dimensions]) === JSON.stringify([b.metrics, b.dimensions]);

/**
 * One query of the traffic API. While another period or filter loads, the previous answer
 * stays on screen; another breakdown (a tab, an interval) shows as loading instead, since
 * its rows would sit under the wrong heading.
 */
export function useStats(query: StatsQuery | null, options: { realtime?: boolean } = {}) {
  return useQuery({
    queryKey: ['/api/stats', query] as const,
    queryFn: ({ signal }) => fetchStats(query!, signal),
    enabled: query !== null,
    placeholderData: (previous, previousQuery) =>
      sameShape(previousQuery?.queryKey[1] as StatsQuery | null | undefined, query) ? keepPreviousData(previous) : undefined,
    refetchInterval: options.realtime ? REALTIME_REFRESH_MS : false,
  });
}

/** The visitors of the last five minutes ("N visitors now"), asked again as realtime is. */
export function useCurrentVisitors(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/stats/realtime/visitors'] as const,
    queryFn: async ({ signal }) => {
      const response = await fetch('/api/stats/realtime/visitors', { credentials: 'include', signal });
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      return (await response.json()) as number;
    },
    enabled,
    refetchInterval: enabled ? REALTIME_REFRESH_MS : false,
  });
}

/**
 * Asks the server whether it can filter by `filter` (a goal it knows by that name, a dimension
 * and operator it has) before the page does: the cheapest query, today's visits. Throws the
 * refusal as apiRequest does, `{ message, field }` naming the filter's part.
 */
export async function checkFilter([operator, dimension, value]: TrafficFilter): Promise<void> {
  await apiRequest('POST', '/api/stats', { metrics: ['visits'], date_range: 'day', filters: [[operator, dimension, [value]]] });
}
