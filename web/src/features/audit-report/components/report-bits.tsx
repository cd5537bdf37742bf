import type { ReactNode } from 'react';
import type { Tone } from '../utils/levels';
import styles from './audit-report.module.css';

export function Badge({ tone, children, testId }: { tone: Tone | 'grey'; children: ReactNode; testId?: string }) {
  return (
    <span className={`${styles.badge} ${styles[`badge-${tone}`]}`} data-testid={testId}>
      {children}
    </span>
  );
}

export function Bar({ value, tone, label }: { value: number; tone: Tone; label: string }) {
  const pct = Math.max(0, Math.min(100, value));
  return (
    <div className={styles.bar} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)}>
      <span className={styles[`fill-${tone}`]} style={{ width: `${pct}%` }} />
    </div>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A passed (✓), failed (✗) or not measured (–, `ok` null) point. */
export function Check({ ok, children }: { ok: boolean | null; children: ReactNode }) {
  const [mark, tone, said] =
    ok === null ? ['–', styles.muted, ' (not measured)'] : ok ? ['✓', styles['text-green'], ' (yes)'] : ['✗', styles['text-red'], ' (no)'];
  return (
    <p className={styles.check}>
      <span aria-hidden="true" className={tone}>
        {mark}
      </span>
      <span>
        {children}
        <span className="visually-hidden">{said}</span>
      </span>
    </p>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
