import { Outlet, useLocation } from '@tanstack/react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { StructuredData } from '@/components/seo/structured-data';
import { AuditPopup } from '@/features/audit-popup/components/audit-popup';
import { ContactPopup } from '@/features/contact/components/contact-popup';
import { LeadForm } from '@/features/lead-forms/components/lead-form';
import { CookiePreferencesLink } from '@/features/site-loader/components/cookie-preferences-link';
import { POPUP_TEST, popupVariantText, trackPopupView, useExperiment } from '@/lib/tracking';

export function PublicRoute() {
  // The timed and exit-intent triggers belong to the home page; the footer's button opens
  // the popup on every public page.
  const isHome = useLocation({ select: (location) => location.pathname === '/' });
  // The popup's A/B test: A shows the picture (popup-image), B the standard form.
  const experiment = useExperiment(POPUP_TEST.testType, POPUP_TEST.variants, popupVariantText);
  const popupFormId = POPUP_TEST.formIds[experiment.variant as keyof typeof POPUP_TEST.formIds] ?? 'popup-image';
  return (
    <PublicLayout footerLinks={<CookiePreferencesLink />}>
      <StructuredData />
      <Outlet />
      <AuditPopup
        automatic={isHome}
        formId={popupFormId}
        onShown={() => {
          experiment.impression();
          trackPopupView(POPUP_TEST.testType);
        }}
        onCtaClick={experiment.click}
      >
        {(close) => (
          <LeadForm formId={popupFormId} source="Audit Popup" showTitle={false} abVariant={experiment.variant} onSubmitted={close} />
        )}
      </AuditPopup>
      <ContactPopup />
    </PublicLayout>
  );
}
