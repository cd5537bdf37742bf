import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureStatus, Funnel, FunnelAnalyticsResponse, FunnelStatsResponse } from '@curb/contracts/analytics';
import type {
  EmailPreview,
  EmailPreviewRequest,
  EmailTemplate,
  FunnelEditResponse,
  FunnelSave,
  FunnelVersion,
} from '@curb/contracts/funnel-config';
import type { TemplateTestQueued } from '@curb/contracts/mail';
import { apiRequest, getQueryFn } from '@/lib/api-client';

const json = <T>() => getQueryFn<T>({ on401: 'throw' });
const funnelPath = (id: string) => `/api/admin/funnels/${encodeURIComponent(id)}`;

export const useFunnels = () => useQuery({ queryKey: ['/api/admin/funnels'], queryFn: json<Funnel[]>() });
export const useFunnelStats = () => useQuery({ queryKey: ['/api/admin/funnel-stats'], queryFn: json<FunnelStatsResponse>() });
export const useEmailTemplates = () => useQuery({ queryKey: ['/api/admin/email-templates'], queryFn: json<EmailTemplate[]>() });

/** The funnel page shows the data-connection status of the funnel category (first element). */
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
const historyKey = (id: string) => ['/api/admin/funnels', encodeURIComponent(id), 'history'];
export const useFunnelConfig = (id: string) => useQuery({ queryKey: configKey(id), queryFn: json<FunnelEditResponse>(), staleTime: 0 });
export const useFunnelHistory = (id: string) => useQuery({ queryKey: historyKey(id), queryFn: json<FunnelVersion[]>(), staleTime: 0 });

/** After a save or a revert: the dialog, the history, the cards and their figures read the stored funnel. */
function useSaved(id: string) {
  const queryClient = useQueryClient();
  return (saved: FunnelEditResponse) => {
    queryClient.setQueryData(configKey(id), saved);
    void queryClient.invalidateQueries({ queryKey: historyKey(id) });
    void queryClient.invalidateQueries({ queryKey: ['/api/admin/funnels'], exact: true });
    void queryClient.invalidateQueries({ queryKey: ['/api/admin/funnel-stats'] });
  };
}

export function useSaveFunnel(id: string) {
  const onSuccess = useSaved(id);
  return useMutation({
    mutationFn: async (save: FunnelSave) =>
      (await (await apiRequest('PUT', `${funnelPath(id)}/config`, save)).json()) as FunnelEditResponse,
    onSuccess,
  });
}

export function useRevertFunnel(id: string) {
  const onSuccess = useSaved(id);
  return useMutation({
    mutationFn: async (version: number) =>
      (await (await apiRequest('POST', `${funnelPath(id)}/revert`, { version })).json()) as FunnelEditResponse,
    onSuccess,
  });
}

export const usePreviewEmail = (id: string) =>
  useMutation({
    mutationFn: async (template: EmailPreviewRequest) =>
      (await (await apiRequest('POST', `${funnelPath(id)}/email-preview`, template)).json()) as EmailPreview,
  });

export const useSendTestEmail = (id: string) =>
  useMutation({
    mutationFn: async (template: EmailPreviewRequest) =>
      (await (await apiRequest('POST', `${funnelPath(id)}/email-test`, template)).json()) as TemplateTestQueued,
  });
