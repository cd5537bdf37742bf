import { useQuery } from '@tanstack/react-query';
import type { Setting, SettingCategory } from '@curb/contracts/settings';
import { getQueryFn } from '@/lib/api-client';

const FETCH_ERRORS: Record<SettingCategory, string> = {
  analytics: 'Failed to fetch analytics settings',
  seo: 'Failed to fetch SEO settings',
  contact: 'Failed to fetch contact settings',
  traffic: 'Failed to fetch traffic settings',
};

/** The loader reads each category once per page load; a failure is logged and nothing is applied. */
export function useSiteSettings(category: SettingCategory) {
  return useQuery({
    queryKey: [`/api/settings?category=${category}`],
    queryFn: async (context) => {
      try {
        return await getQueryFn<Setting[]>({ on401: 'throw' })(context);
      } catch (error) {
        console.warn(FETCH_ERRORS[category], error);
        throw error;
      }
    },
  });
}
