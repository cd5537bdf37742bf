// The report page's thresholds and colours (spec public-site.md section 9), in one place.
import { Value } from '@sinclair/typebox/value';
import { reportDate } from '@curb/content';
import { AuditReportSchema, type AuditReport } from '@curb/contracts/audit';

export type Tone = 'green' | 'amber' | 'red';
export type DialLevel = 'excellent' | 'good' | 'average' | 'needs-work' | 'critical';

/** Dial levels: >=90 excellent, >=80 good, >=70 average, >=60 needs-work, else critical. */
export function dialLevel(score: number): DialLevel {
  if (score >= 90) return 'excellent';
  if (score >= 80) return 'good';
  if (score >= 70) return 'average';
  if (score >= 60) return 'needs-work';
  return 'critical';
}

export const DIAL_TONE: Record<DialLevel, Tone> = {
  excellent: 'green',
  good: 'green',
  average: 'amber',
  'needs-work': 'amber',
  critical: 'red',
};

/** Overall grade: >=90 A+ (Excellent), >=80 A (Great), >=70 B (Good), >=60 C (Fair), else D. */

/** Percent badge and lead generation score: >=80 green, >=60 amber (yellow), else red. */
export const percentTone = (pct: number): Tone => (pct >= 80 ? 'green' : pct >= 60 ? 'amber' : 'red');
/** Load time in seconds: <=3 green, <=5 amber, else red. */
export const loadTimeTone = (s: number): Tone => (s <= 3 ? 'green' : s <= 5 ? 'amber' : 'red');
/** On the overview a load over 3 s is red. */
export const overviewLoadTone = (s: number): Tone => (s <= 3 ? 'green' : 'red');
export const lcpTone = (ms: number): Tone => (ms < 2500 ? 'green' : ms < 4000 ? 'amber' : 'red');
export const fidTone = (ms: number): Tone => (ms < 100 ? 'green' : ms < 300 ? 'amber' : 'red');
export const clsTone = (v: number): Tone => (v < 0.1 ? 'green' : v < 0.25 ? 'amber' : 'red');

/** Total Blocking Time (INP's lab stand-in), Lighthouse's mobile thresholds: <200 ms green, <600 ms amber. */
export const tbtTone = (ms: number): Tone => (ms < 200 ? 'green' : ms < 600 ? 'amber' : 'red');

/**
 * Generation date in long US format, e.g. "November 15, 2026", in the owner's time zone as the
 * PDF writes it (not the reader's: the same report must not carry two dates).
 */
export function longUsDate(iso: string): string {
  return reportDate(iso);
}

/**
 * The most used words, most used first. The report stores them as an object, and PostgreSQL's
 * jsonb keeps object keys sorted by length, not in the order they were written.
 */
export function mostUsedWords(density: Record<string, number> | undefined): Array<[string, number]> {
  return Object.entries(density ?? {}).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The spec's report data check; a failure only warns, the report still shows. */
export function reportLooksValid(report: unknown): boolean {
  return Value.Check(AuditReportSchema, report);
}

/** Export needs these parts; without them the PDF would be misleading. */
export function exportReady(report: AuditReport | null | undefined): 'missing' | 'incomplete' | 'ok' {
  if (!report) return 'missing';
  return report.businessName && report.website && report.scores && report.websiteData && report.generatedAt ? 'ok' : 'incomplete';
}

/** Only images embedded in the report are shown: the site's CSP loads nothing from elsewhere. */
export const embeddedImage = (src: string | undefined): string | undefined =>
  src && /^data:image\/(png|jpeg|gif|webp|x-icon|vnd\.microsoft\.icon|svg\+xml);base64,/.test(src) ? src : undefined;
