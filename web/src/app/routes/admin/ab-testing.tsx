import { AbTestingPage } from '@/features/admin-ab-testing/components/ab-testing-page';

export function AbTestingRoute() {
  return <AbTestingPage />;
}
