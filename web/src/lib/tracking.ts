// The site's first-party tracking (packages/tracker) wired into the app: one tracker per
// page load, a page view on every public route change, form starts and submits picked up
// from the DOM, and helpers for the funnel's events that features call.
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formDefinitions } from '@curb/content';
import { createTracker, type Experiment, type TestSetting, type Tracker } from '@curb/tracker';
import { currentSiteConfig } from './site-config';

// The consent banner of the site loader (features/site-loader/utils/consent.ts) keeps the
// visitor's choice under this key and announces changes with this window event.
const CONSENT_KEY = 'curb_tag_consent';
const CONSENT_EVENT = 'curb:tag-consent';

let instance: Tracker | undefined;

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

/** The tracker, created on first use in the browser; undefined while prerendering. */
export function tracker(): Tracker | undefined {
  if (typeof window === 'undefined') return undefined;
  if (!instance) {
    instance = createTracker();
    followConsent(instance);
    trackForms(instance);
  }
  return instance;
}

/** A first-party visitor id only while the visitor accepts tracking. */
function followConsent(t: Tracker) {
  try {
    t.setConsent(localStorage.getItem(CONSENT_KEY) === 'granted');
  } catch {
    // storage blocked: stay cookieless
  }
  window.addEventListener(CONSENT_EVENT, (e) => t.setConsent((e as CustomEvent<string>).detail === 'granted'));
}

/** A form's name for the events: its test id, id or name attribute. */
const formName = (form: HTMLFormElement) => form.dataset.testid || form.id || form.getAttribute('name') || 'form';

type FunnelEvent = 'pageView' | 'formStart' | 'formSubmit';

/** Whether a funnel records this event (its Tracking tab); a page or form of no funnel records every event. */
function funnelRecords(funnelId: string | undefined, event: FunnelEvent): boolean {
  return !funnelId || (currentSiteConfig()?.funnels.find((f) => f.active && f.id === funnelId)?.tracking.events[event] ?? true);
}

/** The active funnel whose landing page this is. */
const landingFunnelAt = (path: string) => currentSiteConfig()?.funnels.find((f) => f.active && `/${f.id}` === path)?.id;

/** form_start on the first focus inside a form, form_submit (with the e-mail typed) on submit. */
function trackForms(t: Tracker) {
  document.addEventListener('focusin', (e) => {
    const form = (e.target as Element | null)?.closest?.('form');
    if (form && !isAdminPath(location.pathname) && funnelRecords(form.dataset.funnel, 'formStart')) t.formStart(formName(form));
  });
  document.addEventListener(
    'submit',
    (e) => {
      const form = e.target as HTMLFormElement;
      if (isAdminPath(location.pathname) || !funnelRecords(form.dataset.funnel, 'formSubmit')) return;
      const email = form.querySelector<HTMLInputElement>('input[type="email"]');
      t.formSubmit(formName(form), email?.validity.valid && email.value ? email.value : undefined);
    },
    true,
  );
}

/** Mounted once in the root layout: a page view for every public route the visitor sees. */
export function usePageViewTracking(): void {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    if (!isAdminPath(pathname) && funnelRecords(landingFunnelAt(pathname), 'pageView')) tracker()?.page(pathname);
  }, [pathname]);
}

/** The audit popup shown (also the audit form view of the funnel). */
export const trackPopupView = (popup: string) => tracker()?.popupView(popup);
/** A lead the server accepted (valued at 97 USD, the tracker's lead value); converts the visit's A/B exposures. */
export const trackLead = (email?: string) => tracker()?.lead(email);
/** The thank-you step after a lead. */
export const trackConversion = () => tracker()?.conversion();
/** Consultation booking started, or completed (valued at 500 USD, the tracker's booking value). */
export const trackConsultation = (step: 'initiated' | 'booked') => tracker()?.consultation(step);

/** The audit popup's variants, A with the picture and B the standard form. */
export const POPUP_TEST = { testType: 'audit_popup', variants: ['A', 'B'], formIds: { A: 'popup-image', B: 'popup-standard' } } as const;

/** What a popup variant shows the visitor, for the A/B dashboard: its form's headline. */
export const popupVariantText = (variant: string): string =>
  formDefinitions[POPUP_TEST.formIds[variant as keyof typeof POPUP_TEST.formIds] ?? POPUP_TEST.formIds.A].title;

const NO_EXPERIMENT = (variant: string): Experiment => ({ variant, impression() {}, click() {}, convert() {} });

/**
 * A sticky variant for this visitor; call impression() when it is shown. The first render
 * (and the prerendered HTML) has the first variant, so hydration matches; the visitor's own
 * variant follows right after mounting.
 */
export function useExperiment(
  testType: string,
  variants: readonly string[],
  text?: (variant: string) => string,
  setting?: TestSetting,
): Experiment {
  const [experiment, setExperiment] = useState(() => NO_EXPERIMENT(variants[0]!));
  // The owner's split, pause or roll-out: a new one draws again for a unit that has not seen the test.
  const key = setting ? `${setting.status}:${JSON.stringify(setting.weights)}` : '';
  useEffect(() => {
    const assigned = tracker()?.experiment(testType, variants, text, setting);
    if (assigned) setExperiment(assigned);
    // The test and its variants are constants of the calling component; the setting is read through its key.
  }, [testType, key]);
  return experiment;
}
