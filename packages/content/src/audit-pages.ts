// Texts of the free-audit pages: /marketing-audit, the real estate marketing report landing
// page, the audit popup and the inline audit form.

/** The /marketing-audit page. */
export const marketingAuditPage = {
  heroTitle: 'Free Real Estate Marketing Audit',
  heroLead:
    'A 15-point review of your website and online marketing that finds 3-5 untapped revenue sources. Agents who act on it ' +
    'typically see 25-40% more leads within 90 days.',
  benefits: [
    { icon: 'trending-up', title: 'Growth Opportunities', text: '3-5 untapped revenue sources in your current marketing.' },
    { icon: 'users', title: 'Lead Generation', text: 'Where your website loses visitors before they become leads.' },
    { icon: 'dollar', title: 'ROI Focused', text: 'Fixes ranked by effort and expected return, with a 90-day plan.' },
  ],
  formTitle: 'Get Your Free Marketing Audit',
  websiteLabel: 'Website URL',
  source: 'Marketing Audit Page',
  previewTitle: 'Website Preview',
  previewLoading: 'Capturing website...',
  insightsTitle: 'Quick Insights',
  analyzed: 'Website analyzed successfully',
  /** Loader captions by seconds from the start: paced so the wait reads as work being done. */
  loaderStages: [
    { at: 0.5, caption: 'Building analysis foundation...' },
    { at: 1.5, caption: 'Constructing website structure...' },
    { at: 2.5, caption: 'Adding marketing elements...' },
    { at: 3.5, caption: 'Evaluating market potential...' },
    { at: 4.5, caption: 'Ready to present your opportunities!' },
    { at: 6, caption: 'Ready to present your opportunities!' },
  ],
  /** A funnel that stores requests without analysing the website: no report to promise. */
  thankYouLead: {
    title: 'Request Submitted!',
    text: 'Thank you: we received your request and will be in touch within 24 hours.',
  },
  thankYou: {
    title: 'Audit Request Submitted!',
    text: 'Your personalized marketing audit report will arrive in your email within 24 hours. It includes:',
    items: [
      'Audit scores for your website, SEO, social media and lead generation',
      'Improvement recommendations ranked by impact',
      'A 90-day action plan',
      'ROI projections',
      'Competitive benchmark analysis',
    ],
  },
} as const;

/** The inline audit form (services and experience pages). */
export const inlineAuditForm = {
  title: 'Get Your Free Marketing Audit',
  text: 'Tell me where to send it: your 15-point Growth Opportunities Report arrives within 24 hours.',
  websiteHint: 'The site we will audit. Check it is yours.',
  submitText: 'Get My Free Audit',
  sendingText: 'Generating Report...',
  successTitle: 'Request Submitted!',
  successText: 'Your marketing audit will be delivered to your inbox within 24 hours.',
} as const;

/** The timed audit popup. */
export const auditPopup = {
  image: '/media/audit-popup.svg',
  imageAlt: 'A sample Growth Opportunities Report with scores for website, SEO, social media and lead generation',
  declineText: 'No thanks',
} as const;

/** The /real-estate-marketing-report landing page. */
export const reportLandingPage = {
  heroTitle: 'Real Estate Marketing Report',
  heroLead:
    'See exactly how your website, search presence and social profiles compare with the top agents in your market — free, in 24 hours.',
  heroButton: 'Get Your Free Report',
  stats: [
    { value: '15+', label: 'Metrics' },
    { value: '100%', label: 'Free' },
    { value: '24', label: 'Hours' },
  ],
  areasTitle: 'What the report analyses',
  areas: [
    { icon: 'globe', title: 'Website Performance', text: 'Speed, mobile experience, security and Core Web Vitals.' },
    { icon: 'search', title: 'Search Visibility', text: 'Titles, descriptions, structured data and local SEO.' },
    { icon: 'share', title: 'Social Presence', text: 'Your profiles on Zillow, Realtor.com, Homes.com and social networks.' },
    { icon: 'magnet', title: 'Lead Generation', text: 'Forms, calls to action, IDX search and valuation tools.' },
    { icon: 'file', title: 'Content Strategy', text: 'Neighbourhood pages, blog posts and market reports.' },
    { icon: 'bar-chart', title: 'Competitive Benchmark', text: 'How you compare with the industry average and top performers.' },
  ],
  sampleTitle: 'Sample Results',
  sampleBusiness: 'Sample Realty Team — samplerealtyteam.example',
  sample: [
    { metric: 'Website Speed', value: '2.1 s', status: 'Good' },
    { metric: 'Mobile Experience', value: '92/100', status: 'Good' },
    { metric: 'Search Optimization', value: '64/100', status: 'Improve' },
    { metric: 'Lead Capture', value: '2 of 6 elements', status: 'Improve' },
    { metric: 'Profile Consistency', value: '1 of 3 verified', status: 'Critical' },
  ],
  ctaTitle: 'Ready for your own report?',
  ctaButton: 'Get Your Complete Report',
} as const;

/** The 404 page. */
export const notFoundPage = {
  title: 'This page isn’t on the market',
  message:
    'We looked in every room but couldn’t find the page you asked for. It may have moved, or the link may be mistyped. Let’s get ' +
    'you somewhere useful.',
  popularPages: [
    { label: 'About', to: '/', hash: 'about' },
    { label: 'Experience', to: '/experience' },
    { label: 'Blog', to: '/blog' },
    { label: 'Marketing Audit', to: '/marketing-audit' },
  ],
} as const;
