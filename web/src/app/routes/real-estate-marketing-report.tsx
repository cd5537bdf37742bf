import { REPORT_FUNNEL_ID } from '@curb/content';
import { ReportLandingPage } from '@/features/seo-report-landing/components/report-landing-page';
import { useLandingCopy } from '@/lib/site-config';
import { MarketingAuditRoute } from './marketing-audit';

/**
 * The report landing page, the Real Estate Marketing Report funnel's: its headline, copy and
 * call to action. While the funnel is inactive the page is the generic audit page,
 * as the page server sends it.
 */
export function RealEstateMarketingReportRoute() {
  const copy = useLandingCopy(REPORT_FUNNEL_ID);
  if (!copy.active) return <MarketingAuditRoute funnelId={null} />;
  return <ReportLandingPage headline={copy.headline} copy={copy.copy} ctaText={copy.ctaText} />;
}
