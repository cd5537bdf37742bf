// Page speed without a browser: a simple network model over what the snapshot measured
// (time to first byte, HTML and sampled resource sizes, render-blocking resources), scored
// with Lighthouse's own metric curves. Used when Chromium is absent (lighthousePowered: false).
import type { ParsedPage } from '../page.ts';
import type { SiteSnapshot } from '../snapshot.ts';
import { clamp, round } from '../util.ts';
import type { LabResult, LabRun } from './types.ts';

interface Profile {
  rttMs: number;
  bytesPerMs: number;
  /** Main-thread ms per KB of script (parse, compile, run). */
  cpuMsPerScriptKb: number;
  curves: Record<'fcp' | 'lcp' | 'tbt' | 'cls' | 'si', { p10: number; median: number }>;
}

// Lighthouse 12 throttling (slow 4G, 4x CPU on mobile; cable on desktop) and scoring curves.
const MOBILE: Profile = {
  rttMs: 150,
  bytesPerMs: (1.6 * 1024 * 1024) / 8 / 1000,
  cpuMsPerScriptKb: 1.2,
  curves: {
    fcp: { p10: 1800, median: 3000 },
    lcp: { p10: 2500, median: 4000 },
    tbt: { p10: 200, median: 600 },
    cls: { p10: 0.1, median: 0.25 },
    si: { p10: 3387, median: 5800 },
  },
};
const DESKTOP: Profile = {
  rttMs: 40,
  bytesPerMs: (10 * 1024 * 1024) / 8 / 1000,
  cpuMsPerScriptKb: 0.3,
  curves: {
    fcp: { p10: 934, median: 1600 },
    lcp: { p10: 1200, median: 2400 },
    tbt: { p10: 150, median: 350 },
    cls: { p10: 0.1, median: 0.25 },
    si: { p10: 1311, median: 2300 },
  },
};
const WEIGHTS = { fcp: 0.1, si: 0.1, lcp: 0.25, tbt: 0.3, cls: 0.25 };

/** Typical sizes for resources the snapshot did not sample, so unknown is not free. */
const DEFAULT_BYTES = { script: 30_000, stylesheet: 15_000, image: 60_000 };

/** Lighthouse's log-normal metric score: 0.9 at p10, 0.5 at the median. */
export function logNormalScore(value: number, p10: number, median: number): number {
  if (value <= 0) return 1;
  const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232;
  const xRatio = Math.max(Number.MIN_VALUE, value / median);
  const xLogRatio = Math.log(xRatio);
  const p10Ratio = Math.max(Number.MIN_VALUE, p10 / median);
  const p10LogRatio = -Math.log(p10Ratio);
  const standardizedX = (xLogRatio * INVERSE_ERFC_ONE_FIFTH) / p10LogRatio;
  const complementaryPercentile = erfc(standardizedX) / 2;
  return clamp(complementaryPercentile, 0, 1);
}

function erfc(x: number): number {
  // Abramowitz-Stegun 7.1.26, ample for a score.
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

export interface PageWeights {
  htmlTransfer: number;
  blockingBytes: number;
  blockingCount: number;
  scriptBytes: number;
  totalBytes: number;
  largestImage: number;
  imagesWithoutSize: number;
}

export function pageWeights(site: SiteSnapshot, home: ParsedPage): PageWeights {
  const sized = new Map(site.resources.map((r) => [r.url, r.bytes]));
  const bytesOf = (url: string | null, kind: keyof typeof DEFAULT_BYTES) =>
    (url ? (sized.get(url) ?? DEFAULT_BYTES[kind]) : 0) ?? DEFAULT_BYTES[kind];
  const blockingScripts = home.scripts.filter((s) => s.url && s.inHead && !s.async && !s.defer && !s.module);
  const blockingCss = home.stylesheets.filter((s) => s.url && s.inHead && s.media !== 'print');
  const scripts = home.scripts.filter((s) => s.url);
  const images = home.images.filter((i) => i.url);
  const scriptBytes = scripts.reduce((n, s) => n + bytesOf(s.url, 'script'), 0) + home.inlineScriptBytes;
  const cssBytes = home.stylesheets.filter((s) => s.url).reduce((n, s) => n + bytesOf(s.url, 'stylesheet'), 0);
  const imageSizes = images.map((i) => bytesOf(i.url, 'image'));
  return {
    htmlTransfer: site.home.transferBytes,
    blockingBytes:
      blockingScripts.reduce((n, s) => n + bytesOf(s.url, 'script'), 0) + blockingCss.reduce((n, s) => n + bytesOf(s.url, 'stylesheet'), 0),
    blockingCount: blockingScripts.length + blockingCss.length,
    scriptBytes,
    totalBytes: site.home.htmlBytes + scriptBytes + cssBytes + imageSizes.reduce((a, b) => a + b, 0),
    largestImage: Math.max(0, ...imageSizes.slice(0, 3)),
    imagesWithoutSize: images.filter((i) => !i.width || !i.height).length,
  };
}

function simulate(site: SiteSnapshot, home: ParsedPage, p: Profile): LabRun {
  const w = pageWeights(site, home);
  // Our own request measured server time plus a short network path; the profile adds its
  // connection set-up (DNS, TCP, TLS: about 3 round trips) and download time.
  const documentMs = site.home.ttfbMs + 3 * p.rttMs + w.htmlTransfer / p.bytesPerMs;
  const blockingMs = w.blockingCount ? p.rttMs + w.blockingBytes / p.bytesPerMs : 0;
  const fcpMs = documentMs + blockingMs;
  const lcpMs = fcpMs + (w.largestImage ? p.rttMs + w.largestImage / p.bytesPerMs : 0);
  const tbtMs = Math.max(0, (w.scriptBytes / 1024) * p.cpuMsPerScriptKb - 50);
  const loadMs = documentMs + p.rttMs + (w.totalBytes - site.home.htmlBytes) / p.bytesPerMs + tbtMs;
  const cls = round(Math.min(0.5, w.imagesWithoutSize * 0.05), 3);
  const si = (fcpMs + lcpMs) / 2;
  const c = p.curves;
  const performance =
    WEIGHTS.fcp * logNormalScore(fcpMs, c.fcp.p10, c.fcp.median) +
    WEIGHTS.si * logNormalScore(si, c.si.p10, c.si.median) +
    WEIGHTS.lcp * logNormalScore(lcpMs, c.lcp.p10, c.lcp.median) +
    WEIGHTS.tbt * logNormalScore(tbtMs, c.tbt.p10, c.tbt.median) +
    WEIGHTS.cls * logNormalScore(cls, c.cls.p10, c.cls.median);
  return {
    performance: Math.round(performance * 100),
    seo: null,
    accessibility: null,
    bestPractices: null,
    lcpMs: Math.round(lcpMs),
    // Max potential FID is about the longest task; a third of the blocking time approximates it.
    fidMs: Math.round(16 + tbtMs / 3),
    cls,
    tbtMs: Math.round(tbtMs),
    fcpMs: Math.round(fcpMs),
    speedIndexMs: Math.round(si),
    interactiveMs: Math.round(loadMs),
  };
}

/** Mobile and desktop estimates in the shape of a lab result (no screenshot). */
export function estimateLab(site: SiteSnapshot, home: ParsedPage): LabResult {
  return {
    lighthouse: false,
    mobile: simulate(site, home, MOBILE),
    desktop: simulate(site, home, DESKTOP),
    screenshot: null,
    notes: ['Estimated from network timings (Chromium not used).'],
  };
}
