// The ingest pipeline behind POST /api/events: spool (durable, before the 202), flusher
// (spool → ClickHouse), daily salts for visitor ids and the counters. One per process.
import type { Config } from '@curb/contracts/config';
import { spoolDir } from '@curb/analytics/event-files';
import { applyEventRetention, RETENTION_SETTING, retentionDays } from '@curb/analytics/retention';
import { settings } from '@curb/db';
import { lockDataDir, type Stores } from '@curb/runtime';
import { registerWriteHold } from '@curb/runtime/backup/holds';
import { DailySalts } from './daily-salts.ts';
import { Flusher, type InsertRows } from './flusher.ts';
import { createMetrics, type IngestMetrics } from './metrics.ts';
import { OutboxDrain } from './outbox-drain.ts';
import { recentIdsAtStart, type RecentIds } from './recent-ids.ts';
import { Quarantine, quarantineDir } from './quarantine.ts';
import { Spool } from './spool.ts';

/** ClickHouse gets batches of at least 1,000 rows, or whatever arrived within a second: each insert
 *  makes a part it must merge later, so many small ones would cost more than they carry. */
export const BATCH_ROWS = 1000;
export const FLUSH_INTERVAL_MS = 1000;
/** Under load, at most one insert a second, as ClickHouse advises. */
export const MIN_FLUSH_GAP_MS = 1000;
/** A segment (one insert) never grows past this, even while ClickHouse is slow. */
export const MAX_SEGMENT_ROWS = 50_000;
const RETENTION_CHECK_MS = 60 * 60 * 1000;

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export interface Ingest {
  spool: Spool;
  flusher: Flusher;
  /** The api's own tracking events, from PostgreSQL to ClickHouse. */
  outbox: OutboxDrain;
  salts: DailySalts;
  /** Event ids taken lately: a beacon sent again is acknowledged, not stored twice. */
  recent: RecentIds;
  metrics: IngestMetrics;
  /** Refuses new events, then flushes what it can before the shutdown budget runs out. */
  close(): Promise<void>;
}

export interface IngestOptions {
  config: Pick<Config, 'DATA_DIR' | 'SPOOL_MAX_BYTES' | 'SHUTDOWN_TIMEOUT_MS'>;
  stores: Pick<Stores, 'ch' | 'sql'>;
  log: Log;
  /** Defaults to inserting into the `events` table of `stores.ch`. */
  insert?: InsertRows;
}

/**
 * One spool per ClickHouse database: rows spooled for one target are never replayed into
 * another (tests give every file its own database on the same DATA_DIR). Defined beside the
 * quarantine's directory in @curb/analytics, where an erasure finds a person's lines.
 */
export { spoolDir };

export async function openIngest({ config, stores, log, insert }: IngestOptions): Promise<Ingest> {
  const dir = spoolDir(config.DATA_DIR, stores.ch.database);
  const unlock = lockDataDir(dir);
  try {
    const spool = await Spool.open({ dir, maxBytes: config.SPOOL_MAX_BYTES, maxSegmentRows: MAX_SEGMENT_ROWS, log });
    const recent = await recentIdsAtStart(spool, stores.ch, log);
    const metrics = createMetrics();
    const flusher = new Flusher({
      spool,
      metrics,
      log,
      intervalMs: FLUSH_INTERVAL_MS,
      batchRows: BATCH_ROWS,
      minGapMs: MIN_FLUSH_GAP_MS,
      insert: insert ?? ((rows, token) => stores.ch.insert('events', rows, { deduplicationToken: token })),
      quarantine: new Quarantine(quarantineDir(config.DATA_DIR, stores.ch.database), stores.sql, log),
    });
    const salts = new DailySalts(stores.sql, log);
    await salts.start();
    flusher.start();
    const outbox = new OutboxDrain({ sql: stores.sql, ch: stores.ch, log });
    outbox.start();
    // A backup in this process cuts here: the spool is sealed and flushed up to its cut and the
    // outbox waits, so ClickHouse and PostgreSQL are read at one moment (runtime/backup).
    const unregisterHold = registerWriteHold(stores.ch, {
      async cut() {
        await outbox.pause();
        try {
          const { cutAt, rows } = await flusher.holdAtCut();
          return {
            cutAt,
            spooled: rows,
            flush: (deadline) => flusher.flushHeld(deadline),
            release() {
              flusher.release();
              outbox.resume();
            },
          };
        } catch (err) {
          outbox.resume();
          throw err;
        }
      },
    });
    // The owner's retention setting becomes the tables' TTL (checked now and hourly).
    const applyRetention = async () => {
      try {
        const stored = await settings.find(stores.sql, RETENTION_SETTING.category, RETENTION_SETTING.key);
        await applyEventRetention(stores.ch, retentionDays(stored));
      } catch (err) {
        log.warn({ err }, 'could not apply the event retention setting');
      }
    };
    await applyRetention();
    const retentionTimer = setInterval(() => void applyRetention(), RETENTION_CHECK_MS);
    retentionTimer.unref();
    return {
      spool,
      flusher,
      outbox,
      salts,
      recent,
      metrics,
      async close() {
        // Leave the rest of the stop budget to the job queue and the stores.
        const deadline = Date.now() + Math.min(2000, config.SHUTDOWN_TIMEOUT_MS / 3);
        salts.stop();
        unregisterHold();
        clearInterval(retentionTimer);
        await spool.close();
        await outbox.stop();
        await flusher.stop(deadline);
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
