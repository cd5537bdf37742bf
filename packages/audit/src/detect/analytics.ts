// Analytics, tag managers and ad pixels found in a page's markup.
import type { ParsedPage } from '../page.ts';

export interface AnalyticsFound {
  ga4: string[];
  universal: string[];
  gtm: string[];
  gtmNoscript: boolean;
  /** gtag.js loaded more than once with the same id. */
  duplicateGtag: string[];
  /** Other analytics and pixel tools by name. */
  tools: string[];
  adPixels: string[];
  consent: boolean;
  searchConsoleVerified: boolean;
}

const TOOLS: Array<[string, RegExp]> = [
  ['Plausible', /plausible\.io\/js|data-domain=[^>]+plausible/i],
  ['Matomo', /matomo\.js|piwik\.js|_paq\.push/i],
  ['Fathom', /cdn\.usefathom\.com/i],
  ['Umami', /umami\.(?:is|js)|data-website-id=/i],
  ['Hotjar', /static\.hotjar\.com|hj\('/i],
  ['Microsoft Clarity', /clarity\.ms\/tag/i],
  ['Segment', /cdn\.segment\.com/i],
  ['HubSpot', /js\.hs-scripts\.com|js\.hs-analytics\.net/i],
  ['Adobe Analytics', /assets\.adobedtm\.com|omniture|s_code\.js/i],
  ['Mixpanel', /cdn\.mxpnl\.com|mixpanel\.init/i],
  ['Heap', /cdn\.heapanalytics\.com/i],
];

const PIXELS: Array<[string, RegExp]> = [
  ['Meta Pixel', /connect\.facebook\.net\/[^"']*fbevents\.js|fbq\(\s*['"]init/i],
  ['LinkedIn Insight Tag', /snap\.licdn\.com\/li\.lms-analytics|_linkedin_partner_id/i],
  ['Google Ads', /\bAW-\d{6,}\b/],
  ['TikTok Pixel', /analytics\.tiktok\.com/i],
  ['Pinterest Tag', /s\.pinimg\.com\/ct\/core\.js|pintrk\(/i],
  ['Microsoft Ads', /bat\.bing\.com\/bat\.js/i],
];

const CONSENT = new RegExp(
  [
    /cookiebot|onetrust|cookieyes|termly|iubenda|osano|cookie-?consent|cookie-?notice/.source,
    /cookie-?banner|complianz|usercentrics|quantcast choice|gdpr/.source,
  ].join('|'),
  'i',
);

const unique = (values: string[]) => [...new Set(values)];

export function detectAnalytics(page: ParsedPage): AnalyticsFound {
  const html = page.snapshot.html.slice(0, 3_000_000);
  const scriptSrcs = page.scripts.map((s) => s.url ?? s.src ?? '');
  const gtagLoads = scriptSrcs.filter((s) => /googletagmanager\.com\/gtag\/js/i.test(s)).map((s) => /[?&]id=([^&]+)/.exec(s)?.[1] ?? '');
  // A Google tag loaded by its GT- id (Google Site Kit, tags created since 2023) sends to GA4 too.
  const googleTags = gtagLoads.filter((id) => /^GT-[A-Z0-9]{6,12}$/.test(id));
  const ga4 = unique([...(html.match(/\bG-[A-Z0-9]{6,12}\b/g) ?? []), ...googleTags]);
  const universal = unique([...(html.match(/\bUA-\d{4,10}-\d{1,4}\b/g) ?? [])]);
  const hasGtmScript = /googletagmanager\.com\/gtm\.js|gtm\.start/i.test(html);
  const gtm = hasGtmScript ? unique([...(html.match(/\bGTM-[A-Z0-9]{4,10}\b/g) ?? [])]) : [];
  if (hasGtmScript && !gtm.length) gtm.push('GTM');
  if (/google-analytics\.com\/(?:analytics|ga)\.js/i.test(html) && !universal.length) universal.push('analytics.js');
  const duplicateGtag = unique(gtagLoads.filter((id, i) => id && gtagLoads.indexOf(id) !== i));
  return {
    ga4,
    universal,
    gtm,
    gtmNoscript: /<noscript>[\s\S]{0,300}googletagmanager\.com\/ns\.html/i.test(html),
    duplicateGtag,
    tools: TOOLS.filter(([, re]) => re.test(html)).map(([name]) => name),
    adPixels: PIXELS.filter(([, re]) => re.test(html)).map(([name]) => name),
    consent: CONSENT.test(html),
    searchConsoleVerified: page.metas.has('google-site-verification'),
  };
}

export function hasAnyAnalytics(a: AnalyticsFound): boolean {
  return a.ga4.length > 0 || a.universal.length > 0 || a.gtm.length > 0 || a.tools.length > 0;
}
