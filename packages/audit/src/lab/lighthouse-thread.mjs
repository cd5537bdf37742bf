// One Lighthouse run in a worker thread (see lighthouseRun in chromium.ts): Lighthouse turns
// a page load's trace into figures with seconds of synchronous JavaScript, which on the main
// thread would hold up every other request. In: workerData { url, port, formFactor }; out:
// the category scores and the metrics the report uses, or { error }.
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

try {
  const { url, port, formFactor } = workerData;
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'seo', 'accessibility', 'best-practices'],
      maxWaitForLoad: 15_000,
    },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
  const scores = Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, c.score]));
  const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.numericValue ?? 0]));
  parentPort.postMessage({ scores, metrics });
} catch (err) {
  parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
