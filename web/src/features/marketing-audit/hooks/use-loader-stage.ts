import { marketingAuditPage } from '@curb/content';
import { useEffect, useState } from 'react';

/**
 * The loader's stage while `running`: 0 before the first stage time, then 1..6 at the
 * content package's times (0.5, 1.5, 2.5, 3.5, 4.5 and 6 s); back to 0 when it stops.
 */
export function useLoaderStage(running: boolean): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    setStage(0);
    if (!running) return;
    const timers = marketingAuditPage.loaderStages.map((s, i) => setTimeout(() => setStage(i + 1), s.at * 1000));
    return () => timers.forEach(clearTimeout);
  }, [running]);
  return stage;
}

/** The caption of a stage (none before the first). */
export function loaderCaption(stage: number): string {
  return stage > 0 ? (marketingAuditPage.loaderStages[stage - 1]?.caption ?? '') : '';
}
