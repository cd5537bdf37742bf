// The report's letter grade, score colours and metric thresholds: one definition for the
// report builder, the report page and the PDF, so they never disagree on a score.
export type Grade = 'A+' | 'A' | 'B' | 'C' | 'D';

export function gradeFor(overall: number): { grade: Grade; label: string } {
  if (overall >= 90) return { grade: 'A+', label: 'Excellent' };
  if (overall >= 80) return { grade: 'A', label: 'Great' };
  if (overall >= 70) return { grade: 'B', label: 'Good' };
  if (overall >= 60) return { grade: 'C', label: 'Fair' };
  return { grade: 'D', label: 'Needs Improvement' };
}

/** A score's or measurement's colour on the page and in the PDF. */
export type Tone = 'green' | 'amber' | 'red';

/** A percent score: >=80 green, >=60 amber, else red. */
export const scoreTone = (pct: number): Tone => (pct >= 80 ? 'green' : pct >= 60 ? 'amber' : 'red');

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

/** Load time in seconds: <=3 green, <=5 amber, else red. */
export const loadTimeTone = (s: number): Tone => (s <= 3 ? 'green' : s <= 5 ? 'amber' : 'red');
/** Core Web Vitals, Google's thresholds. */
export const lcpTone = (ms: number): Tone => (ms < 2500 ? 'green' : ms < 4000 ? 'amber' : 'red');
export const fidTone = (ms: number): Tone => (ms < 100 ? 'green' : ms < 300 ? 'amber' : 'red');
export const clsTone = (v: number): Tone => (v < 0.1 ? 'green' : v < 0.25 ? 'amber' : 'red');
/** Total Blocking Time (INP's lab stand-in), Lighthouse's mobile thresholds: <200 ms green, <600 ms amber. */
export const tbtTone = (ms: number): Tone => (ms < 200 ? 'green' : ms < 600 ? 'amber' : 'red');
