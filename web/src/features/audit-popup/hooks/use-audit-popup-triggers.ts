import { useEffect } from 'react';
import { SHOW_AUDIT_POPUP_EVENT } from '@/lib/window-events';

/** Spec: the popup opens by itself after 25 s... */
export const AUDIT_POPUP_DELAY_MS = 25_000;
/** ...or on exit intent: the mouse at y <= 10px after more than 15 mouse moves. */
export const EXIT_INTENT_MAX_Y = 10;
export const EXIT_INTENT_MIN_MOVES = 15;
/** Spec: at most once per browser session (a session flag set when shown). */
export const AUDIT_POPUP_SESSION_KEY = 'auditPopupShown';

export function shownThisSession(): boolean {
  try {
    return sessionStorage.getItem(AUDIT_POPUP_SESSION_KEY) === 'true';
  } catch {
    return false;
  }
}

export function markShown(): void {
  try {
    sessionStorage.setItem(AUDIT_POPUP_SESSION_KEY, 'true');
  } catch {
    // Storage refused (private mode): the popup may show again, which is harmless.
  }
}

/**
 * Calls `open('request')` on the page event, and — when `automatic` — `open('auto')` after
 * 25 s or on exit intent, unless the popup was already shown in this session.
 */
export function useAuditPopupTriggers(open: (reason: 'request' | 'auto') => void, automatic: boolean): void {
  useEffect(() => {
    const onRequest = () => open('request');
    window.addEventListener(SHOW_AUDIT_POPUP_EVENT, onRequest);
    return () => window.removeEventListener(SHOW_AUDIT_POPUP_EVENT, onRequest);
  }, [open]);

  useEffect(() => {
    if (!automatic || shownThisSession()) return;
    const timer = setTimeout(() => open('auto'), AUDIT_POPUP_DELAY_MS);
    let moves = 0;
    const onMove = (event: MouseEvent) => {
      moves += 1;
      if (moves > EXIT_INTENT_MIN_MOVES && event.clientY <= EXIT_INTENT_MAX_Y) open('auto');
    };
    document.addEventListener('mousemove', onMove, { passive: true });
    return () => {
      clearTimeout(timer);
      document.removeEventListener('mousemove', onMove);
    };
  }, [open, automatic]);
}
