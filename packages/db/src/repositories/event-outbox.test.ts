// The outbox's locking is what lets several collectors drain it at once without moving an
// event twice or losing one; the collector's tests cannot show it (they run one drain).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/harness.ts';
import { createSql, type Sql } from '../client.ts';
import * as eventOutbox from './event-outbox.ts';

describe('event outbox', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let sql: Sql;
  beforeAll(async () => {
    db = await createTestDatabase({ migrated: true });
    sql = createSql(db.url, { max: 4 });
  });
  afterAll(async () => {
    await sql.end();
    await db.drop();
  });

  it('gives two concurrent drains disjoint batches, oldest first, and keeps what a failed drain held', async () => {
    for (let n = 1; n <= 5; n++) await eventOutbox.append(sql, { n });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const firstLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const first = sql.begin(async (tx) => {
      const rows = await eventOutbox.lockOldest(tx, 3);
      locked();
      await held;
      await eventOutbox.remove(
        tx,
        rows.map((r) => r.id),
      );
      return rows.map((r) => (r.row as { n: number }).n);
    });
    await firstLocked;
    // A second drain meanwhile skips the locked rows instead of waiting, then fails (ClickHouse refused).
    const second = await sql
      .begin(async (tx) => {
        const rows = await eventOutbox.lockOldest(tx, 3);
        throw Object.assign(new Error('refused'), { taken: rows.map((r) => (r.row as { n: number }).n) });
      })
      .catch((err: { taken: number[] }) => err.taken);
    release();
    expect(await first).toEqual([1, 2, 3]);
    expect(second).toEqual([4, 5]);
    const left = await sql.begin((tx) => eventOutbox.lockOldest(tx, 10));
    expect(left.map((r) => (r.row as { n: number }).n)).toEqual([4, 5]);
  });
});
