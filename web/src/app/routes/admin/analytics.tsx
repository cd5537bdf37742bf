import { AnalyticsHubPage } from '@/features/admin-analytics/components/analytics-hub-page';

export function AnalyticsRoute() {
  return <AnalyticsHubPage />;
}
