// The report as a vector PDF (@react-pdf/renderer), one definition for both the PDF the
// server attaches to the report e-mail and the page's Export to PDF. Written with
// createElement so the package needs no JSX setup. Site-provided text goes into <Text> as
// plain strings: nothing in it is interpreted. The cover and the last page carry the sender
// (the site's owner), every page its number and the report's date, and the last page a call
// to action that works on paper: the booking address written out and as a QR code drawn here
// (no image service).
import { createElement as h, type ComponentProps, type ReactElement } from 'react';
import {
  Circle,
  Defs,
  Document,
  Font,
  Image,
  Link,
  Line,
  LinearGradient,
  Page,
  Path,
  Polyline,
  Rect,
  Stop,
  StyleSheet,
  Svg,
  Text,
  View,
} from '@react-pdf/renderer';
import QRCode from 'qrcode';
import { auditTiming, longTermPlan, MEDIUM_TERM_PLAN, reportDate, reportGeneratedAt, scoreNotes, vitalsCopy } from '@curb/content';
import { scoreBasisLine, type AuditReport, type ScoreDetail, type ScoreKey } from '@curb/contracts/audit';
import { scoreTone, type Tone } from '@curb/contracts/grades';
import { reportSender, type ReportSender } from './sender.ts';

// Whole words on a line: a business name hyphenated mid-word ("Wash-ington") reads as a typo.
Font.registerHyphenationCallback((word) => [word]);

/** A poor score, a failed item, a high priority: the same red whatever the owner's brand colour. */
const RED = '#dc2626';
const GREEN = '#16a34a';
const AMBER = '#d97706';
const GREY = '#6b7280';

const s = StyleSheet.create({
  // The line height is set on the page's body, not on the page: a page-level lineHeight
  // silently dropped the fixed footer (and with it every page number). 14 pt is what the
  // page's 1.4 gave every text before (react-pdf resolved it against the page's 10 pt).
  page: { padding: 36, fontSize: 10, fontFamily: 'Helvetica', color: '#111827' },
  body: { lineHeight: '14pt' },
  brand: { fontSize: 9, letterSpacing: 1, marginBottom: 6 },
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
    bottom: 14,
    left: 36,
    right: 36,
    fontSize: 8,
    color: GREY,
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
  coverName: { fontSize: 28, lineHeight: 1.2, fontFamily: 'Helvetica-Bold', marginBottom: 6 },
  coverScore: { fontSize: 64, lineHeight: 1.1, fontFamily: 'Helvetica-Bold', marginRight: 20 },
  sender: { flexDirection: 'row', alignItems: 'center', padding: 14, borderRadius: 6, borderWidth: 1, borderColor: '#e5e7eb' },
  senderName: { fontSize: 14, lineHeight: 1.3, fontFamily: 'Helvetica-Bold' },
  cta: { fontSize: 22, lineHeight: 1.25, fontFamily: 'Helvetica-Bold', marginBottom: 8 },
  url: { fontSize: 12, lineHeight: 1.35, fontFamily: 'Helvetica-Bold' },
});

type Style = ComponentProps<typeof View>['style'];

const SCORE_ORDER: ScoreKey[] = ['website', 'seo', 'leadGen', 'social', 'content', 'technical'];

const TONE_COLOUR: Record<Tone, string> = { green: GREEN, amber: AMBER, red: RED };

/** A percent score's colour, by the report's one rule (scoreTone). */
export function scoreColour(score: number): string {
  return TONE_COLOUR[scoreTone(score)];
}

const t = (style: Style, text: string | number) => h(Text, { style }, String(text));

/**
 * A passed (✓), failed (✗) or not measured (–, `passed` null) mark drawn as lines: the PDF's
 * standard fonts have neither glyph.
 */
