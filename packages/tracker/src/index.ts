// The browser tracking client: page views, the marketing funnel, engagement and intent
// signals, A/B assignment and exposure, batched to POST /api/events with sendBeacon.
// Cookieless by default (the server derives a daily-rotating visitor id); a first-party id
// only after consent; nothing at all under Do-Not-Track or Global Privacy Control.
import {
  CONSULTATION_VALUE_USD,
  ENGAGED_SCROLL_PERCENT,
  ENGAGED_SECONDS,
  ENGAGEMENT_CHECKS_SECONDS,
  EVENTS,
  LEAD_VALUE_USD,
  AB_UNIT_PROP,
  VARIANT_TEXT_PROP,
} from '@curb/contracts/tracking';
import type { TrackedEvent } from '@curb/contracts/events';
import {
  campaign,
  externalReferrer,
  HIGH_INTENT_TEST_ID,
  highIntentByPages,
  isMarketingFocused,
  pickVariant,
  scrollPercent,
  uuid,
  type TestSetting,
  type Utm,
} from './rules.ts';

export type { TestSetting };

export type EventData = Omit<TrackedEvent, 'name'>;

export interface Experiment {
  variant: string;
  /** The variant was shown (once per page). */
  impression(): void;
  click(): void;
  convert(): void;
}

export interface Tracker {
  /** A page view (on every route change); the first of a session is also the landing view. */
  page(path?: string): void;
  track(name: string, data?: EventData): void;
  popupView(popup: string): void;
  /** The first interaction with a form (once per form and page). */
  formStart(form: string): void;
  /** A submitted form; the e-mail identifies the visitor. */
  formSubmit(form: string, email?: string): void;
  /** The lead event is worth 97 USD; it converts the session's A/B exposures. */
  lead(email?: string): void;
  /** The thank-you step. */
  conversion(): void;
  consultation(step: 'initiated' | 'booked'): void;
  /**
   * Sticky per unit: the same variant every time for the same test, drawn with the test's split;
   * a unit that saw the test keeps its variant across a change of split. A paused test shows
   * its control and records nothing.
   */
  experiment(testType: string, variants: readonly string[], text?: (variant: string) => string, setting?: TestSetting): Experiment;
  /** Consent to a first-party visitor id (kept in localStorage); false forgets it. */
  setConsent(granted: boolean): void;
  flush(): void;
  /** Stops listening (tests, hot reload). */
  stop(): void;
}

interface Session {
  id: string;
  start: number;
  utm?: Utm;
  ref?: string;
  pages: string[];
  engaged?: 1;
  intent?: 1;
  /** Variants the visitor was exposed to this session: testType → variant. */
  exp: Record<string, string>;
  /** The unit each exposed variant was assigned to: testType → `v:…` or `s:…` (AB_UNIT_PROP). */
  units?: Record<string, string>;
}

const SESSION_KEY = 'curb_t';
const VISITOR_KEY = 'curb_vid';
/** The variants a consenting visitor has seen: testType → variant (kept with, and dropped with, the visitor id). */
const SEEN_KEY = 'curb_ab';
const MAX_BATCH = 20;
const FLUSH_DELAY_MS = 1000;

function storage(kind: 'sessionStorage' | 'localStorage'): Storage | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

