// Only one managed popup may show at a time. A popup claims the slot before it opens
// and releases it when it closes; a claim while another popup holds the slot is refused.

let active: string | null = null;

export function claimPopup(id: string): boolean {
  if (active !== null && active !== id) return false;
  active = id;
  return true;
}

export function releasePopup(id: string): void {
  if (active === id) active = null;
}

/** Set for the rest of the browser session once the visitor has sent one of the site's forms. */
export const FORM_SENT_KEY = 'formSent';

/**
 * A visitor who has sent a form (asked for an audit, written to the owner) is not interrupted
 * by a popup opening by itself for the rest of the session: it would cover what they came for.
 */
export function noteFormSent(): void {
  try {
    sessionStorage.setItem(FORM_SENT_KEY, 'true');
  } catch {
    // Storage refused (private mode): a popup may still open by itself, which is harmless.
  }
}

export function formSentThisSession(): boolean {
  try {
    return sessionStorage.getItem(FORM_SENT_KEY) === 'true';
  } catch {
    return false;
  }
}
