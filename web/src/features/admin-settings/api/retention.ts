import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventRetention, EventRetentionSave, EventRetentionSaved } from '@curb/contracts/retention';
import { apiRequest, getQueryFn } from '@/lib/api-client';

const RETENTION_URL = '/api/admin/settings/retention';

export function useEventRetention() {
  return useQuery({ queryKey: [RETENTION_URL], queryFn: getQueryFn<EventRetention>({ on401: 'throw' }) });
}

export function useUpdateEventRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EventRetentionSave) => (await (await apiRequest('PUT', RETENTION_URL, body)).json()) as EventRetentionSaved,
    // Who saved and when are read again; the days and version are known now.
    onSuccess: (saved) => {
      queryClient.setQueryData<EventRetention>(
        [RETENTION_URL],
        (old) => old && { ...old, eventsDays: saved.eventsDays, version: saved.version },
      );
      void queryClient.invalidateQueries({ queryKey: [RETENTION_URL] });
    },
  });
}
