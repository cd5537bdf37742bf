import { ContentLayout } from '../../../components/layouts/content-layout';

export function RetargetingRoute() {
  return (
    <ContentLayout title="Retargeting Analytics">
      <p>The conversion funnel, user journeys and traffic sources of returning visitors.</p>
    </ContentLayout>
  );
}
