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
}: {
  title: ReactNode;
  lead: ReactNode;
  before?: ReactNode;
  children?: ReactNode;
  as?: 'section' | 'header';
}) {
  return (
    <Element className={styles.hero}>
      <div className="container">
        {before}
        <h1>{title}</h1>
        <p className={styles.lead}>{lead}</p>
        {children}
      </div>
    </Element>
  );
}
