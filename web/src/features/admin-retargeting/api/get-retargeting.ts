import { useQuery } from '@tanstack/react-query';
import type { PeriodDays, RetargetingResponse } from '@curb/contracts/analytics';
import { getQueryFn } from '@/lib/api-client';

export const useRetargeting = (days: PeriodDays) =>
  useQuery({ queryKey: [`/api/analytics/retargeting?days=${days}`], queryFn: getQueryFn<RetargetingResponse>({ on401: 'throw' }) });
