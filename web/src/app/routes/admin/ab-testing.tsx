import { ContentLayout } from '../../../components/layouts/content-layout';

export function AbTestingRoute() {
  return (
    <ContentLayout title="A/B Testing">
      <p>Impressions, clicks and conversions per variant, with the winner of each test.</p>
    </ContentLayout>
  );
}
