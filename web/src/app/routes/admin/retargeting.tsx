import { RetargetingPage } from '@/features/admin-retargeting/components/retargeting-page';

export function RetargetingRoute() {
  return <RetargetingPage />;
}
