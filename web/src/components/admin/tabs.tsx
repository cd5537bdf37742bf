import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './admin-ui.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the chosen panel renders. */
export function Tabs<K extends string>({
  tabs,
  value,
  onChange,
  label,
  children,
}: {
  tabs: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  children: ReactNode;
}) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.key === value);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!;
    onChange(target.key);
    listRef.current?.querySelector<HTMLButtonElement>(`[data-key="${target.key}"]`)?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.tabList} ref={listRef} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${id}-${tab.key}`}
            data-key={tab.key}
            aria-selected={tab.key === value}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === value ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${value}`} className={styles.tabPanel}>
        {children}
      </div>
    </div>
  );
}
