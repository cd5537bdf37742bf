import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userQueryOptions } from '../api/get-user';

const isUnauthorized = (error: unknown) => error instanceof Error && error.message.startsWith('401:');

/**
 * A session can end while a page is open (idle timeout, sign-out elsewhere): the first
 * admin call answered 401 marks the user signed out, and the guard takes over.
 */
export function useSessionExpiry(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const signedOut = () => queryClient.setQueryData(userQueryOptions.queryKey, null);
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error)) signedOut();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error)) signedOut();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}
