import type { LeadResponse, MarketingAuditRequest } from '@curb/contracts/leads';
import { apiRequest } from '@/lib/api-client';

/** POST /api/marketing-audit (the inline audit form). */
export async function requestAudit(request: MarketingAuditRequest): Promise<LeadResponse> {
  const response = await apiRequest('POST', '/api/marketing-audit', request);
  return (await response.json()) as LeadResponse;
}
