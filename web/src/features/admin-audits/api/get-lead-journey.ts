import { useQuery } from '@tanstack/react-query';
import type { LeadJourney } from '@curb/contracts/traffic-attribution';
import { getQueryFn } from '@/lib/api-client';

/** The journey of the lead behind a Marketing Audits row: its visits, pages and steps. */
export function useLeadJourney(auditId: string) {
  return useQuery({
    queryKey: [`/api/admin/traffic/journey/${encodeURIComponent(auditId)}`],
    queryFn: getQueryFn<LeadJourney>({ on401: 'throw' }),
  });
}
