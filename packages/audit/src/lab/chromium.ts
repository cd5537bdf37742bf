// Lab measurements in a real browser: Lighthouse 12 (mobile and desktop) and a PNG
// screenshot through playwright-core, in one headless Chromium behind the guarded proxy.
// Chromium is heavy (about 1.4 GB and a full core per Lighthouse run), so every run in the
// process takes a slot of one shared semaphore.
import type { ChildProcess } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { spawnLimited } from '../limited-child.ts';
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGuardedProxy } from '../net/guarded-proxy.ts';
import { Semaphore } from '../util.ts';
import { failedAudits, type RawLighthouseAudit } from './lighthouse-audits.ts';
import type { LabRun } from './types.ts';

export const DEFAULT_CHROME_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium to use: CHROME_PATH when it exists, else a Debian default, else null. */
export function findChrome(chromePath?: string | null): string | null {
  if (chromePath) return existsSync(chromePath) ? chromePath : null;
  return DEFAULT_CHROME_PATHS.find((p) => existsSync(p)) ?? null;
}

/** One Chromium at a time per process (2 cores: a second one only slows both down). */
export const chromiumSlots = new Semaphore(1);

/**
 * Data limit of each Chromium process (the browser and every renderer it forks): a Lighthouse
 * run peaks near 1.4 GB across all of them, a page that makes one renderer grow past this is
 * a page that crashes in the measurement, not a server that swaps.
 */
export const CHROMIUM_MEMORY_BYTES = 2 * 1024 * 1024 * 1024;

export interface LabOptions {
  chromePath: string;
  allowed: (address: string) => boolean;
  lighthouse: boolean;
  screenshot: boolean;
  /**
   * The run's own budget, counted from when it gets the browser (a queued run is not charged
   * for the runs ahead of it); on expiry Chromium is killed and what finished is kept.
   */
  deadlineMs: number;
  /** Longest wait for the browser while other audits use it (default: `deadlineMs`). */
  maxWaitMs?: number;
  /** Told while the run waits (how many runs are ahead of it) and once it starts. */
  onState?: (state: LabState) => void;
  /**
   * The measurement is no longer wanted (the site's own fetch failed): stop waiting for the
   * slot, or kill Chromium and stop Lighthouse, at once.
   */
  signal?: AbortSignal;
}

export type LabState = { phase: 'waiting'; ahead: number } | { phase: 'running' };

export interface LabOutput {
  mobile: LabRun | null;
  desktop: LabRun | null;
  screenshot: string | null;
  notes: string[];
  /** Hosts the page tried to reach that the address rule refused. */
  refused: string[];
  /** A part was left out for want of time (the wait for the browser or the run's own budget). */
  timedOut: boolean;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--no-first-run',
  '--no-default-browser-check',
  '--mute-audio',
  '--disable-quic',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/**
 * Measures `url` in Chromium. A promise stands for an address known only once the site's own
 * fetch has answered (which scheme it serves): the browser starts meanwhile.
 */
export async function runLab(target: string | Promise<string>, options: LabOptions): Promise<LabOutput> {
  const out: LabOutput = { mobile: null, desktop: null, screenshot: null, notes: [], refused: [], timedOut: false };
  const { signal } = options;
  const busy = () => {
    if (!signal?.aborted) out.timedOut = true;
    out.notes.push(
      signal?.aborted
        ? 'Chromium was not used: the site could not be fetched.'
        : 'Chromium was busy with other audits for too long; speed was estimated from network timings.',
    );
    return out;
  };
  const ahead = chromiumSlots.busy + chromiumSlots.queued;
  if (ahead >= 1) options.onState?.({ phase: 'waiting', ahead });
  // Runs take the browser one at a time, in turn; each gets its whole budget once it has it.
  return chromiumSlots.run(
    async () => {
      if (signal?.aborted) return busy();
      options.onState?.({ phase: 'running' });
      const started = Date.now();
      const remaining = () => options.deadlineMs - (Date.now() - started);
      const proxy = await startGuardedProxy(options.allowed);
      const profileDir = mkdtempSync(join(tmpdir(), 'curb-chromium-'));
      let chrome: ChildProcess | undefined;
      const kill = () => chrome?.kill('SIGKILL');
      const killer = setTimeout(
        () => {
          out.timedOut = true;
          kill();
        },
        Math.max(0, remaining()),
      );
      signal?.addEventListener('abort', kill, { once: true });
      try {
        // The fetch may have failed while the proxy started: then no browser at all.
        if (signal?.aborted) return busy();
        const launched = await launch(
          options.chromePath,
          profileDir,
          proxy.url,
          Math.min(15_000, remaining()),
          (child) => {
            chrome = child;
          },
          remaining(),
        );
        const url = await target;
        if (options.lighthouse) {
          for (const formFactor of ['mobile', 'desktop'] as const) {
            if (signal?.aborted) break;
            if (remaining() < 4000) {
              out.timedOut = true;
              out.notes.push(`Lighthouse ${formFactor} run skipped: time budget spent.`);
              continue;
            }
            try {
              // The checks read the mobile run's audits; the desktop run gives its speed figures
              // only, without the accessibility and SEO passes that take half its time.
              const speedOnly = formFactor === 'desktop';
              out[formFactor] = await lighthouseRun(url, launched.port, formFactor, speedOnly, remaining() - 1000, signal);
            } catch (err) {
              if ((err as Error).message === TIMED_OUT) out.timedOut = true;
              out.notes.push(`Lighthouse ${formFactor} run failed: ${(err as Error).message}`);
            }
          }
        }
        if (options.screenshot && remaining() > 2500 && !signal?.aborted) {
          try {
            out.screenshot = await withTimeout(screenshot(url, launched.port), remaining() - 500);
          } catch (err) {
            out.notes.push(`Screenshot failed: ${(err as Error).message}`);
          }
        }
      } catch (err) {
        out.notes.push(`Chromium could not run: ${(err as Error).message}`);
      } finally {
        clearTimeout(killer);
        signal?.removeEventListener('abort', kill);
        out.refused = [...new Set(proxy.refused)];
        await stop(chrome);
        await proxy.close();
        // Chromium's helper processes may still be writing the profile as it exits: retry,
        // and never let a leftover temporary profile fail the measurement.
        await rm(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }).catch(() => {});
      }
      return out;
    },
    options.maxWaitMs ?? options.deadlineMs,
    busy,
    signal,
  );
}

