// A job that meets a full disk or a PostgreSQL restart goes on within seconds of the store
// taking writes again. pg-boss alone would leave it far longer: a failure is retried only after
// the queue's retry delay (a minute, doubling), and when the failure cannot even be recorded
// (PostgreSQL down) the job stays "active" until it expires and the next maintenance round
// finds it (minutes). Here the handler runs again in place while the store is unavailable, and
// the job's outcome is recorded by the handler itself, again and again until it is taken.
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '@curb/db';
import { storeUnavailable } from '@curb/runtime';

export interface StoreRetryOptions {
  /** The queue's expiry: everything here ends well before pg-boss would time the job out. */
  expireInSeconds: number;
  /** The pause between tries while the store is unavailable. */
  pauseMs?: number;
  log: FastifyBaseLogger;
}

/** Time kept back from the expiry for recording the outcome. */
const RECORD_MARGIN_MS = 10_000;

/** The pool was ended by this process: it is stopping, and waiting would only hold the stop up. */
const stopping = (err: unknown) => (err as { code?: unknown } | null)?.code === 'CONNECTION_ENDED';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `handler` for one job of `queue`: again after a short pause while it fails because a
 * store cannot take writes, then completes or fails the job in pg-boss, retrying that too while
 * PostgreSQL is unavailable. Returns normally either way: pg-boss's own completion then finds
 * the job already settled and changes nothing.
 */
export async function runWithStoreRetry(
  jobs: JobQueue,
  queue: string,
  job: { id: string },
  handler: () => Promise<unknown>,
  { expireInSeconds, pauseMs = 1000, log }: StoreRetryOptions,
): Promise<void> {
  const deadline = Date.now() + expireInSeconds * 1000 - RECORD_MARGIN_MS;
  let outcome: { ok: true } | { ok: false; err: unknown };
  for (let tries = 1; ; tries++) {
    try {
      await handler();
      outcome = { ok: true };
      break;
    } catch (err) {
      const unavailable = stopping(err) ? null : storeUnavailable(err);
      if (!unavailable || Date.now() + pauseMs >= deadline - RECORD_MARGIN_MS) {
        outcome = { ok: false, err };
        break;
      }
      if (tries === 1) log.warn({ queue, jobId: job.id, reason: unavailable.reason }, 'job waits for the store to take writes again');
      await pause(pauseMs);
    }
  }
  const record = () =>
    outcome.ok
      ? jobs.complete(queue, job.id)
      : jobs.fail(queue, job.id, { message: (outcome.err as Error)?.message ?? String(outcome.err) });
  for (;;) {
    try {
      await record();
      return;
    } catch (err) {
      // Left to pg-boss: it records the outcome itself, or times the job out and retries it.
      if (stopping(err) || !storeUnavailable(err) || Date.now() + pauseMs >= deadline + RECORD_MARGIN_MS / 2) {
        if (!outcome.ok) throw outcome.err;
        return;
      }
      await pause(pauseMs);
    }
  }
}
