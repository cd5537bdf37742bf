// The report page's thresholds and colours, in one place.
import { Value } from '@sinclair/typebox/value';
import { AuditReportSchema, type AuditReport } from '@curb/contracts/audit';

// The thresholds and colours shared with the PDF live in @curb/contracts/grades.
export {
  clsTone,
  DIAL_TONE,
  dialLevel,
  fidTone,
  lcpTone,
  loadTimeTone,
  scoreTone,
  tbtTone,
  type DialLevel,
  type Tone,
} from '@curb/contracts/grades';
/** On the overview a load over 3 s is red. */
export const overviewLoadTone = (s: number): 'green' | 'red' => (s <= 3 ? 'green' : 'red');

/**
 * The most used words, most used first. The report stores them as an object, and PostgreSQL's
 * jsonb keeps object keys sorted by length, not in the order they were written.
 */
export function mostUsedWords(density: Record<string, number> | undefined): Array<[string, number]> {
  return Object.entries(density ?? {}).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The report data checked against its schema; a failure only warns: an old report stored
 *  before a field was added should still show. */
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
