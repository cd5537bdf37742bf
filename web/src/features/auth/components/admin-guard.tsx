import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useUser } from '../api/get-user';
import { useSessionExpiry } from '../hooks/use-session-expiry';
import { LoginForm } from './login-form';
import styles from './admin-guard.module.css';

const isAdminIndex = (pathname: string) => pathname === '/admin' || pathname === '/admin/';

/**
 * While access is checked, 'Verifying admin access...'; a signed-out visitor is sent
 * to /admin, which shows the sign-in form; the admin sees the page.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const signedOut = !isPending && !user;
  useSessionExpiry();

  useEffect(() => {
    if (signedOut && !isAdminIndex(pathname)) void navigate({ to: '/admin', replace: true });
  }, [signedOut, pathname, navigate]);

  if (user) return children;
  if (signedOut && isAdminIndex(pathname)) return <LoginForm />;
  return (
    <p className={styles.verifying} role="status">
      Verifying admin access...
    </p>
  );
}
