// Third-party tags the owner configured in Settings, injected as external scripts. The
// vendors' snippets are normally inline; the site's CSP allows no inline script, so their
// bootstrap (queues and globals) runs here and only the vendor file is loaded. The server
// widens the CSP for exactly the vendors configured (services/api/src/plugins/tag-csp.ts).
import type { SettingsOf } from '@curb/contracts/settings';

type Queue = {
  (...args: unknown[]): void;
  q?: unknown[];
  queue?: unknown[];
  push?: unknown;
  loaded?: boolean;
  version?: string;
  callMethod?: (...a: unknown[]) => void;
};
type TagWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: Queue;
  _fbq?: Queue;
  _linkedin_partner_id?: string;
  _linkedin_data_partner_ids?: string[];
  lintrk?: Queue;
  hj?: Queue;
  _hjSettings?: { hjid: number; hjsv: number };
};

const w = () => window as TagWindow;

function loadScript(src: string, vendor: string): void {
  if (document.querySelector(`script[data-tag="${vendor}"]`)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.tag = vendor;
  document.head.appendChild(script);
}

export type AnalyticsSettings = SettingsOf<'analytics'>;

export const hasTags = (s: AnalyticsSettings) =>
  Boolean(s.google_analytics_id || s.google_tag_manager_id || s.facebook_pixel_id || s.linkedin_insight_tag || s.hotjar_site_id);

/** Injects every configured tag once; the first page view goes with it. */
export function injectTags(s: AnalyticsSettings): void {
  const win = w();
  if (s.google_tag_manager_id || s.google_analytics_id) win.dataLayer ??= [];
  if (s.google_tag_manager_id) {
    win.dataLayer!.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    loadScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(s.google_tag_manager_id)}`, 'gtm');
  }
  if (s.google_analytics_id) {
    win.gtag ??= function gtag() {
      // gtag.js reads the Arguments object itself, not an array.
      // biome-ignore lint/complexity/noArguments: gtag.js needs the Arguments object
      win.dataLayer!.push(arguments);
    };
    win.gtag('js', new Date());
    // Page views are sent on every route change (pageView below), including the first.
    win.gtag('config', s.google_analytics_id, { send_page_view: false });
    loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(s.google_analytics_id)}`, 'gtag');
  }
  if (s.facebook_pixel_id && !win.fbq) {
    const fbq: Queue = (...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue!.push(args);
    };
    Object.assign(fbq, { push: fbq, loaded: true, version: '2.0', queue: [] });
    win.fbq = win._fbq = fbq;
    fbq('init', s.facebook_pixel_id);
    loadScript('https://connect.facebook.net/en_US/fbevents.js', 'fbq');
  }
  if (s.linkedin_insight_tag && !win.lintrk) {
    win._linkedin_partner_id = s.linkedin_insight_tag;
    win._linkedin_data_partner_ids = [...(win._linkedin_data_partner_ids ?? []), s.linkedin_insight_tag];
    const lintrk: Queue = (...args: unknown[]) => lintrk.q!.push(args);
    lintrk.q = [];
    win.lintrk = lintrk;
    loadScript('https://snap.licdn.com/li.lms-analytics/insight.min.js', 'lintrk');
  }
  if (s.hotjar_site_id && !win.hj) {
    const hj: Queue = (...args: unknown[]) => (hj.q ??= []).push(args);
    win.hj = hj;
    win._hjSettings = { hjid: Number(s.hotjar_site_id), hjsv: 6 };
    loadScript(`https://static.hotjar.com/c/hotjar-${encodeURIComponent(s.hotjar_site_id)}.js?sv=6`, 'hotjar');
  }
}

/** A route change of the single-page app, told to the tags that count page views. */
export function pageView(s: AnalyticsSettings, path: string): void {
  const win = w();
  if (s.google_analytics_id && win.gtag)
    win.gtag('event', 'page_view', { page_path: path, page_location: location.href, page_title: document.title });
  if (s.google_tag_manager_id && win.dataLayer) win.dataLayer.push({ event: 'page_view', page_path: path });
  if (s.facebook_pixel_id && win.fbq) win.fbq('track', 'PageView');
}
