// The report PDF renderer in a worker thread (see render-pool.ts): laying out a report takes
// the CPU for a good fraction of a second, which on the main thread would hold up every
// other request. Messages in: { id, report, reportUrl, sender }; out: { id, bytes } or { id, error }.
import { existsSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

/** Compiled (as production runs): the renderer is JavaScript beside this file; run from the
 *  sources (tests, development): it is TypeScript, loaded through tsx. */
async function loadRenderer() {
  if (existsSync(new URL('./render.js', import.meta.url))) return import('./render.js');
  const { register } = await import('tsx/esm/api');
  register();
  return import('./render.ts');
}

const { renderReportPdf } = await loadRenderer();

parentPort.on('message', async ({ id, report, reportUrl, sender }) => {
  try {
    const pdf = await renderReportPdf(report, reportUrl, sender);
    const bytes = new Uint8Array(pdf);
    parentPort.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort.postMessage({ ready: true });
