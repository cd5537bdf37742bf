import type { ReactNode } from 'react';
import styles from './content-layout.module.css';

/** A page's main column: its heading, then its content. */
export function ContentLayout({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className={`container ${styles.content}`}>
      <h1>{title}</h1>
      {children}
    </section>
  );
}
