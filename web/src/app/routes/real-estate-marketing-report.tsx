import { ReportLandingPage } from '@/features/seo-report-landing/components/report-landing-page';

export function RealEstateMarketingReportRoute() {
  return <ReportLandingPage />;
}
