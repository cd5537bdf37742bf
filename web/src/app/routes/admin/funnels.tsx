import { ContentLayout } from '../../../components/layouts/content-layout';

export function FunnelsRoute() {
  return (
    <ContentLayout title="Funnel Manager">
      <p>Lead-generation funnels with their submissions and conversion rates.</p>
    </ContentLayout>
  );
}
