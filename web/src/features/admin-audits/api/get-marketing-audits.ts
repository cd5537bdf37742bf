import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_LIST_POLL_MS, AUDIT_PAGE_SIZE, type MarketingAuditList } from '@curb/contracts/admin';
import { type ListFilter, listFilterQuery } from '@curb/contracts/privacy';
import { getQueryFn } from '@/lib/api-client';

/** 10 a page, polled every 30 s; the previous page stays on screen while the next loads. */
export function useMarketingAudits(page: number, filter: ListFilter = {}) {
  const filtered = listFilterQuery(filter);
  return useQuery({
    queryKey: [`/api/admin/marketing-audits?page=${page}&limit=${AUDIT_PAGE_SIZE}${filtered && `&${filtered}`}`],
    queryFn: getQueryFn<MarketingAuditList>({ on401: 'throw' }),
    refetchInterval: AUDIT_LIST_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/** The leads behind the list, with its filter, as a CSV download (a plain link: the session cookie goes with it). */
export const leadsCsvUrl = (filter: ListFilter) => {
  const filtered = listFilterQuery(filter);
  return `/api/admin/leads.csv${filtered && `?${filtered}`}`;
};
