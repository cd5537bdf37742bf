import { useEffect, useId, useRef, type ReactNode } from 'react';
import { closeModal, openModal } from '@/lib/modal-stack';
import styles from './admin-ui.module.css';

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and returns
 * focus to the opener. Rendered only while open.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    openModal(dialog);
    return () => closeModal(dialog);
  }, []);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose(); // a click on the backdrop
      }}
    >
      <div className={styles.dialogHeader}>
        <h2 id={titleId}>{title}</h2>
        <button type="button" className={styles.closeButton} onClick={onClose} aria-label="Close">
          ✕
        </button>
      </div>
      <div className={styles.dialogBody}>{children}</div>
      {footer && <div className={styles.dialogHeader}>{footer}</div>}
    </dialog>
  );
}
