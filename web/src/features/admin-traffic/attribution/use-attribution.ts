import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AttributionDimension, AttributionResponse, TouchModel } from '@curb/contracts/traffic-attribution';
import { getQueryFn } from '@/lib/api-client';
import type { TrafficSearch } from '../lib/search';
import { leadViewParams } from './period-params';

/**
 * The period's leads by the first or last visit that brought them, under the page's filters;
 * the last answer stays while the next loads.
 */
export function useAttribution(search: TrafficSearch, model: TouchModel, dimension: AttributionDimension) {
  const params = leadViewParams(search);
  params.set('model', model);
  params.set('dimension', dimension);
  return useQuery({
    queryKey: [`/api/admin/traffic/attribution?${params}`],
    queryFn: getQueryFn<AttributionResponse>({ on401: 'throw' }),
    placeholderData: keepPreviousData,
  });
}
