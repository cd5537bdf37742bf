// The cluster DDL generated from the migrations (packages/analytics/src/cluster-ddl.ts): its
// rules on made-up migrations (engines, settings, drops, refusals), and the real migrations'
// cluster DDL run on chDB with only what needs a cluster swapped for its single-node stand-in
// (a Replicated engine for its plain one, a Distributed table for a Merge table over its shard
// table): the tables, columns, keys and views, and the rows the views write, must be those of
// the single-node migrations. Replication and sharding themselves are not run here.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClickHouseMigration, loadClickHouseMigrations, migrateClickHouse } from '@curb/analytics';
import { clusterDdl, clusterDdlText } from '@curb/analytics/cluster-ddl';
import { eventRows, type TestEvent } from '../events.ts';
import { createTestClickHouse } from '../harness.ts';
import { REPO_ROOT } from '../process.ts';

const migration = (version: number, ...statements: string[]): ClickHouseMigration => ({ version, name: `m${version}`, statements });
const sqlOf = (migrations: ClickHouseMigration[]) => clusterDdl(migrations).statements.map((s) => s.sql);

const RAW = migration(1, 'CREATE TABLE IF NOT EXISTS events (ts DateTime, visitor_id UInt64) ENGINE = MergeTree ORDER BY ts');
const ROLLUP = migration(
  2,
  '-- a rollup\nCREATE TABLE rollup (d Date, n SimpleAggregateFunction(sum, UInt64))\nENGINE = SummingMergeTree((n))\nORDER BY d\n' +
    'SETTINGS index_granularity = 256, non_replicated_deduplication_window = 1000',
  'CREATE MATERIALIZED VIEW IF NOT EXISTS rollup_mv TO rollup AS\n' +
    "SELECT toDate(ts) AS d, count() AS n FROM events WHERE 'FROM events' != ''",
  'INSERT INTO rollup SELECT toDate(ts) AS d, count() AS n FROM events',
);

