// The admin's rates, each named by what it divides. Four pages computed four different
// "conversion rates" (reports, funnels, A/B tests, retargeting) under one name, so 6.7 % on
// one page and 2.6 % on another read as the same figure disagreeing.
export interface RateName {
  /** "What ÷ what", as the stat's label or the column's header. */
  label: string;
  /** One line under the figure: who is counted. */
  hint: string;
}

export const RATES = {
  /** Marketing Audits: `conversionRate` = audits whose lead came back to the report ÷ all audits. */
  reportReturns: {
    label: 'Reports viewed ÷ audits',
    hint: 'Leads who came back to their report, of every audit request',
  },
  /** Funnel card and its analytics: landing visitors who sent a form on that page ÷ its unique visitors. */
  funnelSubmissions: {
    label: 'Sent its form ÷ landing visitors',
    hint: 'Visitors of the funnel’s page who sent a form on that page, over its unique visitors',
  },
  /** Funnel card and its analytics when the funnel counts report e-mails opened (its Tracking tab). */
  funnelOpens: {
    label: 'E-mails opened ÷ landing visitors',
    hint: 'Leads who opened their report e-mail, over unique visitors of the funnel’s page',
  },
  /** …or reports the lead came back to. */
  funnelReportViews: {
    label: 'Reports viewed ÷ landing visitors',
    hint: 'Leads who came back to their report, over unique visitors of the funnel’s page',
  },
  /** Funnel manager: every funnel's conversions over every funnel's landing visitors (pooled). */
  funnelPooled: {
    label: 'All funnels: sent its form ÷ landing visitors',
    hint: 'All funnels’ conversions over all their landing visitors, so a busy page weighs more than a quiet one',
  },
  /** A/B testing: exposed units who became a lead ÷ exposed units. */
  abConversions: {
    label: 'Conversions ÷ impressions',
    hint: 'Visitors who became a lead after seeing a variant',
  },
  /** Retargeting: visitors who left an e-mail ÷ unique visitors. */
  identifiedVisitors: {
    label: 'Identified ÷ unique users',
    hint: 'Visitors who gave an e-mail address, of every visitor in the period',
  },
} as const satisfies Record<string, RateName>;

/** The rate a funnel's conversion event gives (its Tracking tab); submissions by default. */
export function funnelRate(event: 'form-submit' | 'email-open' | 'report-view' | undefined): RateName {
  return event === 'email-open' ? RATES.funnelOpens : event === 'report-view' ? RATES.funnelReportViews : RATES.funnelSubmissions;
}
