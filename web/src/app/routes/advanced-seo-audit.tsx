import { useSearch } from '@tanstack/react-router';
import { AdvancedSeoAuditPage } from '@/features/advanced-seo-audit/components/advanced-seo-audit-page';

export function AdvancedSeoAuditRoute() {
  const { url } = useSearch({ from: '/_public/advanced-seo-audit' });
  return <AdvancedSeoAuditPage initialUrl={url} />;
}
