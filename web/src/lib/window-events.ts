// Window events that connect parts of the page that do not import each other (the footer
// and the popups, the lead forms and whoever listens for enrichment results).

/** Raised by the footer's 'Get Your Free Audit' button; opens the audit popup. */
export const SHOW_AUDIT_POPUP_EVENT = 'showImageAuditPopup';
/** Raised by 'Send Message' buttons; opens the contact popup. */
export const SHOW_CONTACT_POPUP_EVENT = 'showContactPopup';
/** Raised by the footer's 'Cookie preferences' link; shows the tracking-tags consent banner again. */
export const SHOW_CONSENT_BANNER_EVENT = 'curb:show-consent-banner';
/** Dispatched with the enrichment result when a website lookup succeeds. */
export const URL_ENRICHMENT_SUCCESS_EVENT = 'urlEnrichmentSuccess';
/** Dispatched when a website lookup fails. */
export const URL_ENRICHMENT_ERROR_EVENT = 'urlEnrichmentError';

export function dispatchWindowEvent(name: string, detail?: unknown): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}
