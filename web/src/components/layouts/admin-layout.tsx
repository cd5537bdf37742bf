import { Link, useLocation, type LinkProps } from '@tanstack/react-router';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { adminSections } from './admin-sections';
import styles from './admin-layout.module.css';

interface AdminNavItem {
  label: string;
  to: LinkProps['to'];
  /** The portal index would otherwise count as active on every admin page. */
  exact?: boolean;
}

// Older links name /admin/panel and /admin/enhanced-funnels; both redirect to the
// canonical /admin/dashboard and /admin/funnels, so the bar links to those directly.
const adminNavigation: readonly AdminNavItem[] = [
  { label: 'Dashboard', to: '/admin/dashboard' },
  { label: 'Marketing Audits', to: '/admin/marketing-audits' },
  { label: 'Funnel Manager', to: '/admin/funnels' },
  { label: 'Traffic', to: '/admin/traffic' },
  { label: 'Analytics', to: '/admin/analytics' },
  { label: 'Profile', to: '/admin/profile' },
  { label: 'Site Content', to: '/admin/content' },
  { label: 'Settings', to: '/admin/settings' },
  { label: 'Data & Privacy', to: '/admin/privacy' },
  { label: 'Admin Home', to: '/admin', exact: true },
];

// On a phone the bar's links fold into one menu that also holds the section switcher's
// pages (the switcher itself is hidden there), so the bar is one row.
const phoneOnlyItems: readonly AdminNavItem[] = adminSections
  .filter((section) => !adminNavigation.some((item) => item.to === section.to))
  .map((section) => ({ label: section.title, to: section.to }));

/**
 * The admin shell. `userName` is the signed-in admin's display name; without one the bar
 * shows only the brand and the way back to the site: admin navigation is for signed-in
 * admins only, and tells a stranger nothing about the admin.
 */
export function AdminLayout({ userName, children }: { userName: string | null; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => setMenuOpen(false), [pathname]);
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
              <button
                type="button"
                className={styles.menuButton}
                aria-expanded={menuOpen}
                aria-controls={menuId}
                onClick={() => setMenuOpen((open) => !open)}
              >
                Menu
              </button>
              <div id={menuId} className={styles.links} data-open={menuOpen}>
                {[...adminNavigation, ...phoneOnlyItems].map((item) => (
                  <Link
                    key={item.label}
                    to={item.to}
                    activeOptions={{ exact: item.exact ?? false }}
                    className={phoneOnlyItems.includes(item) ? `${styles.navLink} ${styles.phoneOnly}` : styles.navLink}
                  >
                    {item.label}
                  </Link>
                ))}
              </div>
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
            {/* A plain link: the site is sent with the owner's current settings (tracking tags
                and the page policy that allows them, head tags), which an admin page loaded
                before a change does not have. */}
            <a href="/" className={`button button-outline ${styles.viewSite}`}>
              View Site
            </a>
          </div>
        </div>
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
