import type { LeadResponse, MarketingAuditRequest } from '@curb/contracts/leads';
import { submitForm } from '@/lib/form-submit';

/** POST /api/marketing-audit (the inline audit form), tried again while the server is briefly unavailable. */
export async function requestAudit(request: MarketingAuditRequest): Promise<LeadResponse> {
  const response = await submitForm('/api/marketing-audit', request);
  return (await response.json()) as LeadResponse;
}