function mark(passed: boolean | null): ReactElement {
  if (passed === null) {
    return h(
      View,
      { style: s.mark },
      h(Svg, { width: 9, height: 9, viewBox: '0 0 9 9' }, h(Line, { x1: 1.5, y1: 4.5, x2: 7.5, y2: 4.5, stroke: GREY, strokeWidth: 1.6 })),
    );
  }
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
  // Nothing behind the score was measured: no score rather than a number.
  const unmeasured = detail.basis?.measured === 0;
  const basis = scoreBasisLine(detail.basis);
  return h(
    View,
    { style: s.card, wrap: false },
    h(
      View,
      { style: s.row },
      t({ ...s.h3, flex: 1 }, detail.metric),
      ...(unmeasured
        ? [t({ fontFamily: 'Helvetica-Bold' }, 'Not measured')]
        : [
            t({ fontFamily: 'Helvetica-Bold' }, `${detail.score}/${detail.maxScore}`),
            t({ ...s.badge, backgroundColor: scoreColour(pct) }, `${pct}%`),
          ]),
      t({ ...s.badge, backgroundColor: GREY }, `${detail.impact} impact`),
    ),
    unmeasured ? null : bar(pct),
    basis ? t(s.small, `${basis}.`) : null,
    t({ marginBottom: 4 }, `Why this score? ${detail.reasoning}`),
    detail.benchmarks
      ? t(s.small, `Industry average ${detail.benchmarks.industry} · Top performers ${detail.benchmarks.topPerformers}`)
      : null,
    detail.recommendations.length ? h(View, { style: { marginTop: 4 } }, t(s.h3, 'Action items'), bullets(detail.recommendations)) : null,
  );
}

/** The line at the foot of every page: the report, its date, the sender and the page's number. */
function footer(report: AuditReport, sender: ReportSender): ReactElement {
  return h(
    View,
    { style: s.footer, fixed: true },
    t(
      { maxWidth: 420 },
      `Growth Opportunities Report · ${report.businessName} · ${reportDate(report.generatedAt, sender.timeZone)} · by ${sender.name}`,
    ),
    h(Text, {
      render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => `Page ${pageNumber} of ${totalPages}`,
    }),
  );
}

/** The owner's photo, or their initials in the site's monogram colours when the photo cannot be embedded. */
function headshot(sender: ReportSender, size: number): ReactElement {
  if (sender.headshot) return h(Image, { src: sender.headshot, style: { width: size, height: size, borderRadius: size / 2 } });
  return h(
    Svg,
    { width: size, height: size, viewBox: '0 0 240 240' },
    h(
      Defs,
      null,
      h(
        LinearGradient,
        { id: 'monogram', x1: 0, y1: 0, x2: 1, y2: 1 },
        h(Stop, { offset: 0, stopColor: sender.brandColour, stopOpacity: 0.3 }),
        h(Stop, { offset: 1, stopColor: sender.brandColour }),
      ),
    ),
    h(Circle, { cx: 120, cy: 120, r: 120, fill: 'url(#monogram)' }),
    h(Circle, { cx: 120, cy: 96, r: 44, fill: '#ffffff', fillOpacity: 0.92 }),
    h(Path, { d: 'M44 206c10-42 42-64 76-64s66 22 76 64', fill: '#ffffff', fillOpacity: 0.92 }),
  );
}

/** The QR code of `text`, drawn as vector squares (modules) with the standard 4-module quiet zone. */
export function qrCode(text: string, size: number): ReactElement {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) if (modules.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
  }
  return h(
    Svg,
    { width: size, height: size, viewBox: `0 0 ${n + 8} ${n + 8}` },
    h(Rect, { x: 0, y: 0, width: n + 8, height: n + 8, fill: '#ffffff' }),
    h(Path, { d, fill: '#000000' }),
  );
}

