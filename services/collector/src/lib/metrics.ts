// Counters of the ingest path since the process started, served by GET /api/events/metrics,
// and the once-a-minute log of refusals that would otherwise be a line per beacon.
export interface IngestMetrics {
  /** Events answered with 202 (on disk in the spool). */
  accepted: number;
  /** Of the accepted events, those flagged as bots (stored, left out of dashboards). */
  bots: number;
  /** Events acknowledged but not stored again: their eventId was taken recently (RecentIds). */
  duplicates: number;
  /** Requests refused: invalid (4xx) or spool full / unavailable (503). */
  rejected: number;
  /** Of the rejected requests, those refused with 503 for backpressure. */
  throttled: number;
  /** Of the throttled requests, those refused because the spool could not write (a full disk, its directory gone). */
  unwritable: number;
  /** Rows inserted into ClickHouse. */
  flushed: number;
  flushes: number;
  flushFailures: number;
  lastFlushAt: string | null;
  lastFlushMs: number | null;
  /** A generic word while inserts fail; ClickHouse's own message is in the log. */
  lastFlushError: string | null;
  /** Rows ClickHouse refused for their data, set aside under DATA_DIR/quarantine. */
  quarantined: number;
  lastQuarantineAt: string | null;
}

export function createMetrics(): IngestMetrics {
  return {
    accepted: 0,
    bots: 0,
    duplicates: 0,
    rejected: 0,
    throttled: 0,
    unwritable: 0,
    flushed: 0,
    flushes: 0,
    flushFailures: 0,
    lastFlushAt: null,
    lastFlushMs: null,
    lastFlushError: null,
    quarantined: 0,
    lastQuarantineAt: null,
  };
}

/** Refusals are summed up in one log line this often (when there were any). */
export const REFUSAL_SUMMARY_MS = 60_000;

interface RefusalLog {
  warn(fields: object, message: string): void;
}

/**
 * Beacons the spool could not write, counted by reason and logged once a minute: on a full
 * disk every page view is refused, and a line (let alone a stack) each would fill what little
 * disk is left. The first refusal of a quiet spell is logged at once, with the error's code and
 * message, so the cause shows without waiting; the counts follow every minute until it heals.
 */
export class RefusalTally {
  private counts = new Map<string, number>();
  private lastLoggedAt = -Infinity;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly log: RefusalLog,
    private readonly everyMs = REFUSAL_SUMMARY_MS,
  ) {
    this.timer = setInterval(() => this.flush(), everyMs);
    this.timer.unref();
  }

  note(reason: string, err: unknown): void {
    const now = Date.now();
    if (this.counts.size === 0 && now - this.lastLoggedAt >= this.everyMs) {
      this.lastLoggedAt = now;
      const { code, message } = err as NodeJS.ErrnoException;
      this.log.warn({ reason, code, error: message }, 'events refused: the spool cannot write');
      return;
    }
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
  }

  /** Logs the refusals counted since the last line, if any. */
  flush(): void {
    if (this.counts.size === 0) return;
    this.lastLoggedAt = Date.now();
    this.log.warn({ refused: Object.fromEntries(this.counts), seconds: this.everyMs / 1000 }, 'events refused: the spool cannot write');
    this.counts.clear();
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
