import { Outlet, useLocation } from '@tanstack/react-router';
import { AdminLayout } from '@/components/layouts/admin-layout';
import { AdminSections, isAdminSectionPath } from '@/components/layouts/admin-sections';
import { useUser, type AuthUser } from '@/features/auth/api/get-user';
import { SampleProfileBanner } from '@/features/admin-profile/components/sample-profile-banner';
import { AdminGuard } from '@/features/auth/components/admin-guard';

/** The bar greets the admin by e-mail, else first name, else 'User'. */
function displayName(user: AuthUser): string {
  return user.email || user.firstName || 'User';
}

export function AdminLayoutRoute() {
  const { data: user } = useUser();
  // The index's cards double as the switcher above each card's page, the current one marked.
  const onSectionPage = useLocation({ select: (location) => isAdminSectionPath(location.pathname) });
  return (
    <AdminLayout userName={user ? displayName(user) : null}>
      <AdminGuard>
        <SampleProfileBanner />
        {onSectionPage && <AdminSections compact />}
        <Outlet />
      </AdminGuard>
    </AdminLayout>
  );
}
