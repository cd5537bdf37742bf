import { MarketingAuditsPage } from '@/features/admin-audits/components/marketing-audits-page';

export function MarketingAuditsRoute() {
  return <MarketingAuditsPage />;
}
