// Keeps the visits table up to the events stored, every second, so a beacon shows in the
// Traffic page's realtime figures within a few seconds. One builder per store: several worker
// processes against one ClickHouse server would each cancel the same rows, so a deployment runs
// one worker (ARCHITECTURE.md).
import type { ClickHouse } from '@curb/analytics';
import { buildVisits } from '@curb/analytics/visits';

export const VISIT_BUILD_MS = 1000;

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

export function startVisitBuilder(ch: ClickHouse, log: Log, intervalMs = VISIT_BUILD_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let failing = false;
  const tick = () => {
    running = buildVisits(ch).then(
      () => {
        if (failing) log.info({}, 'visits are being built again');
        failing = false;
      },
      (err: unknown) => {
        // Once per failure, not once a second: ClickHouse down is reported by the health check.
        if (!failing) log.error({ err }, 'could not build visits from the stored events; retrying every second');
        failing = true;
      },
    );
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
