// The visitor's choice about third-party tracking tags, kept in this browser only.
// Do-Not-Track and Global Privacy Control count as a refusal that is never asked about.

export type TagConsent = 'granted' | 'denied';

const KEY = 'curb_tag_consent';
/** Other parts of the page (the first-party tracker) can follow the choice. */
export const CONSENT_EVENT = 'curb:tag-consent';

export function privacySignal(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

export function readConsent(): TagConsent | null {
  if (typeof window === 'undefined') return null; // prerendering: nothing is decided or shown
  if (privacySignal()) return 'denied';
  try {
    const value = localStorage.getItem(KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

export function saveConsent(consent: TagConsent): void {
  try {
    localStorage.setItem(KEY, consent);
  } catch {
    // storage blocked: the choice holds for this page only
  }
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: consent }));
}
