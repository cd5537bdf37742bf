import { useEffect } from 'react';
import { SHOW_AUDIT_POPUP_EVENT } from '@/lib/window-events';
import { type AutoTriggers, type OpenReason, sessionFlag, startAutoTriggers } from '../utils/popup-triggers';

/**
 * Calls `open('request')` on the page event, and — when `automatic` — `open('auto')` after the
 * delay (25 s by default) or on exit intent, unless the popup was already shown in this session.
 */
export function useAuditPopupTriggers(open: (reason: OpenReason) => void, automatic: boolean, triggers?: AutoTriggers): void {
  useEffect(() => {
    const onRequest = () => open('request');
    window.addEventListener(SHOW_AUDIT_POPUP_EVENT, onRequest);
    return () => window.removeEventListener(SHOW_AUDIT_POPUP_EVENT, onRequest);
  }, [open]);

  const delayMs = triggers?.delayMs;
  const exitIntent = triggers?.exitIntent;
  useEffect(() => {
    if (!automatic || sessionFlag.isSet()) return;
    const timing = delayMs === undefined || exitIntent === undefined ? undefined : { delayMs, exitIntent };
    return startAutoTriggers(() => open('auto'), document, timing);
  }, [open, automatic, delayMs, exitIntent]);
}
