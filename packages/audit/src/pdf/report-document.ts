// The report as a vector PDF (@react-pdf/renderer), one definition for both the PDF the
// server attaches to the report e-mail and the page's Export to PDF. Written with
// createElement so the package needs no JSX setup. Site-provided text goes into <Text> as
// plain strings: nothing in it is interpreted.
import { createElement as h, type ComponentProps, type ReactElement } from 'react';
import { Document, Font, Link, Line, Page, Polyline, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { scoreNotes } from '@curb/content';
import type { AuditReport, ScoreDetail, ScoreKey } from '@curb/contracts/audit';

// Whole words on a line: a business name hyphenated mid-word ("Wash-ington") reads as a typo.
Font.registerHyphenationCallback((word) => [word]);

const RED = '#dc2626';
const GREEN = '#16a34a';
const AMBER = '#d97706';
const GREY = '#6b7280';

const s = StyleSheet.create({
  page: { padding: 36, fontSize: 10, fontFamily: 'Helvetica', color: '#111827', lineHeight: 1.4 },
  brand: { fontSize: 9, color: RED, letterSpacing: 1, marginBottom: 6 },
  // A unitless line height is resolved against the page's 10 pt, not the text's own size:
  // every larger text sets its own, or its lines overlap what follows.
  title: { fontSize: 20, lineHeight: 1.25, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  subtitle: { fontSize: 10, color: GREY, marginBottom: 16 },
  h2: { fontSize: 14, lineHeight: 1.3, fontFamily: 'Helvetica-Bold', marginTop: 14, marginBottom: 8, color: '#111827' },
  h3: { fontSize: 11, lineHeight: 1.3, fontFamily: 'Helvetica-Bold', marginBottom: 3 },
  row: { flexDirection: 'row', alignItems: 'center' },
  overall: { flexDirection: 'row', alignItems: 'center', padding: 12, borderRadius: 6, backgroundColor: '#f9fafb', marginBottom: 12 },
  overallScore: { fontSize: 36, lineHeight: 1.15, fontFamily: 'Helvetica-Bold', marginRight: 16 },
  tile: { width: '31%', padding: 8, marginRight: '2%', marginBottom: 8, borderRadius: 4, borderWidth: 1, borderColor: '#e5e7eb' },
  tileScore: { fontSize: 18, lineHeight: 1.2, fontFamily: 'Helvetica-Bold' },
  small: { fontSize: 8, color: GREY },
  card: { padding: 10, marginBottom: 8, borderRadius: 4, borderWidth: 1, borderColor: '#e5e7eb' },
  bar: { height: 5, backgroundColor: '#e5e7eb', borderRadius: 3, marginVertical: 4 },
  bullet: { flexDirection: 'row', marginBottom: 2 },
  bulletDot: { width: 10 },
  mark: { width: 14, paddingTop: 2 },
  bulletText: { flex: 1 },
  badge: { fontSize: 8, paddingHorizontal: 4, paddingVertical: 1, borderRadius: 3, color: '#ffffff', marginLeft: 6 },
  footer: {
    position: 'absolute',
    bottom: 18,
    left: 36,
    right: 36,
    fontSize: 8,
    color: GREY,
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
});

type Style = ComponentProps<typeof View>['style'];

const SCORE_ORDER: ScoreKey[] = ['website', 'seo', 'leadGen', 'social', 'content', 'technical'];

/** Percent colours of the report: >=80 green, >=60 amber, else red. */
export function scoreColour(score: number): string {
  return score >= 80 ? GREEN : score >= 60 ? AMBER : RED;
}

const t = (style: Style, text: string | number) => h(Text, { style }, String(text));

/** A passed (✓) or failed (✗) mark drawn as lines: the PDF's standard fonts have neither glyph. */
function mark(passed: boolean): ReactElement {
  const stroke = { stroke: passed ? GREEN : RED, strokeWidth: 1.6, strokeLinecap: 'round' as const };
  return h(
    View,
    { style: s.mark },
    h(
      Svg,
      { width: 9, height: 9, viewBox: '0 0 9 9' },
      ...(passed
        ? [h(Polyline, { key: 'v', points: '1,5 3.5,7.5 8,1.5', fill: 'none', ...stroke })]
        : [
            h(Line, { key: 'a', x1: 1.5, y1: 1.5, x2: 7.5, y2: 7.5, ...stroke }),
            h(Line, { key: 'b', x1: 7.5, y1: 1.5, x2: 1.5, y2: 7.5, ...stroke }),
          ]),
    ),
  );
}

function bullets(items: string[]): ReactElement {
  return h(View, null, ...items.map((item, i) => h(View, { key: i, style: s.bullet }, t(s.bulletDot, '•'), t(s.bulletText, item))));
}

function bar(score: number): ReactElement {
  return h(
    View,
    { style: s.bar },
    h(View, { style: { width: `${Math.max(0, Math.min(100, score))}%`, height: 5, borderRadius: 3, backgroundColor: scoreColour(score) } }),
  );
}

function scoreCard(detail: ScoreDetail): ReactElement {
  const pct = Math.round((detail.score / detail.maxScore) * 100);
  return h(
    View,
    { style: s.card, wrap: false },
    h(
      View,
      { style: s.row },
      t({ ...s.h3, flex: 1 }, detail.metric),
      t({ fontFamily: 'Helvetica-Bold' }, `${detail.score}/${detail.maxScore}`),
      t({ ...s.badge, backgroundColor: scoreColour(pct) }, `${pct}%`),
      t({ ...s.badge, backgroundColor: GREY }, `${detail.impact} impact`),
    ),
    bar(pct),
    t({ marginBottom: 4 }, `Why this score? ${detail.reasoning}`),
    detail.benchmarks
      ? t(s.small, `Industry average ${detail.benchmarks.industry} · Top performers ${detail.benchmarks.topPerformers}`)
      : null,
    detail.recommendations.length ? h(View, { style: { marginTop: 4 } }, t(s.h3, 'Action items'), bullets(detail.recommendations)) : null,
  );
}

function footer(report: AuditReport): ReactElement {
  return h(
    View,
    { style: s.footer, fixed: true },
    t({}, `Growth Opportunities Report · ${report.businessName}`),
    h(Text, { render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => `${pageNumber} / ${totalPages}` }),
  );
}

export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The whole report as a react-pdf <Document>. `reportUrl` links back to the live report. */
export function ReportDocument({ report, reportUrl }: { report: AuditReport; reportUrl?: string }): ReactElement {
  const w = report.websiteData;
  const tech = report.technicalSEO;
  const ma = report.marketAnalysis;
  const f = w.realEstateFeatures;
  const yes = (b: boolean) => (b ? 'Yes' : 'No');
  const vitals = tech.coreWebVitals;

  const summary = h(
    Page,
    { size: 'LETTER', style: s.page },
    t(s.brand, 'GROWTH OPPORTUNITIES REPORT'),
    t(s.title, report.businessName),
    t(s.subtitle, `${report.website} · Generated ${longDate(report.generatedAt)}`),
    h(
      View,
      { style: s.overall },
      t({ ...s.overallScore, color: scoreColour(report.scores.overall) }, report.scores.overall),
      h(
        View,
        { style: { flex: 1 } },
        t(s.h3, `Overall score · Grade ${report.grade}`),
        t(s.small, scoreNotes.marketing),
        t(
          s.small,
          `${report.checksRun} checks run · ${report.findings.length} issues found · ` +
            `${w.lighthousePowered ? 'Speed measured with Lighthouse' : 'Speed estimated from network timings'}`,
        ),
      ),
    ),
    h(
      View,
      { style: { flexDirection: 'row', flexWrap: 'wrap' } },
      ...SCORE_ORDER.map((key) => {
        const d = report.scores[key];
        return h(
          View,
          { key, style: s.tile },
          t({ ...s.tileScore, color: scoreColour(d.score) }, d.score),
          t(s.small, d.metric),
          bar(d.score),
        );
      }),
    ),
    t(s.h2, 'The 15-point review'),
    ...report.checklist.map((c, i) =>
      h(
        View,
        { key: i, style: s.bullet },
        mark(c.passed),
        t(s.bulletText, c.passed ? c.title : `${c.title}: ${c.detail ?? 'needs attention'}`),
      ),
    ),
    t(s.h2, 'Website at a glance'),
    bullets([
      `Secure (HTTPS): ${yes(w.hasSSL)} · Mobile ready: ${yes(w.mobileOptimized)} · Analytics: ${yes(w.hasAnalytics)}`,
      `Load time ${w.loadTime} s${w.speedMeasurement ? ` (${w.speedMeasurement.loadTime})` : ''} · Mobile speed ` +
        `${tech.pageSpeed.mobile}/100 · Desktop speed ${tech.pageSpeed.desktop}/100`,
      `Core Web Vitals: LCP ${(vitals.lcp / 1000).toFixed(1)} s · FID ${vitals.fid} ms · CLS ${vitals.cls}` +
        `${w.speedMeasurement ? ` (${w.speedMeasurement.coreWebVitals})` : ''}`,
    ]),
    reportUrl ? h(Link, { src: reportUrl, style: { color: RED, marginTop: 8 } }, 'Open the interactive report') : null,
    footer(report),
  );

  const scores = h(
    Page,
    { size: 'LETTER', style: s.page },
    t(s.h2, 'Detailed scores'),
    ...SCORE_ORDER.map((key) => h(View, { key }, scoreCard(report.scores[key]))),
    footer(report),
  );

  const analysis = h(
    Page,
    { size: 'LETTER', style: s.page },
    t(s.h2, 'Market analysis'),
    ma
      ? h(
          View,
          null,
          t(
            {},
            `Market opportunity: ${ma.marketOpportunity} · Growth potential ${ma.growthPotential}/100 · Listing portals competing ` +
              `for your leads: ${ma.competitorCount}`,
          ),
          t(s.h3, 'Key insights'),
          bullets(ma.keyInsights),
          ma.competitiveAdvantage.length ? h(View, null, t(s.h3, 'Strengths'), bullets(ma.competitiveAdvantage)) : null,
          ma.marketChallenges.length ? h(View, null, t(s.h3, 'Challenges'), bullets(ma.marketChallenges)) : null,
        )
      : t({}, 'Not available.'),
    t(s.h2, 'Social presence'),
    w.socialProfiles.length
      ? bullets(
          w.socialProfiles.map(
            (p) =>
              `${p.platform}: ${p.username || p.url}${p.verified ? ' (verified)' : ''}` +
              `${p.completeness !== undefined ? ` · ${p.completeness}% complete` : ''}`,
          ),
        )
      : t({}, 'No social or real-estate profiles are linked from the site.'),
    t(s.h2, 'Real estate features'),
    f
      ? bullets([
          `IDX listings: ${f.hasIDX ? `Yes${f.idxProvider ? ` (${f.idxProvider})` : ''}` : 'No'} · Property search: ` +
            `${yes(f.hasPropertySearch)}`,
          `Valuation tool: ${yes(f.hasValuationTool)} · Mortgage calculator: ${yes(f.hasMortgageCalculator)} · Virtual tours: ` +
            `${yes(f.hasVirtualTours)}`,
          `Lead capture: ${f.leadCaptureElements.join(', ') || 'none found'}`,
          `Credentials: ${f.professionalCredentials.join(', ') || 'none shown'}`,
        ])
      : t({}, 'Not available.'),
    t(s.h2, 'Business information'),
    bullets([
      `Name: ${w.companyName}`,
      `Type: ${w.businessType}`,
      ...(w.location ? [`Location: ${w.location}`] : []),
      ...(w.phone ? [`Phone: ${w.phone}`] : []),
    ]),
    footer(report),
  );

  const plan = h(
    Page,
    { size: 'LETTER', style: s.page },
    t(s.h2, 'Action plan'),
    t(s.h3, 'Quick wins (0-30 days)'),
    bullets(report.actionPlan.immediate.length ? report.actionPlan.immediate : ['No urgent fixes: keep content fresh.']),
    t(s.h3, 'Medium term (1-3 months)'),
    bullets(
      report.actionPlan.shortTerm.length ? report.actionPlan.shortTerm : ['Build on the quick wins with new local content each month.'],
    ),
    t(s.h3, 'Long term (3+ months)'),
    bullets(report.actionPlan.longTerm.length ? report.actionPlan.longTerm : ['Review the site with a new audit every quarter.']),
    t(s.h2, 'Investment and ROI'),
    bullets([
      `Estimated cost: ${report.investmentAnalysis.estimatedCost}`,
      `Timeframe: ${report.investmentAnalysis.timeframe}`,
      `Expected return: ${report.investmentAnalysis.expectedROI}`,
      `Risk level: ${report.investmentAnalysis.riskLevel}`,
    ]),
    t(s.h2, 'Priority recommendations'),
    ...report.recommendations.map((r, i) =>
      h(
        View,
        { key: i, style: s.card, wrap: false },
        h(
          View,
          { style: s.row },
          t({ ...s.h3, flex: 1 }, r.title),
          t({ ...s.badge, backgroundColor: r.priority === 'High' ? RED : r.priority === 'Medium' ? AMBER : GREY }, r.priority),
        ),
        t({}, r.description),
        t(s.small, `${r.category} · ${r.timeToComplete} · ${r.costEstimate} · ROI ${r.roi}`),
      ),
    ),
    footer(report),
  );

  const findings = h(
    Page,
    { size: 'LETTER', style: s.page },
    t(s.h2, `All issues found (${report.findings.length})`),
    ...report.findings.map((x, i) =>
      h(
        View,
        { key: i, style: { marginBottom: 6 }, wrap: false },
        t(s.h3, `${x.severity}: ${x.title}`),
        t({}, `Found: ${x.detail}`),
        x.urls?.length
          ? t(s.small, `Pages: ${x.urls.slice(0, 3).join(', ')}${x.urls.length > 3 ? ` and ${x.urls.length - 3} more` : ''}`)
          : null,
        t(s.small, `Fix: ${x.fix}`),
      ),
    ),
    footer(report),
  );

  return h(
    Document,
    { title: `Growth Opportunities Report - ${report.businessName}`, author: 'Curb Appeal', subject: report.website },
    summary,
    scores,
    analysis,
    plan,
    findings,
  );
}
