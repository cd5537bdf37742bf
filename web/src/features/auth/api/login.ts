import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUser, LoginBody } from '@curb/contracts/auth';
import { apiRequest } from '@/lib/api-client';
import { userQueryOptions } from './get-user';

/** Signs in; on success the user query holds the admin, so every guarded page opens. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => (await (await apiRequest('POST', '/api/login', body)).json()) as AuthUser,
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions.queryKey, user),
  });
}
