import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AbTestChange, AbTestState } from '@curb/contracts/ab-tests';
import { apiRequest, getQueryFn } from '@/lib/api-client';

const KEY = ['/api/admin/ab-tests'];

/** Each test's split, pause or roll-out, and when it changed. */
export const useAbTests = () => useQuery({ queryKey: KEY, queryFn: getQueryFn<AbTestState[]>({ on401: 'throw' }), staleTime: 0 });

export function useChangeAbTest(testType: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: AbTestChange) =>
      (await (await apiRequest('POST', `/api/admin/ab-tests/${encodeURIComponent(testType)}`, change)).json()) as AbTestState,
    onSuccess: (state) => {
      queryClient.setQueryData<AbTestState[]>(KEY, (list) => list?.map((t) => (t.testType === state.testType ? state : t)));
      // The split check reads the new split.
      void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/analytics/ab-testing') });
    },
  });
}
