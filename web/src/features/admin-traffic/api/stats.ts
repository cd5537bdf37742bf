import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatsQuery, StatsResponse } from '@curb/contracts/stats';

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

/** One query of the traffic API; the previous answer stays on screen while the next loads. */
export function useStats(query: StatsQuery | null, options: { realtime?: boolean } = {}) {
  return useQuery({
    queryKey: ['/api/stats', query],
    queryFn: ({ signal }) => fetchStats(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: options.realtime ? REALTIME_REFRESH_MS : false,
  });
}
