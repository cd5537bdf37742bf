import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventRetention, EventRetentionSaved } from '@curb/contracts/retention';
import { apiRequest, getQueryFn } from '@/lib/api-client';

const RETENTION_URL = '/api/admin/settings/retention';

export function useEventRetention() {
  return useQuery({ queryKey: [RETENTION_URL], queryFn: getQueryFn<EventRetention>({ on401: 'throw' }) });
}

export function useUpdateEventRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EventRetention) => (await (await apiRequest('PUT', RETENTION_URL, body)).json()) as EventRetentionSaved,
    onSuccess: (saved) => queryClient.setQueryData<EventRetention>([RETENTION_URL], { eventsDays: saved.eventsDays }),
  });
}
