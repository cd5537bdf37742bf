import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Setting, SettingCategory, SettingsUpdate } from '@curb/contracts/settings';
import { apiRequest, getQueryFn } from '@/lib/api-client';

const settingsKey = (category: SettingCategory) => [`/api/settings?category=${category}`];

export function useSettings(category: SettingCategory) {
  return useQuery({ queryKey: settingsKey(category), queryFn: getQueryFn<Setting[]>({ on401: 'throw' }) });
}

export function useUpdateSettings(category: SettingCategory) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: SettingsUpdate) =>
      (await (await apiRequest('PUT', `/api/settings/${category}`, changes)).json()) as Setting[],
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(category), saved),
  });
}
