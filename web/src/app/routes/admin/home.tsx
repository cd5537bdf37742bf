import { Link } from '@tanstack/react-router';
import { AdminSections } from '@/components/layouts/admin-sections';
import { ContentLayout } from '@/components/layouts/content-layout';
import { MailOutboxWarning } from '@/features/admin-audits/components/mail-outbox-warning';
import { FirstRunSetup } from '@/features/admin-profile/components/first-run-setup';

/**
 * The page the admin lands on after signing in; it warns first when mail reaches nobody, and
 * offers the first-run setup while the site still shows the sample profile.
 */
export function AdminHomeRoute() {
  return (
    <ContentLayout title="Admin Portal">
      <MailOutboxWarning />
      <FirstRunSetup />
      <AdminSections />
      <Link to="/" className="button button-outline">
        Back to Site
      </Link>
    </ContentLayout>
  );
}
