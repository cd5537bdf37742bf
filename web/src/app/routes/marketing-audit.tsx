import { AUDIT_FUNNEL_ID, formDefinitions, funnelFormDefinition, marketingAuditPage } from '@curb/content';
import { LeadForm } from '@/features/lead-forms/components/lead-form';
import { MarketingAuditPage } from '@/features/marketing-audit/components/marketing-audit-page';
import { useLandingCopy } from '@/lib/site-config';
import { useMounted } from '@/lib/use-mounted';

/**
 * The free audit page, the Free Marketing Audit funnel's landing page: its headline, copy, call
 * to action and form fields. `funnelId` null is the generic audit page (an inactive
 * funnel's landing page), with the site's own texts and no funnel.
 */
export function MarketingAuditRoute({ funnelId = AUDIT_FUNNEL_ID }: { funnelId?: string | null }) {
  const funnelCopy = useLandingCopy(funnelId ?? '');
  const copy = funnelId ? funnelCopy : { ...funnelCopy, active: false, fields: {} };
  // Extra fields are not in the prerendered HTML: they join the form once it has hydrated.
  const mounted = useMounted();
  const definition = funnelFormDefinition(formDefinitions['inline-audit'], mounted ? copy.fields : undefined, {
    submitText: copy.ctaText,
  });
  return (
    <MarketingAuditPage
      headline={copy.headline}
      copy={copy.copy}
      leadForm={(slot) => (
        <LeadForm
          formId="inline-audit"
          definition={definition}
          funnelId={copy.active && funnelId ? funnelId : undefined}
          funnelCopy
          source={marketingAuditPage.source}
          showTitle={false}
          website={slot.website}
          foundBusinessName={slot.foundBusinessName}
          onBusinessNameInput={slot.onBusinessNameTyped}
          onSubmitted={slot.onSubmitted}
        />
      )}
    />
  );
}
