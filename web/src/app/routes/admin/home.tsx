import { Link } from '@tanstack/react-router';
import { AdminSections } from '@/components/layouts/admin-sections';
import { ContentLayout } from '@/components/layouts/content-layout';

export function AdminHomeRoute() {
  return (
    <ContentLayout title="Admin Portal">
      <AdminSections />
      <Link to="/" className="button button-outline">
        Back to Site
      </Link>
    </ContentLayout>
  );
}
