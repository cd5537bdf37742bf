// A bounded line for costly work a visitor can ask for (speech, transcription, site lookups,
// PDFs): a few jobs at a time, a short line behind them, and past that an immediate 503 with
// Retry-After instead of a request that waits minutes while memory grows.

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

export interface WorkQueueOptions {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs waiting for a turn; one more is refused. */
  maxWaiting: number;
  retryAfterSeconds: number;
  /** What the refused visitor reads. */
  busyMessage: string;
}

export class WorkQueue {
  private active = 0;
  private readonly line: Array<() => void> = [];

  constructor(private readonly options: WorkQueueOptions) {}

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.line.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    const { concurrency, maxWaiting, retryAfterSeconds, busyMessage } = this.options;
    if (this.active < concurrency) this.active++;
    else if (this.line.length < maxWaiting) await new Promise<void>((resolve) => this.line.push(resolve));
    else throw new QueueFullError(busyMessage, retryAfterSeconds);
    try {
      return await job();
    } finally {
      // The finished job's turn passes straight to the next in line.
      const next = this.line.shift();
      if (next) next();
      else this.active--;
    }
  }
}
