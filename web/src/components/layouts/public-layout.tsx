import type { ReactNode } from 'react';
import { PublicFooter } from './public-footer';
import { PublicNav } from './public-nav';
import styles from './public-layout.module.css';

export function PublicLayout({ children, footerLinks }: { children: ReactNode; footerLinks?: ReactNode }) {
  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <PublicNav />
      <main id="main" className={styles.main}>
        {children}
      </main>
      <PublicFooter links={footerLinks} />
    </div>
  );
}
