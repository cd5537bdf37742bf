// What a speed figure measured, said next to it: the free audit's lookup estimates from a
// download, the report runs Lighthouse, and Lighthouse's mobile run is throttled far below a
// desktop on cable. The same site's "0.7 s" and "4.6 s" only agree once each says how.
import type { LabResult } from './types.ts';

export interface SpeedMeasurement {
  /** How the load time was measured. */
  loadTime: string;
  /** How the Core Web Vitals were measured. */
  coreWebVitals: string;
}

export function speedMeasurementOf(lab: Pick<LabResult, 'lighthouse'>): SpeedMeasurement {
  return lab.lighthouse
    ? {
        loadTime: 'Lighthouse, desktop (cable connection): time until the page responds to input',
        coreWebVitals: 'Lighthouse, mobile (simulated slow 4G, 4× slower CPU)',
      }
    : {
        loadTime: 'Estimated from our server’s download of the page (desktop, cable connection)',
        coreWebVitals: 'Estimated from network timings (mobile, slow 4G model)',
      };
}

/** Why the in-browser test is missing, as the report says it next to the checks it left out. */
export const LAB_NOT_RUN = {
  timeout: 'The in-browser speed test did not finish within its time budget.',
  failed: 'The browser could not load the page for its test.',
  unavailable: 'The in-browser test is not available on this server.',
  notRequested: 'This audit does not include the in-browser test.',
} as const;
