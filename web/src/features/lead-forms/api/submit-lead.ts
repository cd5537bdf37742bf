import type { QuickLookupResult } from '@curb/contracts/audit';
import type { LeadRequest, LeadResponse, LeadWebsiteData } from '@curb/contracts/leads';
import { submitForm } from '@/lib/form-submit';

/** POST /api/lead (tried again while the server is briefly unavailable); the answer carries the reportId of an audit request. */
export async function submitLead(lead: LeadRequest): Promise<LeadResponse> {
  const response = await submitForm('/api/lead', lead);
  return (await response.json()) as LeadResponse;
}

/** The enrichment fields a lead carries (no screenshot or scores; nulls left out). */
export function leadWebsiteData(result: QuickLookupResult | null): LeadWebsiteData | undefined {
  if (!result) return undefined;
  const data: LeadWebsiteData = { companyName: result.companyName, enrichmentMethod: result.enrichmentMethod };
  for (const key of ['businessType', 'location', 'phone', 'logo', 'favicon'] as const) {
    const value = result[key];
    if (typeof value === 'string' && value) data[key] = value;
  }
  return data;
}

const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'gclid', 'fbclid'];

/** UTM and click ids of the current visit, if any. */
export function campaignData(search: string): Record<string, string> | undefined {
  const params = new URLSearchParams(search);
  const found = Object.fromEntries(CAMPAIGN_PARAMS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!.slice(0, 500)]] : [])));
  return Object.keys(found).length ? found : undefined;
}