async function launch(
  chromePath: string,
  profileDir: string,
  proxyUrl: string,
  timeoutMs: number,
  /** Called with the process as soon as it exists, so that it can be killed while it starts. */
  onSpawn: (child: ChildProcess) => void,
  /** Killed this long after it started, whatever it is doing then. */
  lifetimeMs: number,
): Promise<{ process: ChildProcess; port: number }> {
  // The browser (and the renderers it forks later, which inherit both) runs under the memory
  // limit and yields the CPU to the server: on two cores a Lighthouse run otherwise slows
  // every other visitor's request.
  const { child } = spawnLimited(
    chromePath,
    [
      ...CHROME_FLAGS,
      `--user-data-dir=${profileDir}`,
      '--remote-debugging-port=0',
      '--remote-debugging-address=127.0.0.1',
      `--proxy-server=${proxyUrl}`,
      // Chromium skips the proxy for loopback unless told otherwise.
      '--proxy-bypass-list=<-loopback>',
      // Chromium does not die with the process that started it, except that it closes when
      // its DevTools pipe does: however this process ends (a service stopped in the middle of
      // an audit, a crash, SIGKILL), the browser goes with it. Lighthouse uses the port.
      '--remote-debugging-pipe',
      'about:blank',
    ],
    { timeoutMs: lifetimeMs, memoryBytes: CHROMIUM_MEMORY_BYTES },
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
  );
  onSpawn(child);
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('Chromium did not start in time'));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    const exitedEarly = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}): ${stderr.slice(-300)}`));
    };
    child.on('exit', exitedEarly);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const m = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      if (m) {
        clearTimeout(timer);
        child.stderr!.removeAllListeners('data');
        child.stderr!.resume();
        child.off('exit', exitedEarly);
        resolve({ process: child, port: Number(m[1]) });
      }
    });
  });
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 2000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const LIGHTHOUSE_THREAD = new URL('./lighthouse-thread.mjs', import.meta.url);

/**
 * One Lighthouse run, in a worker thread of its own (lighthouse-thread.mjs): the trace
 * processing never blocks the event loop, and a run past its deadline is stopped outright
 * instead of finishing in the background.
 */
function lighthouseRun(
  url: string,
  port: number,
  formFactor: 'mobile' | 'desktop',
  speedOnly: boolean,
  deadlineMs: number,
  signal?: AbortSignal,
): Promise<LabRun> {
  type Answer =
    | { scores: Record<string, number | null>; metrics: Record<string, number>; audits?: RawLighthouseAudit[] }
    | { error: string };
  // Plain JavaScript: the thread needs none of the process's flags (a loader, --input-type).
  const worker = new Worker(LIGHTHOUSE_THREAD, { workerData: { url, port, formFactor, speedOnly }, execArgv: [] });
  const answer = new Promise<Answer>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`Lighthouse stopped (exit ${code})`)));
    signal?.addEventListener('abort', () => reject(new Error('stopped: the measurement is no longer needed')), { once: true });
  });
  return withTimeout(answer, deadlineMs)
    .then((a) => {
      if ('error' in a) throw new Error(a.error);
      const num = (id: string) => Math.max(0, Math.round(a.metrics[id] ?? 0));
      const cat = (id: string) => (a.scores[id] == null ? null : Math.round(a.scores[id]! * 100));
      return {
        performance: cat('performance') ?? 0,
        seo: cat('seo'),
        accessibility: cat('accessibility'),
        bestPractices: cat('best-practices'),
        lcpMs: num('largest-contentful-paint'),
        fidMs: num('max-potential-fid'),
        cls: Math.round((a.metrics['cumulative-layout-shift'] ?? 0) * 1000) / 1000,
        tbtMs: num('total-blocking-time'),
        fcpMs: num('first-contentful-paint'),
        speedIndexMs: num('speed-index'),
        interactiveMs: num('interactive'),
        // Without audits (a speed-only run) the checks that read them are not measured by it.
        ...(a.audits ? { audits: failedAudits(a.audits) } : {}),
      };
    })
    .finally(() => void worker.terminate());
}

async function screenshot(url: string, port: number): Promise<string> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 15_000 }).catch(() => page.waitForLoadState('domcontentloaded'));
    const png = await page.screenshot({ type: 'png' });
    await context.close();
    return png.toString('base64');
  } finally {
    await browser.close().catch(() => {});
  }
}

const TIMED_OUT = 'timed out';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(TIMED_OUT)), Math.max(0, ms));
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