export function createTracker(endpoint = '/api/events'): Tracker {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  const off =
    nav.doNotTrack === '1' || (window as Window & { doNotTrack?: string }).doNotTrack === '1' || nav.globalPrivacyControl === true;
  const ss = storage('sessionStorage');
  const ls = storage('localStorage');
  let session: Session;
  try {
    session = JSON.parse(ss?.getItem(SESSION_KEY) ?? '') as Session;
    if (!session.id) throw new Error();
  } catch {
    session = {
      id: uuid(),
      start: Date.now(),
      utm: campaign(location.search),
      ref: externalReferrer(document.referrer, location.host),
      pages: [],
      exp: {},
    };
  }
  const save = () => ss?.setItem(SESSION_KEY, JSON.stringify(session));
  let visitorId = ls?.getItem(VISITOR_KEY) ?? undefined;
  let path = location.pathname;
  let queue: TrackedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = new Set<string>();
  const shown = new Set<string>();
  const seen = (): Record<string, string> => {
    try {
      return JSON.parse(ls?.getItem(SEEN_KEY) ?? '{}') as Record<string, string>;
    } catch {
      return {};
    }
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!queue.length) return;
    const body = JSON.stringify({ events: queue });
    queue = [];
    // sendBeacon posts text/plain (no CORS preflight) and survives the page closing.
    if (!nav.sendBeacon?.(endpoint, body)) {
      fetch(endpoint, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => {});
    }
  };

  // Sent with every event: a visit's screen size is its first event's (the collector keeps only the size class).
  const screenWidth = typeof screen === 'undefined' ? 0 : Math.round(screen.width);
  const track = (name: string, data: EventData = {}) => {
    if (off) return;
    queue.push({
      name,
      ts: Date.now(),
      eventId: uuid(),
      sessionId: session.id,
      path,
      ...(session.ref && { referrer: session.ref }),
      ...(session.utm && { utm: session.utm }),
      ...(visitorId && { visitorId }),
      ...(screenWidth && { screenWidth }),
      ...data,
    });
    if (queue.length >= MAX_BATCH) flush();
    else timer ??= setTimeout(flush, FLUSH_DELAY_MS);
  };

  const once = (flag: 'engaged' | 'intent', name: string) => {
    if (session[flag]) return;
    session[flag] = 1;
    save();
    track(name);
  };

  const checkEngaged = () => {
    const root = document.documentElement;
    if (
      (Date.now() - session.start) / 1000 > ENGAGED_SECONDS ||
      scrollPercent(scrollY, innerHeight, root.scrollHeight) > ENGAGED_SCROLL_PERCENT
    ) {
      once('engaged', EVENTS.engaged);
    }
  };

  const onIntent = (e: Event) => {
    const el = (e.target as Element | null)?.closest?.('[data-testid]');
    if (el && HIGH_INTENT_TEST_ID.test(el.getAttribute('data-testid') ?? '')) once('intent', EVENTS.highIntent);
  };
  const onHide = () => document.visibilityState === 'hidden' && flush();

  const timers = ENGAGEMENT_CHECKS_SECONDS.map((s) => setTimeout(checkEngaged, s * 1000));
  addEventListener('scroll', checkEngaged, { passive: true });
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHide);
  document.addEventListener('click', onIntent, true);
  document.addEventListener('focusin', onIntent, true);

  return {
    page(next = location.pathname) {
      path = next;
      started.clear();
      shown.clear();
      track(EVENTS.pageView);
      if (!session.pages.length) track(EVENTS.landingView);
      if (!session.pages.includes(next)) session.pages.push(next);
      save();
      if (isMarketingFocused(next)) track(EVENTS.marketingFocused);
      if (next === '/marketing-audit') track(EVENTS.auditFormView);
      if (highIntentByPages(session.pages)) once('intent', EVENTS.highIntent);
    },
    track,
    popupView(popup) {
      track(EVENTS.popupView, { props: { popup } });
      track(EVENTS.auditFormView, { props: { form: popup } });
    },
    formStart(form) {
      if (started.has(form)) return;
      started.add(form);
      track(EVENTS.formStart, { props: { form } });
    },
    formSubmit(form, email) {
      track(EVENTS.formSubmit, { props: { form }, ...(email && { email }) });
    },
    lead(email) {
      track(EVENTS.lead, { value: LEAD_VALUE_USD, ...(email && { email }) });
      for (const [testType, variant] of Object.entries(session.exp)) {
        track(EVENTS.abConversion, { testType, variant, props: { [AB_UNIT_PROP]: session.units?.[testType] ?? `s:${session.id}` } });
      }
    },
    conversion() {
      track(EVENTS.conversion);
    },
    consultation(step) {
      if (step === 'booked') track(EVENTS.consultationBooked, { value: CONSULTATION_VALUE_USD });
      else track(EVENTS.consultationInitiated);
    },
    experiment(testType, variants, text, setting) {
      // An exposure this session wins, so consenting mid-visit never switches the variant.
      const inSession = session.exp[testType];
      const keptUnit = session.units?.[testType];
      // The unit the variant is drawn for is the unit the dashboard counts: with consent the
      // visitor (same variant on every visit), without it this session.
      const unit = inSession && keptUnit && variants.includes(inSession) ? keptUnit : visitorId ? `v:${visitorId}` : `s:${session.id}`;
      // A unit that saw the test keeps its variant when the owner changes the split.
      const kept = inSession ?? (unit[0] === 'v' ? seen()[testType] : undefined);
      const { variant, counted } = pickVariant(unit.slice(2), testType, variants, kept, setting);
      const ab = (name: string, props: Record<string, string> = {}) =>
        counted && track(name, { testType, variant, props: { ...props, [AB_UNIT_PROP]: unit } });
      return {
        variant,
        impression() {
          if (!counted || shown.has(testType)) return;
          shown.add(testType);
          session.exp[testType] = variant;
          session.units = { ...session.units, [testType]: unit };
          save();
          if (unit[0] === 'v') ls?.setItem(SEEN_KEY, JSON.stringify({ ...seen(), [testType]: variant }));
          ab(EVENTS.abImpression, text ? { [VARIANT_TEXT_PROP]: text(variant).slice(0, 1024) } : {});
        },
        click: () => void ab(EVENTS.abClick),
        convert: () => void ab(EVENTS.abConversion),
      };
    },
    setConsent(granted) {
      if (granted) {
        visitorId ??= uuid();
        ls?.setItem(VISITOR_KEY, visitorId);
      } else {
        visitorId = undefined;
        ls?.removeItem(VISITOR_KEY);
        ls?.removeItem(SEEN_KEY);
      }
    },
    flush,
    stop() {
      flush();
      timers.forEach(clearTimeout);
      removeEventListener('scroll', checkEngaged);
      removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      document.removeEventListener('click', onIntent, true);
      document.removeEventListener('focusin', onIntent, true);
    },
  };
}
