import { ContentLayout } from '@/components/layouts/content-layout';

/** Spec: this page shows only its heading for now. */
export function ComprehensiveRoute() {
  return <ContentLayout title="Comprehensive Dashboard Coming Soon" />;
}
