// Every check the audit runs, and running them.
import type { Finding, NotMeasuredCheck } from '@curb/contracts/audit';
import { LAB_NOT_RUN } from '../lab/measurement.ts';
import { accessibilityChecks } from './accessibility.ts';
import { aiSearchChecks } from './ai-search.ts';
import { analyticsChecks } from './analytics.ts';
import { businessInfoChecks } from './business-info.ts';
import { canonicalDetailChecks } from './canonical-details.ts';
import { contentQualityChecks } from './content-quality.ts';
import { crawlabilityChecks } from './crawlability.ts';
import { crawlPathChecks } from './crawl-paths.ts';
import { externalLinkChecks } from './external-links.ts';
import { imageChecks } from './images.ts';
import { labAuditChecks } from './lab-audits.ts';
import { linkDetailChecks } from './link-details.ts';
import { linkChecks } from './links.ts';
import { onPageChecks } from './on-page.ts';
import { pageHintChecks } from './page-hints.ts';
import { paginationChecks } from './pagination.ts';
import { performanceChecks } from './performance.ts';
import { rawMarkupChecks } from './raw-markup.ts';
import { realEstateChecks } from './real-estate.ts';
import { securityChecks } from './security.ts';
import { servedTypeChecks } from './served-types.ts';
import { siteGraphChecks } from './site-graph.ts';
import { socialPresenceChecks } from './social-presence.ts';
import { socialChecks } from './social.ts';
import { structuredDataChecks } from './structured-data.ts';
import type { Check, CheckContext, CheckResult, NotMeasuredResult } from './types.ts';

export const CHECKS: readonly Check[] = [
  ...crawlabilityChecks,
  ...crawlPathChecks,
  ...siteGraphChecks,
  ...canonicalDetailChecks,
  ...paginationChecks,
  ...onPageChecks,
  ...pageHintChecks,
  ...rawMarkupChecks,
  ...contentQualityChecks,
  ...linkChecks,
  ...linkDetailChecks,
  ...externalLinkChecks,
  ...imageChecks,
  ...securityChecks,
  ...servedTypeChecks,
  ...performanceChecks,
  ...structuredDataChecks,
  ...socialChecks,
  ...aiSearchChecks,
  ...realEstateChecks,
  ...socialPresenceChecks,
  ...businessInfoChecks,
  ...analyticsChecks,
  ...accessibilityChecks,
  ...labAuditChecks,
];

export const CHECKS_BY_ID: ReadonlyMap<string, Check> = new Map(CHECKS.map((c) => [c.id, c]));

/** The 15 points of the free audit. */
export const FREE_CHECKS: readonly Check[] = CHECKS.filter((c) => c.free);

export interface CheckRun {
  findings: Finding[];
  /** Ids of checks that ran and passed. */
  passed: string[];
  /** Checks that could not look at what they need, with the reason: neither passed nor failed. */
  notMeasured: NotMeasuredCheck[];
  /** Checks that threw (a bug, never the site's fault): counted as passed, logged by callers. */
  errors: Array<{ id: string; message: string }>;
}

/** Why `check` cannot be measured on this audit's inputs, or null when it can. */
function missingInput(check: Check, ctx: CheckContext): string | null {
  if (check.needs === 'lighthouse' && !(ctx.lab.mobile.audits ?? ctx.lab.desktop.audits)) {
    return ctx.lab.notRunReason ?? LAB_NOT_RUN.notRequested;
  }
  return null;
}

const isNotMeasured = (result: CheckResult): result is NotMeasuredResult =>
  typeof result === 'object' && result !== null && 'notMeasured' in result;

const SEVERITY_ORDER = { Critical: 0, Warning: 1, Notice: 2 } as const;

export function runChecks(ctx: CheckContext, checks: readonly Check[] = CHECKS): CheckRun {
  const findings: Finding[] = [];
  const passed: string[] = [];
  const notMeasured: NotMeasuredCheck[] = [];
  const errors: CheckRun['errors'] = [];
  for (const check of checks) {
    let result: CheckResult;
    try {
      const missing = missingInput(check, ctx);
      result = missing ? { notMeasured: missing } : check.run(ctx);
    } catch (err) {
      errors.push({ id: check.id, message: (err as Error).message });
      passed.push(check.id);
      continue;
    }
    if (!result) {
      passed.push(check.id);
      continue;
    }
    if (isNotMeasured(result)) {
      notMeasured.push({ id: check.id, category: check.category, title: check.title, reason: result.notMeasured });
      continue;
    }
    const detail = typeof result === 'string' ? result : result.detail;
    const urls = typeof result === 'string' ? undefined : result.urls;
    findings.push({
      id: check.id,
      category: check.category,
      severity: check.severity,
      title: check.title,
      description: check.description,
      fix: check.fix,
      detail,
      ...(urls?.length ? { urls } : {}),
    });
  }
  // Most severe first; registry order within a severity keeps the report stable.
  findings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  return { findings, passed, notMeasured, errors };
}
