import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@curb/contracts/auth';
import { getQueryFn } from '@/lib/api-client';

export type { AuthUser };

/** A 401 means "signed out", so it resolves to null instead of failing the query. */
export const userQueryOptions = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: getQueryFn<AuthUser>({ on401: 'returnNull' }),
});

export function useUser() {
  return useQuery(userQueryOptions);
}
