// A bounded line for costly work a visitor can ask for (speech, transcription, site lookups,
// PDFs): a few jobs at a time, a short line behind them, and past that an immediate 503 with
// Retry-After instead of a request that waits minutes while memory grows. A key (the client's
// address) may be capped too, so one client cannot fill the line for everyone.

/** Answered 503 with a Retry-After header by the server's error handler. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
  readonly statusCode = 503;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Answered 429 by the server's error handler: this client already has its share in the line. */
export class TooManyForClientError extends Error {
  override name = 'TooManyForClientError';
  readonly statusCode = 429;
}

export interface WorkQueueOptions {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs waiting for a turn; one more is refused. */
  maxWaiting: number;
  retryAfterSeconds: number;
  /** What the refused visitor reads. */
  busyMessage: string;
  /** Jobs one key may have running or waiting at once, and what its refused one reads. */
  perKey?: { max: number; message: string };
}

export class WorkQueue {
  private active = 0;
  private readonly line: Array<() => void> = [];
  private readonly held = new Map<string, number>();

  constructor(private readonly options: WorkQueueOptions) {}

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.line.length;
  }

  /** Runs `job` in its turn; `key` (a client address) counts against the per-key cap while it waits and runs. */
  async run<T>(job: () => Promise<T>, key?: string): Promise<T> {
    const { concurrency, maxWaiting, retryAfterSeconds, busyMessage, perKey } = this.options;
    if (perKey && key !== undefined && (this.held.get(key) ?? 0) >= perKey.max) throw new TooManyForClientError(perKey.message);
    if (this.active >= concurrency && this.line.length >= maxWaiting) throw new QueueFullError(busyMessage, retryAfterSeconds);
    this.hold(key, 1);
    try {
      if (this.active < concurrency) this.active++;
      else await new Promise<void>((resolve) => this.line.push(resolve));
      try {
        return await job();
      } finally {
        // The finished job's turn passes straight to the next in line.
        const next = this.line.shift();
        if (next) next();
        else this.active--;
      }
    } finally {
      this.hold(key, -1);
    }
  }

  private hold(key: string | undefined, change: 1 | -1): void {
    if (key === undefined) return;
    const count = (this.held.get(key) ?? 0) + change;
    if (count > 0) this.held.set(key, count);
    else this.held.delete(key);
  }
}