describe('the cluster DDL generator', () => {
  it('makes a Replicated shard table with the engine and settings of each table, and a Distributed one over it', () => {
    const sql = sqlOf([RAW, ROLLUP]);
    const [database] = sql;
    const [local, distributed, view] = sql.slice(3);
    expect(database).toBe('CREATE DATABASE IF NOT EXISTS curb ON CLUSTER curb');
    expect(local).toBe(
      'CREATE TABLE IF NOT EXISTS curb.rollup_local ON CLUSTER curb\n(d Date, n SimpleAggregateFunction(sum, UInt64))\n' +
        "ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{shard}/curb/rollup_local', '{replica}', (n))\n" +
        'ORDER BY d\nSETTINGS index_granularity = 256',
    );
    expect(distributed).toBe(
      'CREATE TABLE IF NOT EXISTS curb.rollup ON CLUSTER curb AS curb.rollup_local\nENGINE = Distributed(curb, curb, rollup_local, rand())',
    );
    // The view reads the shard table; a string that looks like a table stays as written.
    expect(view).toBe(
      'CREATE MATERIALIZED VIEW IF NOT EXISTS curb.rollup_mv ON CLUSTER curb TO curb.rollup_local AS\n' +
        "SELECT toDate(ts) AS d, count() AS n FROM curb.events_local WHERE 'FROM events' != ''",
    );
    expect(sqlOf([RAW])[2]).toMatch(/Distributed\(curb, curb, events_local, visitor_id\)$/);
    expect(clusterDdl([RAW, ROLLUP]).leftOut).toEqual([
      { version: 2, object: 'rollup', what: expect.stringMatching(/^INSERT INTO rollup /) },
    ]);
  });

  it('names the cluster and database it is given', () => {
    const [database, local, distributed] = clusterDdl([RAW], { cluster: 'prod', database: 'analytics' }).statements.map((s) => s.sql);
    expect(database).toBe('CREATE DATABASE IF NOT EXISTS analytics ON CLUSTER prod');
    expect(local).toContain(
      'analytics.events_local ON CLUSTER prod\n(ts DateTime, visitor_id UInt64)\n' +
        "ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/analytics/events_local', '{replica}')",
    );
    expect(distributed).toContain('ENGINE = Distributed(prod, analytics, events_local, visitor_id)');
    expect(() => clusterDdl([RAW], { cluster: 'x; DROP' })).toThrow(/Invalid ClickHouse name/);
  });

  it('changes columns on the shard and the Distributed tables, and rewrites stored rows on the shards only', () => {
    const sql = sqlOf([
      RAW,
      migration(
        3,
        'ALTER TABLE events ADD COLUMN IF NOT EXISTS n UInt64 DEFAULT visitor_id % 7',
        'ALTER TABLE events MATERIALIZE COLUMN n',
      ),
    ]);
    expect(sql.slice(3)).toEqual([
      'ALTER TABLE curb.events_local ON CLUSTER curb ADD COLUMN IF NOT EXISTS n UInt64 DEFAULT visitor_id % 7',
      'ALTER TABLE curb.events ON CLUSTER curb ADD COLUMN IF NOT EXISTS n UInt64',
      'ALTER TABLE curb.events_local ON CLUSTER curb MATERIALIZE COLUMN n',
    ]);
  });

  it('drops what a later migration drops from every node, and creates none of it', () => {
    const drops = migration(3, 'DROP VIEW IF EXISTS rollup_mv', 'DROP TABLE rollup', 'DROP TABLE IF EXISTS gone_before');
    const { statements, leftOut } = clusterDdl([RAW, ROLLUP, drops]);
    expect(statements.map((s) => s.sql).slice(3)).toEqual([
      'DROP VIEW IF EXISTS curb.rollup_mv ON CLUSTER curb',
      'DROP TABLE IF EXISTS curb.rollup ON CLUSTER curb',
      'DROP TABLE IF EXISTS curb.rollup_local ON CLUSTER curb',
      'DROP TABLE IF EXISTS curb.gone_before ON CLUSTER curb',
      'DROP TABLE IF EXISTS curb.gone_before_local ON CLUSTER curb',
    ]);
    expect(leftOut).toEqual([]);
    expect(clusterDdlText([RAW, ROLLUP, drops])).toContain('-- 0002 m2\n-- (nothing: a later migration drops what it creates)\n');
    // A view dropped as a table has no shard table.
    expect(sqlOf([RAW, ROLLUP, migration(3, 'DROP TABLE rollup_mv')]).at(-1)).toBe('DROP TABLE IF EXISTS curb.rollup_mv ON CLUSTER curb');
  });

  it('refuses what it has no rule for, and what applying the whole text again would empty', () => {
    const refused =
      (...statements: string[]) =>
      () =>
        clusterDdl([RAW, ROLLUP, migration(3, ...statements)]);
    expect(refused('DROP VIEW rollup_mv', 'DROP TABLE rollup', 'CREATE TABLE rollup (d Date) ENGINE = MergeTree ORDER BY d')).toThrow(
      /dropped before/,
    );
    expect(refused('DROP TABLE rollup')).toThrow(/drop rollup_mv first/);
    expect(refused('CREATE TABLE m (d Date) ENGINE = Memory')).toThrow(/MergeTree engine/);
    expect(refused('CREATE MATERIALIZED VIEW v TO missing AS SELECT 1 FROM events')).toThrow(/no earlier migration creates/);
    expect(refused('CREATE MATERIALIZED VIEW v TO rollup AS SELECT 1 FROM numbers(3)')).toThrow(/reads no table/);
    expect(refused('ALTER TABLE events ADD COLUMN a UInt8, ADD COLUMN b UInt8')).toThrow(/one ALTER per change/);
    expect(refused('ALTER TABLE missing DROP COLUMN a')).toThrow(/no table/);
    expect(refused('CREATE DICTIONARY d (k UInt64) PRIMARY KEY k SOURCE(NULL()) LAYOUT(FLAT()) LIFETIME(0)')).toThrow(/no cluster rule/);
    expect(refused('CREATE TABLE events (d Date) ENGINE = MergeTree ORDER BY d')).toThrow(/created twice/);
  });

  it('is what `pnpm clickhouse:cluster-ddl` prints', async () => {
    const printed = execFileSync('pnpm', ['-s', 'clickhouse:cluster-ddl'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(printed).toBe(clusterDdlText(await loadClickHouseMigrations()));
  });
});

/** A statement of the cluster DDL with what needs a cluster replaced by its single-node stand-in. */
const standIn = (sql: string) =>
  sql
    .replace(/ ON CLUSTER curb\b/g, '')
    .replace(/ENGINE = Replicated(\w*MergeTree)\('[^']*', '\{replica\}'(?:, )?/, 'ENGINE = $1(')
    .replace(
      /ENGINE = Distributed\(curb, (\w+), (\w+), [^\n]+\)$/,
      (_, db: string, table: string) => `ENGINE = Merge(${db}, '^${table}$')`,
    );

/** Three months of one visitor a day: page views, funnel steps, an e-mail, A/B events and some bookings. */
const traffic: TestEvent[] = Array.from({ length: 90 }, (_, day) => day).flatMap((day) => {
  const at = { visitor: 7000 + day, minutesAgo: day * 24 * 60 + 30, session: `s${day}` };
  return [
    { name: 'page_view', path: '/services', utmSource: day % 2 ? 'google' : '', ...at },
    { name: 'popup_view', ...at },
    { name: 'form_submit', email: `v${day}@example.com`, ...at },
    { name: 'ab_impression', testType: 'popup', variant: day % 2 ? 'B' : 'A', abUnit: `s:s${day}`, ...at },
    ...(day % 3 ? [] : [{ name: 'consultation_booked', ...at }]),
  ];
});

describe("the migrations' cluster DDL on chDB, replication and distribution stood in for", () => {
  let single: Awaited<ReturnType<typeof createTestClickHouse>>;
  let cluster: Awaited<ReturnType<typeof createTestClickHouse>>;
  beforeAll(async () => {
    [single, cluster] = [await createTestClickHouse(), await createTestClickHouse()];
    await migrateClickHouse(single);
    for (const { sql } of clusterDdl(await loadClickHouseMigrations(), { database: cluster.database }).statements)
      await cluster.command(standIn(sql));
    const rows = eventRows(traffic); // times from now: the same rows for both
    await single.insert('events', rows);
    await cluster.insert('events_local', rows);
  });
  afterAll(async () => {
    await single?.drop();
    await cluster?.drop();
  });

  const objects = async (ch: typeof single) =>
    ch.query<{ name: string; engine: string; partition_key: string; sorting_key: string }>(
      `SELECT name, engine, partition_key, sorting_key FROM system.tables
       WHERE database = currentDatabase() AND name != 'schema_migrations' ORDER BY name`,
    );
  const columns = async (ch: typeof single, table: string) =>
    ch.query<{ name: string; type: string; default_kind: string; default_expression: string; compression_codec: string }>(
      `SELECT name, type, default_kind, default_expression, compression_codec FROM system.columns
       WHERE database = currentDatabase() AND table = {table:String} ORDER BY position`,
      { table },
    );

  it('has a shard table of the same columns, keys and engine for every table, a table over it, and every view', async () => {
    const mine = await objects(single);
    const theirs = new Map((await objects(cluster)).map((t) => [t.name, t]));
    expect(mine.length).toBeGreaterThan(20);
    for (const table of mine) {
      if (table.engine === 'MaterializedView') {
        expect(theirs.get(table.name)?.engine, table.name).toBe('MaterializedView');
        continue;
      }
      const local = theirs.get(`${table.name}_local`);
      expect(local, table.name).toEqual({ ...table, name: `${table.name}_local` });
      expect(theirs.get(table.name)?.engine, table.name).toBe('Merge');
      expect(await columns(cluster, local!.name), table.name).toEqual(await columns(single, table.name));
      const typed = async (ch: typeof single, name: string) => (await columns(ch, name)).map((c) => `${c.name} ${c.type}`);
      expect(await typed(cluster, table.name), table.name).toEqual(await typed(single, table.name));
    }
    const expected = mine.flatMap((t) => (t.engine === 'MaterializedView' ? [t.name] : [t.name, `${t.name}_local`]));
    expect([...theirs.keys()].sort()).toEqual(expected.sort());
  });

  it("writes through its views the single node's rows into every rollup, read under the same names", async () => {
    const views = (await objects(single)).filter((t) => t.engine === 'MaterializedView');
    expect(views.length).toBeGreaterThanOrEqual(5);
    let filled = 0;
    const rows = async (ch: typeof single, table: string) =>
      // `stored_at` is when each store took the row, its own time: the rows themselves are compared.
      (await ch.query<Record<string, unknown>>(`SELECT * FROM ${table}`)).map(({ stored_at: _, ...r }) => JSON.stringify(r)).sort();
    for (const { name } of views) {
      const [{ create }] = (await single.query<{ create: string }>(
        'SELECT create_table_query AS create FROM system.tables WHERE database = currentDatabase() AND name = {name:String}',
        { name },
      )) as [{ create: string }];
      const target = /\bTO \w+\.(\w+)/.exec(create)![1]!;
      const expected = await rows(single, target);
      if (expected.length) filled++;
      expect(await rows(cluster, target), target).toEqual(expected);
    }
    // The traffic reaches nearly every rollup: equal because empty would prove nothing.
    expect(filled).toBeGreaterThanOrEqual(views.length - 1);
  });
});
