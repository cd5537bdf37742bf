import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageLoader } from '@/components/ui/page-loader';

const route = getRouteApi('/_public/audit-report/$reportId');

// The report page (and, on demand, its PDF renderer) comes in its own chunks.
const AuditReportPage = lazy(() =>
  import('@/features/audit-report/components/audit-report-page').then((m) => ({ default: m.AuditReportPage })),
);

export function AuditReportRoute() {
  const { reportId } = route.useParams();
  return (
    <Suspense fallback={<PageLoader />}>
      <AuditReportPage reportId={reportId?.trim() || undefined} />
    </Suspense>
  );
}
