import { Outlet } from '@tanstack/react-router';
import { AdminLayout } from '../../../components/layouts/admin-layout';
import { useUser, type AuthUser } from '../../../features/auth/api/get-user';
import { AdminGuard } from '../../../features/auth/components/admin-guard';

/** Spec: the bar greets the admin by e-mail, else first name, else 'User'. */
function displayName(user: AuthUser): string {
  return user.email || user.firstName || 'User';
}

export function AdminLayoutRoute() {
  const { data: user } = useUser();
  return (
    <AdminLayout userName={user ? displayName(user) : null}>
      <AdminGuard>
        <Outlet />
      </AdminGuard>
    </AdminLayout>
  );
}
