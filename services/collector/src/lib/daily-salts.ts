// The daily-rotating salt behind cookieless visitor ids. Salts live in Postgres so every
// collector process derives the same id for a visitor on a given (UTC) day; they are read
// ahead into memory so the request path never waits on the database, and a salt is deleted
// once its day is over.
import { randomBytes } from 'node:crypto';
import { visitorSalts, type Sql } from '@curb/db';

const DAY_MS = 24 * 60 * 60 * 1000;
const REFRESH_MS = 15 * 60 * 1000;

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class DailySalts {
  private readonly cache = new Map<string, string>();
  /** Used only for a day whose shared salt could not be read (database unreachable). */
  private readonly fallback = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async start(): Promise<void> {
    await this.refresh(Date.now());
    this.timer = setInterval(() => void this.refresh(Date.now()), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Loads (creating if needed) today's and tomorrow's salts and forgets older ones. */
  async refresh(now: number): Promise<void> {
    const days = [utcDay(now), utcDay(now + DAY_MS)];
    try {
      for (const day of days) await visitorSalts.createIfAbsent(this.sql, day, randomBytes(32));
      for (const row of await visitorSalts.forDays(this.sql, days)) this.cache.set(row.day, row.salt.toString('hex'));
      await visitorSalts.deleteBefore(this.sql, days[0]!);
      for (const day of [...this.cache.keys(), ...this.fallback.keys()]) {
        if (day < days[0]!) {
          this.cache.delete(day);
          this.fallback.delete(day);
        }
      }
    } catch (err) {
      this.log.warn({ err }, 'could not refresh the visitor-id salts; using a local salt until the database answers');
    }
  }

  saltFor(ms: number): string {
    const day = utcDay(ms);
    const shared = this.cache.get(day);
    if (shared) return shared;
    let local = this.fallback.get(day);
    if (!local) {
      local = randomBytes(32).toString('hex');
      this.fallback.set(day, local);
      void this.refresh(ms);
    }
    return local;
  }
}
