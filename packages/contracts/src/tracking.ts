// The tracking vocabulary shared by the browser tracker, the pages that emit events, the
// server-side events (mail opens, report views) and the dashboards' SQL. Plain constants:
// the tracker bundles this file and must stay tiny.

export const EVENTS = {
  pageView: 'page_view',
  /** Marketing funnel, in order: landing view, audit form view, form submit (lead), thank-you (conversion). */
  landingView: 'landing_view',
  auditFormView: 'audit_form_view',
  lead: 'lead',
  conversion: 'conversion',
  consultationInitiated: 'consultation_initiated',
  consultationBooked: 'consultation_booked',
  engaged: 'engaged',
  highIntent: 'high_intent',
  marketingFocused: 'marketing_focused',
  popupView: 'popup_view',
  formStart: 'form_start',
  formSubmit: 'form_submit',
  abImpression: 'ab_impression',
  abClick: 'ab_click',
  abConversion: 'ab_conversion',
  /** Sent by the server: the report e-mail's open pixel and the report page. */
  emailOpen: 'email_open',
  reportView: 'report_view',
} as const;
export type EventName = (typeof EVENTS)[keyof typeof EVENTS];

/** Event values in USD. */
export const LEAD_VALUE_USD = 97;
export const CONSULTATION_VALUE_USD = 500;

/** Engaged once after 120 s on the site or 75 % scroll, checked on scroll and at 30 s and 120 s. */
export const ENGAGED_SECONDS = 120;
export const ENGAGED_SCROLL_PERCENT = 75;
export const ENGAGEMENT_CHECKS_SECONDS = [30, 120] as const;
/** High intent after this many distinct pages, one of them /services or a marketing path. */
export const HIGH_INTENT_PAGES = 3;
/** Visiting one of these fires a marketing-focused event. */
export const MARKETING_FOCUSED_PATHS = ['/services', '/marketing-audit', '/real-estate-marketing-report'] as const;

/** Props key carrying the text of an A/B variant the visitor saw. */
export const VARIANT_TEXT_PROP = 'variant_text';
/**
 * The unit a variant was assigned to, sent with every A/B event: `v:<visitor id>` with consent
 * (sticky across visits), else `s:<session id>`. The dashboard counts these units, so the unit
 * assigned is the unit counted and none sits in two arms.
 */
export const AB_UNIT_PROP = 'ab_unit';
