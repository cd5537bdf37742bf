import { Outlet, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PublicLayout } from '../../components/layouts/public-layout';
import { StructuredData } from '../../components/seo/structured-data';
import { AuditPopup } from '../../features/audit-popup/components/audit-popup';
import { ContactPopup } from '../../features/contact/components/contact-popup';
import { LeadForm } from '../../features/lead-forms/components/lead-form';

export function PublicRoute() {
  // The timed and exit-intent triggers belong to the home page; the footer's button opens
  // the popup on every public page.
  const isHome = useLocation({ select: (location) => location.pathname === '/' });
  // Marks the page interactive (prerendered markup is visible before the app hydrates it).
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return (
    <PublicLayout>
      <StructuredData />
      <Outlet />
      <AuditPopup automatic={isHome}>{(close) => <LeadForm formId="popup-image" source="Audit Popup" showTitle={false} onSubmitted={close} />}</AuditPopup>
      <ContactPopup />
    </PublicLayout>
  );
}
