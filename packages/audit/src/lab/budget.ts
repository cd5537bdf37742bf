// How long a browser test may take, per kind of audit. One Chromium runs at a time (a
// Lighthouse run uses a full core), so a test queued behind another waits its turn and is then
// given its own budget: waiting is never charged to the run, and a run is never cut short
// because another audit came first.
import type { AnalyseOptions } from '../analyse.ts';

export type LabBudget = Required<Pick<AnalyseOptions, 'labBudgetMs' | 'labWaitMs'>>;

/**
 * The free lookup's screenshot, its fast path: ten seconds at most, so a browser busy with a
 * longer test is not waited for (the lookup answers without a screenshot).
 */
export const QUICK_LOOKUP_LAB_BUDGET: LabBudget = { labBudgetMs: 7_000, labWaitMs: 3_000 };

/**
 * The lead's report, run by the worker while the report page shows the wait and the test's
 * seconds: a slow site's test has time to finish (within the job's five minutes).
 */
export const REPORT_LAB_BUDGET: LabBudget = { labBudgetMs: 90_000, labWaitMs: 150_000 };

/**
 * The advanced audit answers in one request: room to wait for one other audit's test (about
 * 20 s on two quiet cores, twice that when they are busy) and to take its own.
 */
export const ADVANCED_LAB_BUDGET: LabBudget = { labBudgetMs: 45_000, labWaitMs: 50_000 };

/**
 * How long the advanced audit's connection may stay silent while it works: the wait and the
 * test, and the crawl's tail after them (the server's default closes a connection after 60 s).
 */
export const ADVANCED_AUDIT_SILENCE_MS = ADVANCED_LAB_BUDGET.labWaitMs + ADVANCED_LAB_BUDGET.labBudgetMs + 20_000;
