import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataConnectionsOverview, SeoDashboard } from '@curb/contracts/analytics';
import type { Setting } from '@curb/contracts/settings';
import { apiRequest, getQueryFn } from '@/lib/api-client';

const SEO_KEY = ['/api/seo/dashboard'];

export const useSeoDashboard = () => useQuery({ queryKey: SEO_KEY, queryFn: getQueryFn<SeoDashboard>({ on401: 'throw' }) });
export const useAnalyticsSettings = () =>
  useQuery({ queryKey: ['/api/settings?category=analytics'], queryFn: getQueryFn<Setting[]>({ on401: 'throw' }) });
export const useConnections = () =>
  useQuery({ queryKey: ['/api/admin/data-connections/overview'], queryFn: getQueryFn<DataConnectionsOverview>({ on401: 'throw' }) });

/** Setup Keywords posts the domain; on success the data reloads. */
export function useSetupKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (domain: string) =>
      (await (await apiRequest('POST', '/api/seo/setup-keywords', { domain })).json()) as { message: string; domain: string },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEO_KEY }),
  });
}
