import { getRouteApi } from '@tanstack/react-router';
import { ContentLayout } from '../../components/layouts/content-layout';

const route = getRouteApi('/_public/audit-report/$reportId');

export function AuditReportRoute() {
  const { reportId } = route.useParams();
  return (
    <ContentLayout title="Your Growth Opportunities Report">
      <p>Scores, market analysis and an action plan for report {reportId}.</p>
    </ContentLayout>
  );
}
