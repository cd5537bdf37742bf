import { InlineAuditForm } from '@/features/inline-audit/components/inline-audit-form';
import { ServicesPage } from '@/features/services/components/services-page';

export function ServicesRoute() {
  return <ServicesPage auditForm={<InlineAuditForm source="Services Page" />} />;
}
