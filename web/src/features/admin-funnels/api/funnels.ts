import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureStatus, Funnel, FunnelAnalyticsResponse, FunnelStatsResponse } from '@curb/contracts/analytics';
import type { EmailTemplate, FunnelEdit } from '@curb/contracts/funnel-config';
import { apiRequest, getQueryFn } from '@/lib/api-client';

const json = <T>() => getQueryFn<T>({ on401: 'throw' });

export const useFunnels = () => useQuery({ queryKey: ['/api/admin/funnels'], queryFn: json<Funnel[]>() });
export const useFunnelStats = () => useQuery({ queryKey: ['/api/admin/funnel-stats'], queryFn: json<FunnelStatsResponse>() });
export const useEmailTemplates = () => useQuery({ queryKey: ['/api/admin/email-templates'], queryFn: json<EmailTemplate[]>() });

/** Spec: the funnel page shows the data-connection status of the funnel category (first element). */
export const useFunnelConnections = () =>
  useQuery({
    queryKey: ['/api/admin/feature-status?category=funnel'],
    queryFn: json<FeatureStatus[]>(),
    select: (list) => list[0] ?? null,
  });

export const useFunnelAnalytics = (id: string) =>
  useQuery({
    queryKey: ['/api/admin/funnels', encodeURIComponent(id), 'analytics'],
    queryFn: json<FunnelAnalyticsResponse>(),
    staleTime: 0,
  });

const configKey = (id: string) => ['/api/admin/funnels', encodeURIComponent(id), 'config'];
export const useFunnelConfig = (id: string) => useQuery({ queryKey: configKey(id), queryFn: json<FunnelEdit>(), staleTime: 0 });

export function useSaveFunnel(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edit: FunnelEdit) =>
      (await (await apiRequest('PUT', `/api/admin/funnels/${encodeURIComponent(id)}/config`, edit)).json()) as FunnelEdit,
    onSuccess: (saved) => {
      queryClient.setQueryData(configKey(id), saved);
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/funnels'], exact: true });
    },
  });
}
