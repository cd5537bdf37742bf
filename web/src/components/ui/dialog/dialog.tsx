import { useEffect, useId, useRef, type ReactNode } from 'react';
import { closeModal, openModal } from '@/lib/modal-stack';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Visually hide the title (it still names the dialog). */
  hideTitle?: boolean;
  description?: ReactNode;
  /** The width of a 'card' dialog ('panel' dialogs are as wide as the admin's tables). */
  size?: 'sm' | 'md' | 'lg' | 'full';
  /**
   * 'card': the public site's modals, one padded card. 'panel': the admin's working dialogs
   * (edit, history, previews, confirmations), up to 960 px wide with the title and the footer
   * ruled off from the content.
   */
  variant?: 'card' | 'panel';
  /** Actions under the content (Save, Cancel, Open in new tab). */
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
  testId?: string;
}

/**
 * The one modal dialog, on the native <dialog> element: showModal() makes the rest of the
 * page inert (focus stays inside), Escape and a backdrop click close it, the title names it,
 * focus returns to the element that opened it, and the page behind does not scroll while it
 * is open.
 */
export function Dialog({
  open,
  onClose,
  title,
  hideTitle,
  description,
  size = 'md',
  variant = 'card',
  footer,
  className,
  children,
  testId,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openModal(dialog);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // Escape asks the owner to close (it may refuse, as while an erasure runs).
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // Closed by the browser all the same (a second Escape): the owner is told.
    const onNativeClose = () => onCloseRef.current();
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      closeModal(dialog);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open]);

  const panel = variant === 'panel';
  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${panel ? styles.panel : styles[size]} ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      // A click on the <dialog> itself (not its content) is a click on the backdrop.
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className={styles.content}>
          <div className={styles.header}>
            <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.closeIcon} onClick={onClose} aria-label="Close dialog">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {description && (
            <p id={descriptionId} className={styles.description}>
              {description}
            </p>
          )}
          {panel ? <div className={styles.body}>{children}</div> : children}
          {footer && <div className={styles.footer}>{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
