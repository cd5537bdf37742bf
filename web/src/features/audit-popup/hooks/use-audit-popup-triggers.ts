import { useEffect } from 'react';
import { SHOW_AUDIT_POPUP_EVENT } from '@/lib/window-events';
import { type OpenReason, sessionFlag, startAutoTriggers } from '../utils/popup-triggers';

/**
 * Calls `open('request')` on the page event, and — when `automatic` — `open('auto')` after
 * 25 s or on exit intent, unless the popup was already shown in this session.
 */
export function useAuditPopupTriggers(open: (reason: OpenReason) => void, automatic: boolean): void {
  useEffect(() => {
    const onRequest = () => open('request');
    window.addEventListener(SHOW_AUDIT_POPUP_EVENT, onRequest);
    return () => window.removeEventListener(SHOW_AUDIT_POPUP_EVENT, onRequest);
  }, [open]);

  useEffect(() => {
    if (!automatic || sessionFlag.isSet()) return;
    return startAutoTriggers(() => open('auto'), document);
  }, [open, automatic]);
}
