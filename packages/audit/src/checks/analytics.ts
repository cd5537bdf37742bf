// Measurement: analytics, tag managers, ad pixels and consent.
import { detectAnalytics, hasAnyAnalytics } from '../detect/analytics.ts';
import { memo, type Check, type CheckContext } from './types.ts';

export const analytics = (ctx: CheckContext) => memo(ctx, 'analytics', () => detectAnalytics(ctx.home));

export const analyticsChecks: Check[] = [
  {
    id: 'analytics.none',
    category: 'analytics',
    severity: 'Warning',
    free: true,
    title: 'No analytics',
    description: 'Without analytics you cannot tell where visitors come from, what they look at or which marketing brings leads.',
    fix: 'Install Google Analytics 4 (directly or through Google Tag Manager) and mark form submissions as conversions.',
    run: (ctx) => !hasAnyAnalytics(analytics(ctx)) && 'No analytics or tag manager was found.',
  },
  {
    id: 'analytics.universal-only',
    category: 'analytics',
    severity: 'Warning',
    title: 'Only the retired Universal Analytics',
    description: 'Universal Analytics (UA- ids) stopped collecting data in 2023; this site is measuring nothing.',
    fix: 'Set up a Google Analytics 4 property and replace the UA tag.',
    run: (ctx) =>
      analytics(ctx).universal.length > 0 &&
      analytics(ctx).ga4.length === 0 &&
      analytics(ctx).gtm.length === 0 &&
      `Only Universal Analytics (${analytics(ctx).universal.join(', ')}) is installed.`,
  },
  {
    id: 'analytics.gtm-noscript-missing',
    category: 'analytics',
    severity: 'Notice',
    title: 'Tag Manager without its noscript part',
    description:
      "Google Tag Manager's install has a <noscript> iframe after <body>; without it visits without JavaScript are not measured.",
    fix: 'Add the GTM <noscript> snippet right after the opening <body> tag.',
    run: (ctx) => analytics(ctx).gtm.length > 0 && !analytics(ctx).gtmNoscript && 'The GTM <noscript> iframe is missing.',
  },
  {
    id: 'analytics.duplicate-tag',
    category: 'analytics',
    severity: 'Notice',
    title: 'Analytics tag loaded twice',
    description: 'Loading the same tag twice double-counts page views and skews reports.',
    fix: 'Keep one copy of the tag (usually inside Tag Manager).',
    run: (ctx) => analytics(ctx).duplicateGtag.length > 0 && `gtag.js loads twice for ${analytics(ctx).duplicateGtag.join(', ')}.`,
  },
  {
    id: 'analytics.no-ad-pixel',
    category: 'analytics',
    severity: 'Notice',
    title: 'No retargeting pixel',
    description: 'Without a Meta, Google Ads or LinkedIn pixel you cannot show ads to people who visited your listings.',
    fix: 'Add the Meta Pixel (and Google Ads tag if you advertise) through Tag Manager.',
    run: (ctx) => analytics(ctx).adPixels.length === 0 && 'No Meta, Google Ads, LinkedIn or other ad pixel was found.',
  },
  {
    id: 'analytics.consent-missing',
    category: 'analytics',
    severity: 'Notice',
    title: 'Tracking without a consent banner',
    description: 'Tracking visitors without a consent tool risks privacy-law complaints and ad-platform restrictions.',
    fix: 'Add a consent manager (e.g. CookieYes, Cookiebot) and load tags only after consent where required.',
    run: (ctx) => hasAnyAnalytics(analytics(ctx)) && !analytics(ctx).consent && 'Analytics runs but no consent tool was found.',
  },
  {
    id: 'analytics.search-console-missing',
    category: 'analytics',
    severity: 'Notice',
    title: 'Search Console not verified by meta tag',
    description: 'Google Search Console shows which searches find you and reports indexing problems.',
    fix: 'Verify the site in Search Console (a meta tag, DNS record or Analytics link) and submit the sitemap.',
    run: (ctx) =>
      !analytics(ctx).searchConsoleVerified &&
      analytics(ctx).ga4.length === 0 &&
      analytics(ctx).gtm.length === 0 &&
      'No google-site-verification tag (and no Google tag to verify through).',
  },
];
