// Counters of the ingest path since the process started, served by GET /api/events/metrics.
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
