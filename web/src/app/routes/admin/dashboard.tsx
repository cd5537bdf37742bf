import { ContentLayout } from '../../../components/layouts/content-layout';

export function AdminDashboardRoute() {
  return (
    <ContentLayout title="System Overview">
      <p>System health, data connections, analytics integration and feature status at a glance.</p>
    </ContentLayout>
  );
}
