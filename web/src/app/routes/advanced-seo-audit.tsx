import { ContentLayout } from '../../components/layouts/content-layout';

export function AdvancedSeoAuditRoute() {
  return (
    <ContentLayout title="Advanced SEO Audit">
      <p>Check your site for 140+ issues across traditional and AI search; an audit takes up to 30 seconds.</p>
    </ContentLayout>
  );
}
