// What the audit could not measure, said in one plain line wherever the report is read: a
// report an agent forwards never calls a test it did not take "passed".
import type { NotMeasured, ScoreBasis } from '@curb/contracts/audit';
import type { CheckRun } from '../checks/registry.ts';
import { plural } from '../checks/types.ts';

const clause = (reason: string) => reason.charAt(0).toLowerCase() + reason.slice(1).replace(/\.$/, '');

/** "11 checks could not be measured: <reason>. They are not counted as passed." */
export function notMeasuredSummary(reasons: string[]): string {
  const distinct = [...new Set(reasons)];
  const why = distinct.length === 1 ? `: ${clause(distinct[0]!)}` : ` (${distinct.map(clause).join('; ')})`;
  const they = reasons.length === 1 ? 'It is' : 'They are';
  return `${plural(reasons.length, 'check')} could not be measured${why}. ${they} not counted as passed.`;
}

/** The report's account of what it left out; undefined when every check was measured. */
export function notMeasuredOf(run: CheckRun): NotMeasured | undefined {
  if (!run.notMeasured.length) return undefined;
  return { summary: notMeasuredSummary(run.notMeasured.map((c) => c.reason)), checks: run.notMeasured };
}

/** Measured checks of all the checks run. */
export function basisOf(run: CheckRun): ScoreBasis {
  const measured = run.findings.length + run.passed.length;
  return { measured, total: measured + run.notMeasured.length };
}
