import { Link } from '@tanstack/react-router';
import { AdminSections } from '@/components/layouts/admin-sections';
import { ContentLayout } from '@/components/layouts/content-layout';
import { MailOutboxWarning } from '@/features/admin-audits/components/mail-outbox-warning';

/** The page the admin lands on after signing in; it warns first when mail reaches nobody. */
export function AdminHomeRoute() {
  return (
    <ContentLayout title="Admin Portal">
      <MailOutboxWarning />
      <AdminSections />
      <Link to="/" className="button button-outline">
        Back to Site
      </Link>
    </ContentLayout>
  );
}
