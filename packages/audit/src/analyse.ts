// One audit from URL to findings: fetch the site, measure speed (Chromium when available,
// network estimates otherwise) and run the checks. Reports, quick lookups and the advanced
// audit are built from its result.
import { CHECKS, runChecks, type CheckRun } from './checks/registry.ts';
import type { Check, CheckContext } from './checks/types.ts';
import { findChrome, runLab, type LabState } from './lab/chromium.ts';
import type { LabCache } from './lab/cache.ts';
import { estimateLab } from './lab/estimate.ts';
import { LAB_NOT_RUN } from './lab/measurement.ts';
import type { LabResult } from './lab/types.ts';
import { addressRule, checkTarget, type FetchPolicy } from './net/guarded-fetch.ts';
import { fetchSite, parsed, type FetchSiteOptions, type SiteSnapshot } from './snapshot.ts';
import { normaliseWebsite, parseWebsite } from './url.ts';

export type LabMode = 'lighthouse' | 'screenshot' | 'none';

export interface AnalyseOptions {
  allowPrivateNetworks: boolean;
  /** Pages to crawl, the home page included (1 for the free audit). */
  maxPages?: number;
  lab?: LabMode;
  /** CHROME_PATH; unset: the Debian default when installed. */
  chromePath?: string | null;
  /** Longest the lab run may take once it has the browser. */
  labBudgetMs?: number;
  /** Longest the lab run may wait for the browser while other audits use it (default: labBudgetMs). */
  labWaitMs?: number;
  policy?: Partial<FetchPolicy>;
  fetch?: Omit<FetchSiteOptions, 'policy' | 'maxPages'>;
  checks?: readonly Check[];
  /**
   * Speed measurements kept per site: a site measured well enough a few minutes ago is not
   * measured again, so its preview, report and advanced audit show one set of speed figures.
   */
  labCache?: LabCache;
  now?: Date;
  onProgress?: (progress: number, stage: string) => void;
}

export interface Analysis {
  snapshot: SiteSnapshot;
  ctx: CheckContext;
  run: CheckRun;
  durationMs: number;
}

export async function analyseSite(url: string, options: AnalyseOptions): Promise<Analysis> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => {});
  const policy: Partial<FetchPolicy> = { allowPrivateNetworks: options.allowPrivateNetworks, ...options.policy };
  const mode = options.lab ?? 'none';
  const installed = mode === 'none' ? null : findChrome(options.chromePath);
  // A measurement of this site kept from a few minutes ago stands when it is as good as this
  // run could make (without Chromium, an estimate is).
  const parsedUrl = parseWebsite(url);
  const siteKey = parsedUrl ? normaliseWebsite(parsedUrl) : url;
  const kept = options.labCache?.get(siteKey, installed ? mode : 'none');
  const chrome = kept ? null : installed;

  progress(10, 'Fetching the website');
  // A URL the fetch would refuse (bad shape, private address, a domain that does not exist)
  // is refused now, before Chromium starts and has to be waited for.
  await checkTarget(url, policy);
  // Chromium starts with the fetch (it waits for its slot anyway) so both overlap; when the
  // fetch fails (a site that refuses or resets connections), the browser is stopped at once
  // rather than left to measure an error page for seconds while other audits wait for it.
  const labAbort = new AbortController();
  // While the fetch runs the progress says what it fetches; after it, what the browser does.
  let labState: LabState | null = null;
  let labStarted = 0;
  let fetched = false;
  const labProgress = () => {
    if (!fetched || !labState) return;
    if (labState.phase === 'waiting') {
      progress(45, `Waiting for the browser test (${labState.ahead} ${labState.ahead === 1 ? 'audit' : 'audits'} ahead)`);
    } else {
      progress(50, `Testing the page in a browser… ${Math.round((Date.now() - labStarted) / 1000)} s`);
    }
  };
  const onState = (state: LabState) => {
    labState = state;
    if (state.phase === 'running') labStarted = Date.now();
    labProgress();
  };
  // The browser measures the address the fetch found the page at (http:// for a site without
  // HTTPS); it starts meanwhile.
  const startUrl = parsedUrl?.href ?? url;
  let fetchedAt: (requested: string) => void = () => {};
  const labTarget = new Promise<string>((resolve) => {
    fetchedAt = resolve;
  });
  const labPromise = chrome
    ? runLab(labTarget, {
        chromePath: chrome,
        allowed: addressRule({
          allowPrivateNetworks: options.allowPrivateNetworks,
          timeoutMs: 0,
          maxBytes: 0,
          maxRedirects: 0,
          ...options.policy,
        }),
        lighthouse: mode === 'lighthouse',
        screenshot: true,
        deadlineMs: options.labBudgetMs ?? 60_000,
        ...(options.labWaitMs !== undefined ? { maxWaitMs: options.labWaitMs } : {}),
        onState,
        signal: labAbort.signal,
      })
    : null;
  let snapshot: SiteSnapshot;
  try {
    snapshot = await fetchSite(url, {
      ...options.fetch,
      policy,
      maxPages: options.maxPages ?? 1,
      onHome: fetchedAt,
    });
  } catch (err) {
    labAbort.abort();
    fetchedAt(startUrl);
    await labPromise?.catch(() => null);
    throw err;
  }
  fetched = true;
  if (labState) labProgress();
  else progress(labPromise ? 45 : 70, labPromise ? 'Testing the page in a browser' : 'Analysing the pages');
  // The seconds tick on while the browser works, so a long test is seen to be under way.
  const ticker = labPromise ? setInterval(labProgress, 5000) : undefined;
  const home = parsed(snapshot.home);
  const estimate = estimateLab(snapshot, home);
  let labFailure: string | undefined;
  const measured = labPromise
    ? await labPromise
        .catch((err: unknown) => {
          labFailure = err instanceof Error ? err.message : String(err);
          return null;
        })
        .finally(() => clearInterval(ticker))
    : null;
  const notRunReason =
    mode === 'none'
      ? LAB_NOT_RUN.notRequested
      : !installed
        ? LAB_NOT_RUN.unavailable
        : mode !== 'lighthouse'
          ? LAB_NOT_RUN.notRequested
          : measured?.timedOut
            ? LAB_NOT_RUN.timeout
            : LAB_NOT_RUN.failed;
  // A kept measurement keeps its reason: a weaker one is kept only when this run could do no better.
  const lab: LabResult = kept
    ? kept
    : measured
      ? {
          lighthouse: Boolean(measured.mobile && measured.desktop),
          mobile: measured.mobile ?? estimate.mobile,
          desktop: measured.desktop ?? estimate.desktop,
          screenshot: measured.screenshot,
          notes: measured.notes,
          ...(measured.mobile?.audits || measured.desktop?.audits ? {} : { notRunReason }),
        }
      : {
          notRunReason,
          ...estimate,
          notes:
            !installed && mode !== 'none'
              ? ['Chromium is not installed; speed was estimated from network timings.']
              : labFailure
                ? [`Chromium could not measure the site (${labFailure}); speed was estimated from network timings.`]
                : estimate.notes,
        };

  if (!kept) options.labCache?.set(siteKey, lab);

  progress(80, 'Running the checks');
  const ctx: CheckContext = { site: snapshot, home, pages: snapshot.pages.map(parsed), lab, now: options.now ?? new Date() };
  const run = runChecks(ctx, options.checks ?? CHECKS);
  progress(90, 'Building the report');
  return { snapshot, ctx, run, durationMs: Math.round(performance.now() - started) };
}
