import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

/** A form that requests an audit moves to its report 1 s after the success message. */
export const REPORT_REDIRECT_DELAY_MS = 1000;

/**
 * Moves to the report a second from now, in the browser (no page load: the visitor keeps the
 * page's state, and the move works whatever form or popup started it).
 */
export function useGoToReport(): (reportId: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (reportId: string) => {
      setTimeout(() => void navigate({ to: '/audit-report/$reportId', params: { reportId } }), REPORT_REDIRECT_DELAY_MS);
    },
    [navigate],
  );
}
