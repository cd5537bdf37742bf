import { Link, type LinkProps } from '@tanstack/react-router';
import { ContentLayout } from '../../../components/layouts/content-layout';
import styles from './home.module.css';

interface AdminSection {
  title: string;
  description: string;
  to: LinkProps['to'];
}

const adminSections: readonly AdminSection[] = [
  {
    title: 'System Overview',
    description: 'System health, data connections and feature status.',
    to: '/admin/dashboard',
  },
  {
    title: 'Marketing Audits',
    description: 'Audit leads and the delivery of their report e-mails.',
    to: '/admin/marketing-audits',
  },
  {
    title: 'Enhanced Funnel Manager',
    description: 'Lead-generation funnels and their conversions.',
    to: '/admin/funnels',
  },
  {
    title: 'A/B Testing',
    description: 'Variant impressions, conversions and winners.',
    to: '/admin/ab-testing',
  },
  {
    title: 'Retargeting Analytics',
    description: 'Conversion funnel, user journeys and traffic sources.',
    to: '/admin/retargeting',
  },
];

export function AdminHomeRoute() {
  return (
    <ContentLayout title="Admin Portal">
      <ul className={styles.cards}>
        {adminSections.map((section) => (
          <li key={section.title}>
            <Link to={section.to} className={styles.card}>
              <h2 className={styles.cardTitle}>{section.title}</h2>
              <p className={styles.cardText}>{section.description}</p>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/" className="button button-outline">
        Back to Site
      </Link>
    </ContentLayout>
  );
}
