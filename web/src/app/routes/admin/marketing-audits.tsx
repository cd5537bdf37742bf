import { ContentLayout } from '../../../components/layouts/content-layout';

export function MarketingAuditsRoute() {
  return (
    <ContentLayout title="Marketing Audits">
      <p>Every audit request, with the delivery, opening and viewing of its report.</p>
    </ContentLayout>
  );
}
