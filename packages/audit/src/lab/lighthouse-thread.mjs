// One Lighthouse run in a worker thread (see lighthouseRun in chromium.ts): Lighthouse turns
// a page load's trace into figures with seconds of synchronous JavaScript, which on the main
// thread would hold up every other request. In: workerData { url, port, formFactor, speedOnly }
// (speedOnly: the performance category alone, no audits sent); out:
// the category scores, the metrics the report uses and the audits the page did not pass (their
// first items; lighthouse-audits.ts reads them), content wider than the phone screen among
// them, or { error }.
import { parentPort, workerData } from 'node:worker_threads';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const METRICS = [
  'largest-contentful-paint',
  'max-potential-fid',
  'cumulative-layout-shift',
  'total-blocking-time',
  'first-contentful-paint',
  'speed-index',
  'interactive',
];
/** Categories whose audits the checks read, and the speed audits they read besides. */
const AUDIT_CATEGORIES = ['seo', 'best-practices', 'accessibility'];
const EXTRA_AUDITS = ['unminified-css', 'unminified-javascript'];
const ITEMS_SENT = 8;

try {
  const { url, port, formFactor, speedOnly } = workerData;
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: speedOnly ? ['performance'] : ['performance', 'seo', 'accessibility', 'best-practices'],
      maxWaitForLoad: 15_000,
    },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
  const scores = Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, c.score]));
  const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.numericValue ?? 0]));
  const ids = new Set([...AUDIT_CATEGORIES.flatMap((c) => lhr.categories[c]?.auditRefs.map((r) => r.id) ?? []), ...EXTRA_AUDITS]);
  const audits = [];
  for (const id of speedOnly ? [] : ids) {
    const a = lhr.audits[id];
    // Passed, informative, manual and not-applicable audits say nothing to fix.
    if (!a || typeof a.score !== 'number' || a.score >= 0.9) continue;
    const items = Array.isArray(a.details?.items) ? a.details.items : [];
    audits.push({
      id,
      title: a.title,
      score: a.score,
      scoreDisplayMode: a.scoreDisplayMode,
      displayValue: a.displayValue ?? null,
      items: items.slice(0, ITEMS_SENT).map(({ node, description, value, url, source, sourceLocation, selector, issueType, name }) => ({
        node: node && { snippet: node.snippet, nodeLabel: node.nodeLabel },
        description,
        value: typeof value === 'string' ? value : undefined,
        // A console message names its file in sourceLocation.
        url: url ?? sourceLocation?.url,
        source,
        selector,
        issueType,
        name,
      })),
      itemCount: items.length,
    });
  }
  // Lighthouse 12 dropped its content-width audit; the artifact it read still says how wide the
  // page laid itself out on the phone (wider than the screen: visitors scroll sideways or zoom out).
  const viewport = result.artifacts?.ViewportDimensions;
  if (!speedOnly && formFactor !== 'desktop' && Number.isFinite(viewport?.innerWidth) && viewport.innerWidth > viewport.outerWidth) {
    audits.push({
      id: 'content-width',
      title: 'Content is wider than the phone screen',
      score: 0,
      scoreDisplayMode: 'binary',
      displayValue: `laid out ${viewport.innerWidth} px wide on a ${viewport.outerWidth} px screen`,
      items: [],
      itemCount: 0,
    });
  }
  parentPort.postMessage({ scores, metrics, ...(speedOnly ? {} : { audits }) });
} catch (err) {
  parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
