import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-client';

/** The navigation reads only these fields; the spec leaves the rest of the user unspecified. */
export interface AuthUser {
  email?: string | null;
  firstName?: string | null;
}

/** A 401 means "signed out", so it resolves to null instead of failing the query. */
export const userQueryOptions = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: getQueryFn<AuthUser>({ on401: 'returnNull' }),
});

export function useUser() {
  return useQuery(userQueryOptions);
}
