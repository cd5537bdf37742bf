// The Growth Opportunities Report's own copy, shared by the report page and its PDF so the
// two never say different things: the date line, the fixed parts of the action plan, and
// how long an audit takes.

/**
 * Report dates are written in the owner's time zone (their setting, passed in by the page and
 * the PDF), whatever zone the reader's browser or the server is in, so a report generated late
 * in the evening does not carry two dates. A zone this runtime does not know reads as UTC.
 */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The report's date in long US format in `timeZone`, e.g. "November 14, 2026"; '' for a bad date. */
export function reportDate(iso: string, timeZone: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: knownZone(timeZone) });
}

/**
 * When the report was generated, with its time and time zone, e.g. "November 14, 2026, 9:30 PM
 * EST": a reader elsewhere knows which evening it was. '' for a bad date.
 */
export function reportGeneratedAt(iso: string, timeZone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const time = d
    .toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: knownZone(timeZone), timeZoneName: 'short' })
    // ICU puts a narrow no-break space before AM/PM, which the PDF's fonts may not draw.
    .replace(/\s/g, ' ');
  return `${reportDate(iso, timeZone)}, ${time}`;
}

/** How long the free audit takes, as the site promises it: the report on screen, then the e-mail. */
export const auditTiming = {
  onScreen: 'about 20 seconds',
  email: 'within 24 hours',
  sentence: 'The report is ready on screen in about 20 seconds, and the e-mail with the PDF arrives within 24 hours.',
} as const;

/** The medium-term list every report shows after the audit's own items: fixed, the advice that
 *  holds for any agent's site. */
export const MEDIUM_TERM_PLAN: readonly string[] = [
  'Publish a monthly market report for your main neighborhoods',
  'Build neighborhood guide pages with schools, commutes and recent sales',
  'Set up retargeting ads for visitors who viewed listings',
  'Collect and showcase new client reviews every month',
];

/**
 * The long-term list, written for the audited business: the local-search item names the
 * place found on its site ("Alexandria, VA"), or says "each town you serve" when none was.
 */
export function longTermPlan(location: string | null | undefined): string[] {
  const place = location?.trim();
  return [
    'Create video home tours and market updates for YouTube and your site',
    'Launch a referral and past-client nurture program',
    place
      ? `Rank for "homes for sale in ${place}" with a page for each neighborhood`
      : 'Rank for "homes for sale" in each town you serve, with a page for each',
    'Automate lead follow-up with e-mail and text sequences',
  ];
}

/**
 * Core Web Vitals as the report names them. INP replaced FID in March 2024; INP needs real
 * visitors' taps, so a lab run shows its stand-in, Total Blocking Time, and says so. FID is no
 * longer a Core Web Vital, so the report does not show it (a retired figure only confuses).
 */
export const vitalsCopy = {
  inpLabel: 'INP (lab stand-in: TBT)',
  note:
    'INP (Interaction to Next Paint) replaced FID as a Core Web Vital in March 2024. INP is measured from real visitors; a lab ' +
    'run shows its stand-in, Total Blocking Time (TBT).',
  short: 'INP replaced FID in March 2024; a lab run shows its stand-in, Total Blocking Time (TBT).',
} as const;