/** The sender block: photo, name, title and every way to reach them, written out. */
function senderBlock(sender: ReportSender, lead: string): ReactElement {
  return h(
    View,
    { style: s.sender, wrap: false },
    h(View, { style: { marginRight: 14 } }, headshot(sender, 64)),
    h(
      View,
      { style: { flex: 1 } },
      t(s.small, lead),
      t(s.senderName, sender.name),
      t({}, sender.title),
      t(s.small, `${sender.position} · ${sender.brand}`),
      t({ marginTop: 4 }, `Phone ${sender.phone} · E-mail ${sender.email}`),
      t({}, `Book a call: ${sender.bookingUrl}`),
    ),
  );
}

/** Core Web Vitals as the report page names them: INP by its lab stand-in. */
function vitalsLine(report: AuditReport): string {
  const v = report.technicalSEO.pageSpeed.webVitals ?? report.technicalSEO.coreWebVitals;
  const inp = v.tbt !== undefined ? `${Math.round(v.tbt)} ms` : 'not measured';
  return `Core Web Vitals: LCP ${(v.lcp / 1000).toFixed(1)} s · ${vitalsCopy.inpLabel} ${inp} · CLS ${v.cls}`;
}

/**
 * The whole report as a react-pdf <Document>. `reportUrl` links back to the live report;
 * `sender` is the owner (from the site's content and settings; the content alone by default).
 */
