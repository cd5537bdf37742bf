import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingCategory, SettingsSave, SettingsSection } from '@curb/contracts/settings';
import { apiRequest, getQueryFn } from '@/lib/api-client';

const settingsKey = (category: SettingCategory) => [`/api/admin/settings/${category}`];

/** The category's values and the version they are at (the base of a save). */
export function useSettings(category: SettingCategory) {
  return useQuery({ queryKey: settingsKey(category), queryFn: getQueryFn<SettingsSection>({ on401: 'throw' }) });
}

export function useUpdateSettings(category: SettingCategory) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: SettingsSave) =>
      (await (await apiRequest('PUT', `/api/settings/${category}`, save)).json()) as SettingsSection,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(category), saved);
      // Pages that read the public values (the analytics hub) read them again.
      void queryClient.invalidateQueries({ queryKey: [`/api/settings?category=${category}`] });
    },
  });
}
