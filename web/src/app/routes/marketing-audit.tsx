import { marketingAuditPage } from '@curb/content';
import { LeadForm } from '@/features/lead-forms/components/lead-form';
import { MarketingAuditPage } from '@/features/marketing-audit/components/marketing-audit-page';

export function MarketingAuditRoute() {
  return (
    <MarketingAuditPage
      leadForm={(slot) => (
        <LeadForm
          formId="inline-audit"
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
