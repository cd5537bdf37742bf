import { useQuery } from '@tanstack/react-query';
import { getReport } from '../api/get-report';

/** While the audit runs the page asks again every few seconds; a ready or failed report stays. */
export const PENDING_POLL_MS = 3000;

export function useReport(reportId: string | undefined) {
  return useQuery({
    queryKey: ['/api/audit-report', reportId],
    queryFn: ({ signal }) => getReport(reportId!, signal),
    enabled: Boolean(reportId),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}
