import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, Goal, GoalInput } from '@curb/contracts/stats';
import { apiRequest, getQueryFn } from '@/lib/api-client';

const GOALS_URL = '/api/admin/goals';
const TOKENS_URL = '/api/admin/api-tokens';

export function useGoals() {
  return useQuery({ queryKey: [GOALS_URL], queryFn: getQueryFn<Goal[]>({ on401: 'throw' }) });
}

/** Adds a goal (no id) or changes one; the list loads again. */
export function useSaveGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, goal }: { id?: string; goal: GoalInput }) =>
      (await (await apiRequest(id ? 'PUT' : 'POST', id ? `${GOALS_URL}/${id}` : GOALS_URL, goal)).json()) as Goal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [GOALS_URL] }),
  });
}

export function useRemoveGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${GOALS_URL}/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [GOALS_URL] }),
  });
}

export function useApiTokens() {
  return useQuery({ queryKey: [TOKENS_URL], queryFn: getQueryFn<ApiToken[]>({ on401: 'throw' }) });
}

/** Creates a token: the answer carries the token itself, shown this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await (await apiRequest('POST', TOKENS_URL, { name })).json()) as ApiToken & { token: string },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TOKENS_URL] }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${TOKENS_URL}/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TOKENS_URL] }),
  });
}
