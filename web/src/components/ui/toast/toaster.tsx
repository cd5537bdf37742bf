import { useEffect, useRef } from 'react';
import { Toast } from './toast';
import { useToast } from './use-toast';
import styles from './toast.module.css';

/** The single notification region; mount it once, at the app root. */
export function Toaster() {
  const { toasts } = useToast();
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // Spec: F8 moves keyboard focus to the notifications from anywhere on the page.
    const focusOnF8 = (event: KeyboardEvent) => {
      if (event.key === 'F8') regionRef.current?.focus();
    };
    document.addEventListener('keydown', focusOnF8);
    return () => document.removeEventListener('keydown', focusOnF8);
  }, []);

  return (
    <section ref={regionRef} tabIndex={-1} aria-label="Notifications (F8)" className={styles.viewport}>
      <ol className={styles.list} aria-live="polite">
        {toasts
          .filter((toast) => toast.open)
          .map((toast) => (
            <Toast key={toast.id} toast={toast} />
          ))}
      </ol>
    </section>
  );
}
