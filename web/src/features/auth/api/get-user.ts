import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthSession, AuthUser } from '@curb/contracts/auth';
import { getQueryFn } from '@/lib/api-client';

export type { AuthUser };

const session = getQueryFn<AuthSession>({ on401: 'throw' });

/**
 * Who is signed in, null for no one. Asked of /api/auth/session, which answers "no one" with a
 * 200: a 401 here was a console error on every visit to the sign-in page.
 */
export const userQueryOptions = queryOptions({
  queryKey: ['/api/auth/session'],
  queryFn: async (context): Promise<AuthUser | null> => (await session(context)).user,
});

export function useUser() {
  return useQuery(userQueryOptions);
}
