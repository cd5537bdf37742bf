import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { subscribeModals, topModal } from '@/lib/modal-stack';
import { Toast } from './toast';
import { useToast } from './use-toast';
import styles from './toast.module.css';

/**
 * The single notification region; mount it once, at the app root. While a modal dialog is
 * open the region moves into it: the top layer and inertness would otherwise put the toasts
 * under the backdrop, out of reach of clicks.
 */
export function Toaster() {
  const { toasts } = useToast();
  const host = useSyncExternalStore(subscribeModals, topModal, () => null);
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // F8 moves keyboard focus to the notifications from anywhere on the page.
    const focusOnF8 = (event: KeyboardEvent) => {
      if (event.key === 'F8') regionRef.current?.focus();
    };
    document.addEventListener('keydown', focusOnF8);
    return () => document.removeEventListener('keydown', focusOnF8);
  }, []);

  const region = (
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
  return host ? createPortal(region, host) : region;
}
