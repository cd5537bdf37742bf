import { FunnelsPage } from '@/features/admin-funnels/components/funnels-page';

export function FunnelsRoute() {
  return <FunnelsPage />;
}
