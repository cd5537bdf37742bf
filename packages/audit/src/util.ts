import { setPriority } from 'node:os';

/** A counting semaphore: `run` waits for a free slot, at most `maxWaitMs` when given. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly slots: number) {}

  /**
   * Runs `fn` in a slot; returns `onBusy()` instead when no slot frees up within `maxWaitMs`,
   * or when `signal` aborts while it waits (the caller no longer needs the slot).
   */
  async run<T>(fn: () => Promise<T>, maxWaitMs = Infinity, onBusy?: () => T, signal?: AbortSignal): Promise<T> {
    if (this.active >= this.slots || signal?.aborted) {
      const got = await new Promise<boolean>((resolve) => {
        if (signal?.aborted) return resolve(false);
        const giveUp = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', giveUp);
          const i = this.waiting.indexOf(wake);
          if (i >= 0) this.waiting.splice(i, 1);
          resolve(false);
        };
        const wake = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', giveUp);
          resolve(true);
        };
        const timer = maxWaitMs === Infinity ? undefined : setTimeout(giveUp, Math.max(0, maxWaitMs));
        signal?.addEventListener('abort', giveUp, { once: true });
        this.waiting.push(wake);
      });
      if (!got) {
        if (onBusy) return onBusy();
        throw new Error('busy');
      }
    }
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  get busy(): number {
    return this.active;
  }

  /** Callers waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function round(value: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Nice value of helper processes (browsers, speech tools): below the server, never stopped. */
export const HELPER_NICENESS = 10;

/** Lowers a helper process's CPU priority; a process already gone is left alone. */
export function yieldCpu(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, HELPER_NICENESS);
  } catch {
    // Exited already, or not ours to change: it simply keeps its priority.
  }
}
