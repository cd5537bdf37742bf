// The website analyser: guarded fetching, the checks registry, scores and report builders.
export { analyseSite, type Analysis, type AnalyseOptions, type LabMode } from './analyse.ts';
export { CHECKS, FREE_CHECKS, runChecks } from './checks/registry.ts';
export { checkTarget, FetchError } from './net/guarded-fetch.ts';
export { NotAWebPageError } from './snapshot.ts';
export { buildReport } from './report/build.ts';
export { quickLookupOf } from './report/quick.ts';
export { advancedResultOf } from './report/advanced.ts';
export { findChrome } from './lab/chromium.ts';
export { parseWebsite, normaliseWebsite } from './url.ts';
