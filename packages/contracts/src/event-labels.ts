// The tracking events as the owner reads them in the admin ("Viewed Services", "Marketing
// focus shown"), in one place for every page that lists events: the retargeting funnel, its
// journeys and event details. The codes themselves (tracking.ts) stay in the raw data views.
// Kept out of tracking.ts, which the browser tracker bundles.
import { EVENTS, type EventName } from './tracking.ts';

/** What each event says happened; `{page}` is the name of the page it happened on. */
const LABELS: Record<EventName, string> = {
  [EVENTS.pageView]: 'Viewed {page}',
  [EVENTS.landingView]: 'Arrived on {page}',
  [EVENTS.auditFormView]: 'Audit form shown',
  [EVENTS.lead]: 'Became a lead',
  [EVENTS.conversion]: 'Thank-you shown',
  [EVENTS.consultationInitiated]: 'Started booking a consultation',
  [EVENTS.consultationBooked]: 'Booked a consultation',
  [EVENTS.engaged]: 'Engaged (2 min or 75% scroll)',
  [EVENTS.highIntent]: 'High intent shown',
  [EVENTS.marketingFocused]: 'Marketing focus shown',
  [EVENTS.popupView]: 'Audit popup shown',
  [EVENTS.formStart]: 'Started a form',
  [EVENTS.formSubmit]: 'Submitted a form',
  [EVENTS.abImpression]: 'A/B variant shown',
  [EVENTS.abClick]: 'A/B variant clicked',
  [EVENTS.abConversion]: 'A/B conversion',
  [EVENTS.emailOpen]: 'Opened the report e-mail',
  [EVENTS.reportView]: 'Viewed the audit report',
};

/** An event code the labels do not know, in words: "video_played" → "Video played". */
export function codeInWords(code: string): string {
  const words = code
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

/**
 * The event `code` as an action: with the page's name where the event is about a page
 * ("Viewed Services"), "a page" when none is given ("Viewed a page", as a funnel step); an
 * unknown code in words.
 */
export function eventLabel(code: string, page?: string): string {
  const label = (LABELS as Record<string, string>)[code];
  if (!label) return codeInWords(code);
  return label.replace('{page}', page || 'a page');
}
