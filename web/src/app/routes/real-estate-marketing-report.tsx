import { ContentLayout } from '../../components/layouts/content-layout';

export function RealEstateMarketingReportRoute() {
  return (
    <ContentLayout title="Real Estate Marketing Report">
      <p>See what a free marketing report covers: 15+ metrics, 100% free, delivered in 24 hours.</p>
    </ContentLayout>
  );
}
