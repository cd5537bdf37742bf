import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import styles from './admin-layout.module.css';

interface AdminNavItem {
  label: string;
  to: LinkProps['to'];
  /** The portal index would otherwise count as active on every admin page. */
  exact?: boolean;
}

// The spec's navigation names /admin/panel and /admin/enhanced-funnels; both redirect to the
// canonical /admin/dashboard and /admin/funnels, so the bar links to those directly.
const adminNavigation: readonly AdminNavItem[] = [
  { label: 'Dashboard', to: '/admin/dashboard' },
  { label: 'Marketing Audits', to: '/admin/marketing-audits' },
  { label: 'Funnel Manager', to: '/admin/funnels' },
  { label: 'Analytics', to: '/admin/analytics' },
  { label: 'Settings', to: '/admin/settings' },
  { label: 'Comprehensive', to: '/admin/comprehensive' },
  { label: 'Admin Home', to: '/admin', exact: true },
];

/**
 * The admin shell. `userName` is the signed-in admin's display name; without one the bar
 * shows only the brand and the way back to the site, as the spec shows admin navigation
 * to authenticated users only.
 */
export function AdminLayout({ userName, children }: { userName: string | null; children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to="/admin/dashboard" className={styles.logo}>
            <img src="/favicon.svg" alt="" width="28" height="28" />
            Admin Portal
          </Link>
          {userName !== null && (
            <nav aria-label="Admin" className={styles.nav}>
              {adminNavigation.map((item) => (
                <Link
                  key={item.label}
                  to={item.to}
                  activeOptions={{ exact: item.exact ?? false }}
                  className={styles.navLink}
                >
                  {item.label}
                </Link>
              ))}
            </nav>
          )}
          <div className={styles.account}>
            {userName !== null && (
              <>
                <span className={styles.welcome}>Welcome, {userName}</span>
                {/* A plain link: the server ends the session and redirects. */}
                <a href="/api/logout" className={styles.navLink}>
                  Logout
                </a>
              </>
            )}
            <Link to="/" className={`button button-outline ${styles.viewSite}`}>
              View Site
            </Link>
          </div>
        </div>
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
