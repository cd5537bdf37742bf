import { ContentLayout } from '../../components/layouts/content-layout';

export function MarketingAuditRoute() {
  return (
    <ContentLayout title="Get Your Free Marketing Audit">
      <p>A 15-point review of your website that finds 3-5 untapped revenue sources, with the report in your inbox within 24 hours.</p>
    </ContentLayout>
  );
}
