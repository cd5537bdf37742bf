import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_LIST_POLL_MS, AUDIT_PAGE_SIZE, type MarketingAuditList } from '@curb/contracts/admin';
import { getQueryFn } from '@/lib/api-client';

/** Spec: 10 a page, polled every 30 s; the previous page stays on screen while the next loads. */
export function useMarketingAudits(page: number) {
  return useQuery({
    queryKey: [`/api/admin/marketing-audits?page=${page}&limit=${AUDIT_PAGE_SIZE}`],
    queryFn: getQueryFn<MarketingAuditList>({ on401: 'throw' }),
    refetchInterval: AUDIT_LIST_POLL_MS,
    placeholderData: keepPreviousData,
  });
}
