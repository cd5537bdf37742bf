import type { ReactNode } from 'react';
import styles from './admin-ui.module.css';

export type BadgeTone = 'green' | 'yellow' | 'red' | 'blue' | 'gray';

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
