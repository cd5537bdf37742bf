import { ContentLayout } from '../../../components/layouts/content-layout';

export function AnalyticsRoute() {
  return (
    <ContentLayout title="Analytics Integration Hub">
      <p>Connected analytics sources, traffic metrics and SEO performance.</p>
    </ContentLayout>
  );
}
