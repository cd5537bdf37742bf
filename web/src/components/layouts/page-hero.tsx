import type { ReactNode } from 'react';
import styles from './page-hero.module.css';

/**
 * The band at the top of a public page: its heading and lead sentence, anything shown
 * before the heading (a back link, the post's date), and what follows the lead (a form,
 * the page's key figures).
 */
export function PageHero({
  title,
  lead,
  before,
  children,
  as: Element = 'section',
  funnelCopy = false,
}: {
  title: ReactNode;
  lead: ReactNode;
  before?: ReactNode;
  children?: ReactNode;
  as?: 'section' | 'header';
  /** A funnel's landing page: the heading and lead are marked for the page server's rewrite (text only). */
  funnelCopy?: boolean;
}) {
  return (
    <Element className={styles.hero}>
      <div className="container">
        {before}
        <h1 data-funnel-copy={funnelCopy ? 'headline' : undefined}>{title}</h1>
        <p className={styles.lead} data-funnel-copy={funnelCopy ? 'copy' : undefined}>
          {lead}
        </p>
        {children}
      </div>
    </Element>
  );
}
