import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRows } from '../../../test/events.ts';
import { createTestClickHouse } from '../../../test/harness.ts';
import { runDictionaryDdl } from './dashboards/closed-days.ts';
import { migrateClickHouse } from './migrate.ts';

const MIGRATIONS = join(import.meta.dirname, 'migrations');

describe('ClickHouse on chDB', () => {
  let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
  beforeAll(async () => {
    ch = await createTestClickHouse();
  });
  afterAll(() => ch.drop());

  it('migrates once and then finds nothing to do', async () => {
    expect((await migrateClickHouse(ch))[0]).toBe(1);
    expect(await migrateClickHouse(ch)).toEqual([]);
    const [table] = await ch.query<{ engine: string; partition_key: string }>(
      'SELECT engine, partition_key FROM system.tables WHERE database = {db:String} AND name = {name:String}',
      { db: ch.database, name: 'events' },
    );
    expect(table).toEqual({ engine: 'MergeTree', partition_key: 'toYYYYMM(ts)' });
  });

  it('binds parameters instead of concatenating them', async () => {
    const [row] = await ch.query<{ s: string }>('SELECT {s:String} AS s', { s: "'; DROP TABLE events; --" });
    expect(row!.s).toBe("'; DROP TABLE events; --");
  });

  it('counts a retried batch once thanks to its deduplication token', async () => {
    const row = (id: string) => ({ event_id: id, ts: '2026-11-20 10:00:00.000', name: 'page_view', visitor_id: '1', path: '/', props: {} });
    const batch = [row('00000000-0000-4000-8000-000000000001'), row('00000000-0000-4000-8000-000000000002')];
    await ch.insert('events', batch, { deduplicationToken: 'batch-1' });
    await ch.insert('events', batch, { deduplicationToken: 'batch-1' });
    await ch.insert('events', [row('00000000-0000-4000-8000-000000000003')], { deduplicationToken: 'batch-2' });
    const [{ n }] = (await ch.query<{ n: string }>("SELECT count() AS n FROM events WHERE name = 'page_view'")) as [{ n: string }];
    expect(Number(n)).toBe(3);
  });

  it('runs queries on several connections in parallel', async () => {
    // Wall-clock sleeps, so CPU load elsewhere barely moves the comparison.
    const slow = 'SELECT sleepEachRow(0.1) FROM numbers(4) SETTINGS max_block_size = 1';
    let started = performance.now();
    await ch.query(slow);
    await ch.query(slow);
    const serial = performance.now() - started;
    started = performance.now();
    await Promise.all([ch.query(slow), ch.query(slow)]);
    const parallel = performance.now() - started;
    expect(parallel).toBeLessThan(serial * 0.75);
  });

  it('answers a ping with its latency', async () => {
    const ping = await ch.ping();
    expect(ping.ok).toBe(true);
    expect(ping.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("upgrades a store of the funnel's own closed days: its dictionaries and tables go", async () => {
    const old = await createTestClickHouse();
    const through48 = mkdtempSync(join(tmpdir(), 'curb-migrations-'));
    try {
      for (const file of readdirSync(MIGRATIONS).filter((f) => f < '0049')) cpSync(join(MIGRATIONS, file), join(through48, file));
      await migrateClickHouse(old, { dir: through48 });
      // As the version before ClickHouse migration 0049 left chDB: a dictionary over the funnel's levels, which holds
      // its table against DROP TABLE.
      await old.command(`CREATE OR REPLACE DICTIONARY funnel_levels_7 (key UInt64, value UInt64) PRIMARY KEY key
        SOURCE(CLICKHOUSE(QUERY 'SELECT toUInt64(1) AS key, toUInt64(2) AS value FROM ${old.database}.funnel_progress'))
        LAYOUT(HASHED()) LIFETIME(0)`);
      const names = async () =>
        (await old.query<{ name: string }>('SELECT name FROM system.tables WHERE database = currentDatabase()')).map((r) => r.name);
      expect(await names()).toEqual(expect.arrayContaining(['funnel_progress', 'identified_visitors_closed', 'funnel_levels_7']));

      // 0049 first; later migrations may follow it.
      expect((await migrateClickHouse(old))[0]).toBe(49);
      const after = await names();
      for (const gone of [
        'funnel_levels_7',
        'funnel_progress',
        'funnel_progress_runs',
        'funnel_progress_submitters',
        'identified_visitors_closed',
      ])
        expect(after).not.toContain(gone);
      expect(after).toContain('funnel_levels_closed');
    } finally {
      rmSync(through48, { recursive: true, force: true });
      await old.drop();
    }
  });
  it('upgrades a store that held runs for the periods now read whole: their dictionaries and the organic entry go', async () => {
    const old = await createTestClickHouse();
    const before55 = mkdtempSync(join(tmpdir(), 'curb-migrations-'));
    try {
      for (const file of readdirSync(MIGRATIONS).filter((f) => f < '0055')) cpSync(join(MIGRATIONS, file), join(before55, file));
      await migrateClickHouse(old, { dir: before55 });
      // As a version before the A/B view read 7 and 30 days whole, and the funnel 7, left chDB.
      const dictionaries = [
        ['ab_unit_flags_closed', 7, 'ab_units'],
        ['ab_unit_flags_closed', 30, 'ab_units'],
        ['funnel_levels_closed', 7, 'funnel'],
      ] as const;
      for (const [table, days, kind] of dictionaries)
        await old.command(
          runDictionaryDdl(old.database, {
            name: `${table}_${days}`,
            table,
            rows: `days = ${days} AND key != 0`,
            runsFilter: `days = ${days} AND kind = '${kind}'`,
          }),
        );
      await old.insert(
        'events',
        eventRows([
          { name: 'page_view', visitor: 1 },
          { name: 'consultation_booked', visitor: 1 },
          { name: 'consultation_booked', visitor: 1, minutesAgo: 3 * 24 * 60 },
          { name: 'consultation_booked', visitor: 2, bot: true },
          { name: 'form_submit', visitor: 3 },
        ]),
      );
      const names = async () =>
        (await old.query<{ name: string }>('SELECT name FROM system.tables WHERE database = currentDatabase()')).map((r) => r.name);
      const sessionColumns = async () =>
        (
          await old.query<{ name: string }>("SELECT name FROM system.columns WHERE database = currentDatabase() AND table = 'sessions'")
        ).map((r) => r.name);
      expect(await names()).toEqual(
        expect.arrayContaining(['ab_unit_flags_closed_7', 'ab_unit_flags_closed_30', 'funnel_levels_closed_7']),
      );
      expect(await sessionColumns()).toContain('organic_entry');

      expect(await migrateClickHouse(old)).toContain(55);
      const after = await names();
      for (const gone of ['ab_unit_flags_closed_7', 'ab_unit_flags_closed_30', 'funnel_levels_closed_7']) expect(after).not.toContain(gone);
      expect(await sessionColumns()).not.toContain('organic_entry');
      const [sessions] = await old.query<{ n: string }>('SELECT sum(page_views) AS n FROM sessions');
      expect(Number(sessions!.n)).toBe(1);
      // The bookings stored before the view: each human visitor's days, backfilled.
      const booked = await old.query<{ visitor: string; days: string }>(
        'SELECT toString(visitor) AS visitor, uniqExact(date) AS days FROM visitor_consultations GROUP BY visitor ORDER BY visitor',
      );
      expect(booked.map((r) => [r.visitor, Number(r.days)])).toEqual([['1', 2]]);
      // And those stored after it, by its view.
      await old.insert('events', eventRows([{ name: 'consultation_booked', visitor: 4 }]));
      const [later] = await old.query<{ n: string }>('SELECT count() AS n FROM visitor_consultations WHERE visitor = 4');
      expect(Number(later!.n)).toBe(1);
    } finally {
      rmSync(before55, { recursive: true, force: true });
      await old.drop();
    }
  });
});
