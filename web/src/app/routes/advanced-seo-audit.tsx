import { AdvancedSeoAuditPage } from '@/features/advanced-seo-audit/components/advanced-seo-audit-page';

export function AdvancedSeoAuditRoute() {
  return <AdvancedSeoAuditPage />;
}
