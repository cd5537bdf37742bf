import { useQuery } from '@tanstack/react-query';
import type { AbTestingResponse, PeriodDays } from '@curb/contracts/analytics';
import { getQueryFn } from '@/lib/api-client';

export const useAbTesting = (days: PeriodDays) =>
  useQuery({
    queryKey: [`/api/analytics/ab-testing?days=${days}`],
    queryFn: getQueryFn<AbTestingResponse>({ on401: 'throw' }),
    // Read again each time the page opens: a variant rewritten in the Popup Creator meanwhile began a new phase.
    staleTime: 0,
  });
