// Page-speed measurements: Lighthouse in Chromium when available, else network estimates.
export interface LabRun {
  /** Lighthouse performance score, 0-100. */
  performance: number;
  seo: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  lcpMs: number;
  /** Max potential First Input Delay, ms. */
  fidMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  /** Time to Interactive, ms: used as the page's load time. */
  interactiveMs: number;
}

export interface LabResult {
  /** True when Lighthouse measured both runs; false for network estimates. */
  lighthouse: boolean;
  mobile: LabRun;
  desktop: LabRun;
  /** PNG, base64. */
  screenshot: string | null;
  /** Why a part is missing (Chromium absent, timeout...). */
  notes: string[];
}