export function ReportDocument({
  report,
  reportUrl,
  sender = reportSender(),
}: {
  report: AuditReport;
  reportUrl?: string;
  sender?: ReportSender;
}): ReactElement {
  const w = report.websiteData;
  const tech = report.technicalSEO;
  const ma = report.marketAnalysis;
  const f = w.realEstateFeatures;
  const yes = (b: boolean) => (b ? 'Yes' : 'No');
  const date = reportDate(report.generatedAt, sender.timeZone);
  /** A page: its footer, then its content. */
  const sheet = (...children: Array<ReactElement | null>) =>
    h(Page, { size: 'LETTER', style: s.page }, footer(report, sender), h(View, { style: s.body }, ...children));

  // What the audit could not take, said on the cover and the summary in one plain line.
  // The owner's colour, for what speaks for them (headings, links), not for what grades the site.
  const brand = { ...s.brand, color: sender.brandColour };
  const notMeasuredLine = report.notMeasured ? t({ ...s.small, color: RED }, report.notMeasured.summary) : null;

  const cover = sheet(
    t({ ...brand, marginTop: 24 }, 'GROWTH OPPORTUNITIES REPORT'),
    t(s.coverName, report.businessName),
    t(s.subtitle, `${report.website} · ${date}`),
    h(
      View,
      { style: { ...s.overall, padding: 20, marginTop: 36, marginBottom: 36 } },
      t({ ...s.coverScore, color: scoreColour(report.scores.overall) }, report.scores.overall),
      h(
        View,
        { style: { flex: 1 } },
        t({ ...s.h2, marginTop: 0 }, `Overall score · Grade ${report.grade}`),
        t(s.small, scoreNotes.marketing),
        t(s.small, `${report.checksRun} checks run · ${report.findings.length} issues found`),
        notMeasuredLine,
      ),
    ),
    t(
      { marginBottom: reportUrl ? 12 : 36 },
      'What your website does well, what holds it back, and a plan for the next 90 days: the scores, the 15-point review, ' +
        'every issue with its fix, and what each fix costs and brings.',
    ),
    reportUrl
      ? h(
          Link,
          { src: reportUrl, style: { color: sender.brandColour, marginBottom: 36, textDecoration: 'none' } },
          `Interactive report: ${reportUrl}`,
        )
      : null,
    senderBlock(sender, 'Prepared for you by'),
  );

  const summary = sheet(
    t(brand, 'GROWTH OPPORTUNITIES REPORT'),
    t(s.title, report.businessName),
    t(s.subtitle, `${report.website} · Generated ${reportGeneratedAt(report.generatedAt, sender.timeZone)}`),
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
        notMeasuredLine,
      ),
    ),
    h(
      View,
      { style: { flexDirection: 'row', flexWrap: 'wrap' } },
      ...SCORE_ORDER.map((key) => {
        const d = report.scores[key];
        if (d.basis?.measured === 0)
          return h(View, { key, style: s.tile }, t({ ...s.tileScore, color: GREY }, '–'), t(s.small, `${d.metric}: not measured`));
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
        mark(c.notMeasured ? null : c.passed),
        t(
          s.bulletText,
          c.notMeasured
            ? `${c.title}: not measured (${c.notMeasured})`
            : c.passed
              ? c.title
              : `${c.title}: ${c.detail ?? 'needs attention'}`,
        ),
      ),
    ),
    t(s.h2, 'Website at a glance'),
    bullets([
      `Secure (HTTPS): ${yes(w.hasSSL)} · Mobile ready: ${yes(w.mobileOptimized)} · Analytics: ${yes(w.hasAnalytics)} · ` +
        `Load time ${w.loadTime} s`,
      `Mobile speed ${tech.pageSpeed.mobile}/100 · Desktop speed ${tech.pageSpeed.desktop}/100 · ${vitalsLine(report)}`,
    ]),
    // How each figure was measured, said once (the page's footnote, printed once too).
    t(
      s.small,
      `${w.speedMeasurement ? `Load time: ${w.speedMeasurement.loadTime}. Core Web Vitals: ${w.speedMeasurement.coreWebVitals}. ` : ''}` +
        vitalsCopy.short,
    ),
  );

  const scores = sheet(t(s.h2, 'Detailed scores'), ...SCORE_ORDER.map((key) => h(View, { key }, scoreCard(report.scores[key]))));

  const analysis = sheet(
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
  );

  const plan = sheet(
    t(s.h2, 'Action plan'),
    t(s.h3, 'Quick wins (0-30 days)'),
    bullets(report.actionPlan.immediate.length ? report.actionPlan.immediate : ['No urgent fixes: keep content fresh.']),
    // The same lists as the report page: the audit's own items, then the fixed ones.
    t(s.h3, 'Medium term (1-3 months)'),
    bullets([...report.actionPlan.shortTerm, ...MEDIUM_TERM_PLAN]),
    t(s.h3, 'Long term (3+ months)'),
    bullets([...report.actionPlan.longTerm, ...longTermPlan(w.location)]),
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
  );

  const findings = sheet(
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
  );

  const nextStep = sheet(
    t({ ...brand, marginTop: 24 }, 'YOUR NEXT STEP'),
    t(s.cta, `Book a strategy call with ${sender.name}`),
    t(
      { marginBottom: 24 },
      `Go through this report together: which fixes to make first, what they cost and what they bring to ${report.businessName}.`,
    ),
    h(
      View,
      { style: { flexDirection: 'row', alignItems: 'center', marginBottom: 28 }, wrap: false },
      h(View, { style: { marginRight: 20 } }, qrCode(sender.bookingUrl, 132)),
      h(
        View,
        { style: { flex: 1 } },
        t(s.small, 'Scan the code with a phone camera, or type the address:'),
        h(Link, { src: sender.bookingUrl, style: { ...s.url, color: sender.brandColour, textDecoration: 'none' } }, sender.bookingUrl),
        t({ marginTop: 10 }, `Call ${sender.phone} or e-mail ${sender.email}.`),
      ),
    ),
    senderBlock(sender, 'Your contact'),
    reportUrl ? t({ marginTop: 24 }, `The interactive version of this report: ${reportUrl}`) : null,
    t(s.small, `A new audit of your site any time: ${sender.siteUrl}/marketing-audit (${auditTiming.sentence})`),
  );

  return h(
    Document,
    { title: `Growth Opportunities Report - ${report.businessName}`, author: sender.name, subject: report.website },
    cover,
    summary,
    scores,
    analysis,
    plan,
    findings,
    nextStep,
  );
}
