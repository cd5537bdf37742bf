import { useCallback, useRef } from 'react';

/**
 * The id of the submission being made: a retry after a failure sends the same id (the API
 * then stores nothing twice); after a success the next submission gets a new one.
 */
export function useSubmissionId(): { current: () => string; renew: () => void } {
  const id = useRef<string | null>(null);
  const current = useCallback(() => (id.current ??= crypto.randomUUID()), []);
  const renew = useCallback(() => {
    id.current = null;
  }, []);
  return { current, renew };
}
