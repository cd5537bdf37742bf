// The funnel a lead comes through: the form on a funnel's landing page or in its
// popup names it; an audit request from anywhere else (or through an inactive funnel) belongs to
// the free audit's funnel, as the funnel figures count it. Its process and e-mails apply to the
// lead. With no active funnel, the site's own rules apply (analysis and report e-mail, nothing else).
import { AUDIT_FUNNEL_ID } from '@curb/content';
import { completeConfig, type FunnelConfig } from '@curb/contracts/funnel-config';
import { funnels } from '@curb/db';
import { type Stores, withinStoreDeadline } from '@curb/runtime';

/** The landing pages' form: the one whose fields a funnel extends (the popups keep theirs). */
export const LANDING_FORM_ID = 'inline-audit';

export interface LeadFunnel {
  id: string;
  config: FunnelConfig;
}

async function active(stores: Pick<Stores, 'sql'>, id: string): Promise<LeadFunnel | null> {
  const row = await withinStoreDeadline(funnels.forLead(stores.sql, id));
  return row?.is_active ? { id, config: completeConfig(row.config) } : null;
}

export async function leadFunnel(
  stores: Pick<Stores, 'sql'>,
  requested: string | undefined,
  requestsAudit: boolean,
): Promise<LeadFunnel | null> {
  const named = requested ? await active(stores, requested) : null;
  if (named) return named;
  return requestsAudit && requested !== AUDIT_FUNNEL_ID ? active(stores, AUDIT_FUNNEL_ID) : null;
}

/** What the funnel does with the lead: whether its website is analysed, and whether it gets a confirmation. */
export function leadProcess(funnel: LeadFunnel | null, requestsAudit: boolean): { requestAudit: boolean; confirmation: boolean } {
  return {
    requestAudit: requestsAudit && (funnel?.config.process.websiteAnalysis ?? true),
    confirmation: funnel?.config.emailTemplates.confirmation.enabled ?? false,
  };
}
