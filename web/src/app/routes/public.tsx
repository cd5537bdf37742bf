import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { StructuredData } from '@/components/seo/structured-data';
import { ChatLauncher } from '@/features/chat/components/chat-launcher';
import { AuditPopup } from '@/features/audit-popup/components/audit-popup';
import { ContactPopup } from '@/features/contact/components/contact-popup';
import { LeadForm } from '@/features/lead-forms/components/lead-form';
import { CookiePreferencesLink } from '@/features/site-loader/components/cookie-preferences-link';
import { popupFor } from '@/lib/funnel-popup';
import { useSiteConfig } from '@/lib/site-config';
import { POPUP_TEST, trackPopupView, useExperiment } from '@/lib/tracking';

export function PublicRoute() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const navigate = useNavigate();
  const config = useSiteConfig();
  // Whose popup this page shows: a funnel's landing page its own, every other page
  // the free audit funnel's, which opens by itself on the home page only (the footer's button
  // opens it on every page).
  const popup = popupFor(config, pathname);
  // The popup's A/B test: A shows the picture (popup-image), B the standard form.
  const test = config?.tests.find((t) => t.testType === POPUP_TEST.testType);
  const experiment = useExperiment(POPUP_TEST.testType, POPUP_TEST.variants, popup.variantText, test);
  const variant = popup.variant(experiment.variant);
  return (
    <PublicLayout footerLinks={<CookiePreferencesLink />}>
      <StructuredData />
      <Outlet />
      <AuditPopup
        automatic={popup.automatic}
        enabled={popup.enabled}
        triggers={popup.triggers}
        onUnavailable={() => void navigate({ to: '/marketing-audit' })}
        formId={variant.formId}
        title={variant.title}
        subtitle={variant.subtitle}
        onShown={() => {
          experiment.impression();
          if (popup.tracksViews) trackPopupView(POPUP_TEST.testType);
        }}
        onCtaClick={experiment.click}
      >
        {(close) => (
          <LeadForm
            formId={variant.formId}
            definition={variant.definition}
            funnelId={popup.funnelId}
            source="Audit Popup"
            showTitle={false}
            abVariant={experiment.variant}
            onSubmitted={close}
          />
        )}
      </AuditPopup>
      <ContactPopup />
      <ChatLauncher />
    </PublicLayout>
  );
}
