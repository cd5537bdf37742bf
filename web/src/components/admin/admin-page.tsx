import type { ReactNode } from 'react';
import styles from './admin-ui.module.css';

/** The frame of every admin page: heading, one line on what it is for, actions on the right. */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <div>
          <h1>{title}</h1>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </div>
  );
}

export function Panel({ title, children, actions }: { title?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className={styles.panel}>
      {(title || actions) && (
        <div className={styles.header}>
          {title && <h2 className={styles.panelTitle}>{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
