import { whenNoModalOpen } from '@/lib/modal-stack';
import { claimPopup, formSentThisSession } from '@/lib/popup-manager';

/** The popup opens by itself after 25 s... */
export const AUDIT_POPUP_DELAY_MS = 25_000;
/** ...or on exit intent: the mouse at y <= 10px after more than 15 mouse moves. */
export const EXIT_INTENT_MAX_Y = 10;
export const EXIT_INTENT_MIN_MOVES = 15;
/** At most once per browser session (a session flag set when shown). */
export const AUDIT_POPUP_SESSION_KEY = 'auditPopupShown';

export type OpenReason = 'request' | 'auto';

/**
 * Whether the popup may no longer open by itself this browser session (it was shown, or the
 * visitor sent a form), and the way to say it was shown.
 */
export interface SessionFlag {
  isSet: () => boolean;
  set: () => void;
}

export const sessionFlag: SessionFlag = {
  isSet: () => {
    try {
      return sessionStorage.getItem(AUDIT_POPUP_SESSION_KEY) === 'true' || formSentThisSession();
    } catch {
      return false;
    }
  },
  set: () => {
    try {
      sessionStorage.setItem(AUDIT_POPUP_SESSION_KEY, 'true');
    } catch {
      // Storage refused (private mode): the popup may show again, which is harmless.
    }
  },
};

/** When the popup opens by itself: the funnel's Popup Creator tab sets both. */
export interface AutoTriggers {
  /** Milliseconds before the timer opens it; 0 = no timer. */
  delayMs: number;
  exitIntent: boolean;
}

export const DEFAULT_AUTO_TRIGGERS: AutoTriggers = { delayMs: AUDIT_POPUP_DELAY_MS, exitIntent: true };

/**
 * The automatic triggers: `open()` after the delay (25 s by default), or on exit intent (mouse
 * moves on `target`). Answers the function that stops both.
 */
export function startAutoTriggers(open: () => void, target: EventTarget, triggers: AutoTriggers = DEFAULT_AUTO_TRIGGERS): () => void {
  const timer = triggers.delayMs > 0 ? setTimeout(open, triggers.delayMs) : undefined;
  let moves = 0;
  const onMove = (event: Event) => {
    moves += 1;
    if (moves > EXIT_INTENT_MIN_MOVES && (event as MouseEvent).clientY <= EXIT_INTENT_MAX_Y) open();
  };
  if (triggers.exitIntent) target.addEventListener('mousemove', onMove, { passive: true });
  return () => {
    clearTimeout(timer);
    target.removeEventListener('mousemove', onMove);
  };
}

/**
 * Shows a managed popup for a reason. One popup at a time: with another dialog open (the PDF
 * viewer, a keyword list...) it waits until the visitor has closed it, then shows; a popup
 * holding the slot wins. An automatic showing happens once per browser session; a page request
 * always shows. `cancel` drops a showing still waiting.
 */
export function createPopupOpener(popupId: string, onOpen: () => void, flag: SessionFlag = sessionFlag) {
  let cancelWaiting: (() => void) | null = null;
  const cancel = () => {
    cancelWaiting?.();
    cancelWaiting = null;
  };
  const show = (reason: OpenReason) => {
    if (reason === 'auto' && flag.isSet()) return;
    cancel();
    cancelWaiting = whenNoModalOpen(() => {
      cancelWaiting = null;
      if (reason === 'auto' && flag.isSet()) return;
      if (!claimPopup(popupId)) return;
      flag.set();
      onOpen();
    });
  };
  return { show, cancel };
}
