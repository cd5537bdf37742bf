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
  /**
   * Lighthouse audits the page failed (SEO, best practices, accessibility and a few speed ones);
   * absent for estimates and for the desktop run, which measures speed only.
   */
  audits?: LabAudit[];
}

/** One Lighthouse audit the page failed, with what it named: elements, messages or files. */
export interface LabAudit {
  /** Lighthouse's audit id, e.g. "color-contrast". */
  id: string;
  title: string;
  /** 0-1 (0 for a failed pass/fail audit). */
  score: number;
  /** Lighthouse's summary, e.g. "54% legible text"; null when it gives none. */
  displayValue: string | null;
  /** The first few elements, messages or files it named, as short text. */
  items: string[];
  /** How many it named in all. */
  itemCount: number;
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
  /**
   * Why Lighthouse's own audits are missing, in words a prospect understands (the checks that
   * read them are reported "not measured" with it); absent when Lighthouse ran.
   */
  notRunReason?: string;
}
