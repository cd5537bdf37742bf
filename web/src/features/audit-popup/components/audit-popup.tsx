import { auditPopup, formDefinitions } from '@curb/content';
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog/dialog';
import { releasePopup } from '@/lib/popup-manager';
import { useAuditPopupTriggers } from '../hooks/use-audit-popup-triggers';
import { type AutoTriggers, createPopupOpener, type OpenReason } from '../utils/popup-triggers';
import styles from './audit-popup.module.css';

const POPUP_ID = 'audit';

export interface AuditPopupProps {
  /** Open by itself (timer, exit intent); the page event opens it everywhere. */
  automatic: boolean;
  /** The popup variant: with the report picture (popup-image) or without (popup-standard). */
  formId: 'popup-image' | 'popup-standard';
  /** The variant's title and subtitle as its funnel sets them (the form's own by default). */
  title?: string;
  subtitle?: string;
  /** When it opens by itself (25 s and exit intent by default). */
  triggers?: AutoTriggers;
  /** False while its funnel is inactive or has the popup off: it never opens, and a page request calls `onUnavailable`. */
  enabled?: boolean;
  onUnavailable?: () => void;
  /** Called each time the popup is shown (tracking). */
  onShown?: () => void;
  /** Called on the first click of the form's call to action (submit) per showing (tracking). */
  onCtaClick?: () => void;
  /** The lead form, given a function that closes the popup. */
  children: (close: () => void) => ReactNode;
}

/** The free-audit popup with its picture; one managed popup at a time. */
export function AuditPopup({
  automatic,
  formId,
  title,
  subtitle,
  triggers,
  enabled = true,
  onUnavailable,
  onShown,
  onCtaClick,
  children,
}: AuditPopupProps) {
  const [open, setOpen] = useState(false);
  const onShownRef = useRef(onShown);
  onShownRef.current = onShown;
  const ctaClicked = useRef(false);
  const [opener] = useState(() =>
    createPopupOpener(POPUP_ID, () => {
      ctaClicked.current = false;
      setOpen(true);
      onShownRef.current?.();
    }),
  );
  const onUnavailableRef = useRef(onUnavailable);
  onUnavailableRef.current = onUnavailable;
  const unavailable = useCallback((reason: OpenReason) => {
    if (reason === 'request') onUnavailableRef.current?.();
  }, []);
  useAuditPopupTriggers(enabled ? opener.show : unavailable, enabled && automatic, triggers);
  useEffect(() => {
    if (!enabled) opener.cancel();
  }, [enabled, opener]);
  useEffect(() => opener.cancel, [opener]);

  const close = useCallback(() => {
    setOpen(false);
    releasePopup(POPUP_ID);
  }, []);

  // The form is the caller's: its submit button, whatever its state, is the call to action.
  const onFormClick = (e: MouseEvent) => {
    if (ctaClicked.current || !(e.target as Element).closest('button[type="submit"]')) return;
    ctaClicked.current = true;
    onCtaClick?.();
  };

  const definition = formDefinitions[formId];
  const withImage = formId === 'popup-image';
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title || definition.title}
      description={subtitle || definition.subtitle}
      size={withImage ? 'lg' : 'md'}
      testId="audit-popup"
    >
      <div className={withImage ? styles.layout : undefined} data-variant={formId}>
        {withImage && <img className={styles.image} src={auditPopup.image} alt={auditPopup.imageAlt} width="480" height="340" />}
        <div className={styles.form} onClickCapture={onFormClick}>
          {children(close)}
          <button type="button" className={styles.decline} onClick={close}>
            {auditPopup.declineText}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
