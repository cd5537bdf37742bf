import { useEffect, useRef } from 'react';
import { SHOW_AUDIT_POPUP_EVENT } from '@/lib/window-events';
import { type AutoTriggers, DEFAULT_AUTO_TRIGGERS, type OpenReason, sessionFlag, startAutoTriggers } from '../utils/popup-triggers';

/**
 * Calls `open('request')` on the page event, and — when `automatic` — `open('auto')` after the
 * delay (25 s by default) or on exit intent, unless the popup was already shown in this session.
 * The delay counts from when the page started, whenever the funnel's timing arrives: the site's
 * settings load after the page, and a timer restarted then would open the popup late.
 */
export function useAuditPopupTriggers(open: (reason: OpenReason) => void, automatic: boolean, triggers?: AutoTriggers): void {
  useEffect(() => {
    const onRequest = () => open('request');
    window.addEventListener(SHOW_AUDIT_POPUP_EVENT, onRequest);
    return () => window.removeEventListener(SHOW_AUDIT_POPUP_EVENT, onRequest);
  }, [open]);

  const startedAt = useRef(performance.now());
  const delayMs = triggers?.delayMs ?? DEFAULT_AUTO_TRIGGERS.delayMs;
  const exitIntent = triggers?.exitIntent ?? DEFAULT_AUTO_TRIGGERS.exitIntent;
  useEffect(() => {
    if (!automatic || sessionFlag.isSet()) return;
    // A timer whose time has passed fires at once (1 ms: 0 means "no timer").
    const left = delayMs > 0 ? Math.max(1, delayMs - (performance.now() - startedAt.current)) : 0;
    return startAutoTriggers(() => open('auto'), document, { delayMs: left, exitIntent });
  }, [open, automatic, delayMs, exitIntent]);
}
