// Moves the api's own tracking events (event_outbox in PostgreSQL) into ClickHouse, oldest
// first. A batch is locked (SKIP LOCKED: several collectors share the work), inserted with a
// deduplication token made of its ids, and deleted in the same transaction: if ClickHouse
// refuses, the rows stay for the next round; if the delete is lost after the insert, the
// retry carries the same token and ClickHouse drops the repeat.
import type { ClickHouse } from '@curb/analytics';
import { eventOutbox, type Sql } from '@curb/db';

export const OUTBOX_DRAIN_MS = 1000;
const OUTBOX_BATCH = 500;

type Log = { warn(obj: object, msg: string): void };

export class OutboxDrain {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;
  private failing = false;
  /** While a backup reads the stores, no row moves from PostgreSQL to ClickHouse. */
  private paused = false;

  constructor(private readonly deps: { sql: Sql; ch: ClickHouse; log: Log; intervalMs?: number }) {}

  start(): void {
    this.timer = setInterval(() => void this.drainOnce(), this.deps.intervalMs ?? OUTBOX_DRAIN_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => 0);
  }

  /** Waits for the batch in flight, then moves nothing until `resume` (a backup's cut). */
  async pause(): Promise<void> {
    this.paused = true;
    await this.running?.catch(() => 0);
  }

  resume(): void {
    this.paused = false;
  }

  /** One batch; answers how many rows reached ClickHouse. */
  drainOnce(): Promise<number> {
    if (this.paused) return this.running ?? Promise.resolve(0);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(): Promise<number> {
    const { sql, ch, log } = this.deps;
    try {
      const moved = await sql.begin(async (tx) => {
        const rows = await eventOutbox.lockOldest(tx, OUTBOX_BATCH);
        if (!rows.length) return 0;
        await ch.insert(
          'events',
          rows.map((r) => r.row),
          { deduplicationToken: `outbox:${rows[0]!.id}:${rows.at(-1)!.id}:${rows.length}` },
        );
        await eventOutbox.remove(
          tx,
          rows.map((r) => r.id),
        );
        return rows.length;
      });
      if (this.failing) log.warn({ moved }, 'api tracking events reach ClickHouse again');
      this.failing = false;
      return moved;
    } catch (err) {
      // Said once per outage, not every second.
      if (!this.failing) log.warn({ err: (err as Error).message }, 'api tracking events wait in PostgreSQL until ClickHouse takes them');
      this.failing = true;
      return 0;
    }
  }
}
