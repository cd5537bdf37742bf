import { Link, type LinkProps } from '@tanstack/react-router';
import styles from './admin-sections.module.css';

interface AdminSection {
  title: string;
  description: string;
  to: LinkProps['to'] & string;
}

// The /admin index's five cards, in its order.
export const adminSections: readonly AdminSection[] = [
  { title: 'System Overview', description: 'System health, data connections and feature status.', to: '/admin/dashboard' },
  { title: 'Marketing Audits', description: 'Audit leads and the delivery of their report e-mails.', to: '/admin/marketing-audits' },
  { title: 'Enhanced Funnel Manager', description: 'Lead-generation funnels and their conversions.', to: '/admin/funnels' },
  { title: 'A/B Testing', description: 'Variant impressions, conversions and winners.', to: '/admin/ab-testing' },
  { title: 'Retargeting Analytics', description: 'Conversion funnel, user journeys and traffic sources.', to: '/admin/retargeting' },
];

/** Whether `pathname` is one of the five card pages (where the cards act as a section switcher). */
export const isAdminSectionPath = (pathname: string) => adminSections.some((s) => pathname === s.to || pathname.startsWith(`${s.to}/`));

/**
 * The five admin cards: the portal index in full, and a compact switcher at the top of each
 * card's page. The router marks the current page's card (aria-current="page", data-status).
 */
export function AdminSections({ compact = false }: { compact?: boolean }) {
  return (
    <nav aria-label="Admin sections" className={compact ? `container ${styles.switcher}` : undefined}>
      <ul className={compact ? `${styles.cards} ${styles.compact}` : styles.cards}>
        {adminSections.map((section) => (
          <li key={section.to}>
            <Link to={section.to} className={styles.card}>
              <h2 className={styles.cardTitle}>{section.title}</h2>
              {!compact && <p className={styles.cardText}>{section.description}</p>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
