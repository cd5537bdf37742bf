import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WeeklyEmailSave, WeeklyEmailSection } from '@curb/contracts/traffic-attribution';
import { apiRequest, getQueryFn } from '@/lib/api-client';

const WEEKLY_EMAIL_URL = '/api/admin/traffic/weekly-email';

export function useWeeklyEmail() {
  return useQuery({ queryKey: [WEEKLY_EMAIL_URL], queryFn: getQueryFn<WeeklyEmailSection>({ on401: 'throw' }) });
}

export function useUpdateWeeklyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WeeklyEmailSave) => (await (await apiRequest('PUT', WEEKLY_EMAIL_URL, body)).json()) as WeeklyEmailSection,
    onSuccess: (saved) => queryClient.setQueryData<WeeklyEmailSection>([WEEKLY_EMAIL_URL], saved),
  });
}
