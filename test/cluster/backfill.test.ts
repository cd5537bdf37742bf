// The rollups' backfills on an upgrade: a database holding events from before the rollups
// existed is migrated, each view is created before its backfill, and a backfill that runs
// again (a crash before the ledger recorded it) or finds rows the view already took counts
// nothing twice and misses nothing. Compared with answers computed from the raw events.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClickHouseMigrations, migrateClickHouse } from '@curb/analytics';
import { backfillRollup, parseBackfill } from '@curb/analytics/backfill';
import { eventRows, type TestEvent } from '../events.ts';
import { clusterProfile } from '@curb/analytics/engine';
import { buildVisits } from '@curb/analytics/visits';
import { createTestClickHouse } from '../harness.ts';

const DAY_MINUTES = 24 * 60;
const MIGRATIONS = join(import.meta.dirname, '../../packages/analytics/src/migrations');

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
let firstVersionOnly: string;

/** Four months of traffic: page views, funnel steps and A/B events of two visitors a day. */
function traffic(seed: number): TestEvent[] {
  return Array.from({ length: 120 }, (_, day) => day).flatMap((day) => {
    const visitor = seed * 1000 + day;
    const at = { minutesAgo: day * DAY_MINUTES + 30, session: `s${seed}-${day}` };
    return [
      { name: 'page_view', visitor, path: '/services', utmSource: day % 2 ? 'google' : '', ...at },
      { name: 'page_view', visitor: visitor + 500, referrerDomain: 'example.org', ...at, session: `t${seed}-${day}` },
      { name: 'popup_view', visitor, ...at },
      { name: 'form_submit', visitor, email: `v${visitor}@example.com`, ...at },
      { name: 'ab_impression', visitor, testType: 'popup', variant: day % 2 ? 'B' : 'A', abUnit: `s:s${seed}-${day}`, ...at },
      ...(day % 3 ? [] : [{ name: 'consultation_booked', visitor, ...at }]),
    ];
  });
}

/** What the dashboards read from each rollup, and the same figure from the raw events. */
const FIGURES: Array<[string, string, string]> = [
  ['events_daily', 'SELECT sum(events) FROM events_daily', 'SELECT count() FROM events'],
  ['events_hourly', 'SELECT sum(events) FROM events_hourly', 'SELECT count() FROM events'],
  ['sessions', 'SELECT sum(page_views) FROM sessions', "SELECT countIf(name = 'page_view') FROM events"],
  ['page_visitors', 'SELECT sum(views) FROM page_visitors', "SELECT countIf(name = 'page_view') FROM events"],
  ['page_submitters', 'SELECT sum(submits) FROM page_submitters', "SELECT countIf(name = 'form_submit' AND is_bot = 0) FROM events"],
  [
    'journey_events',
    'SELECT sum(cityHash64(session_id, name, path, ts) % 1000003) FROM journey_events',
    "SELECT sum(cityHash64(session_id, name, path, ts) % 1000003) FROM events WHERE is_bot = 0 AND session_id != ''",
  ],
  [
    'session_activity',
    `SELECT sum(cityHash64(session, date, seen) % 1000003) FROM (
       SELECT session, date, max(last_seen) AS seen FROM session_activity WHERE date >= today() - 2 GROUP BY session, date)`,
    `SELECT sum(cityHash64(session, date, seen) % 1000003) FROM (
       SELECT cityHash64(session_id) AS session, toDate(ts) AS date, max(ts) AS seen FROM events
       WHERE is_bot = 0 AND session_id != '' AND toDate(ts) >= today() - 2 GROUP BY session, date)`,
  ],
  [
    'funnel_steps',
    'SELECT sum(length(steps)) FROM funnel_steps',
    "SELECT countIf(name IN ('page_view', 'popup_view', 'form_submit')) FROM events",
  ],
  ['sources_daily', 'SELECT sum(events) FROM sources_daily', 'SELECT count() FROM events'],
  // A rollup of the visits (built from the events by the visit builder), per hour: its totals and a breakdown.
  [
    'visit_hours',
    `SELECT sum(cityHash64(hour, dimension, value, n, p) % 1000003) FROM (
       SELECT hour, dimension, value, sum(visits) AS n, sum(pageviews) AS p FROM visit_hours
       WHERE dimension IN ('', 'visit:source', 'visit:exit_page') GROUP BY hour, dimension, value HAVING n != 0)`,
    `SELECT sum(cityHash64(hour, d.1, d.2, n, p) % 1000003) FROM (
       SELECT toStartOfHour(toDateTime(start, 'UTC')) AS hour, d, sum(sign) AS n, sum(sign * pageviews) AS p
       FROM visits ARRAY JOIN [('', ''), ('visit:source', toString(source)), ('visit:exit_page', exit_page)] AS d
       GROUP BY hour, d HAVING n != 0)`,
  ],
  ['traffic_daily', 'SELECT sum(events) FROM traffic_daily', 'SELECT count() FROM events'],
  [
    'identities',
    'SELECT count() FROM (SELECT date, email, visitor FROM identities GROUP BY ALL)',
    "SELECT uniqExact(toDate(ts), email, visitor_id) FROM events WHERE email != ''",
  ],
  [
    'visitor_consultations',
    'SELECT count() FROM (SELECT visitor, date FROM visitor_consultations GROUP BY ALL)',
    "SELECT uniqExact(visitor_id, toDate(ts)) FROM events WHERE name = 'consultation_booked' AND is_bot = 0",
  ],
  [
    'ab_units',
    'SELECT count() FROM (SELECT unit FROM ab_units GROUP BY unit)',
    "SELECT uniqExact(props['ab_unit']) FROM events WHERE name = 'ab_impression'",
  ],
];

async function figures(): Promise<Record<string, [number, number]>> {
  const out: Record<string, [number, number]> = {};
  for (const [table, rollup, raw] of FIGURES) {
    const [a, b] = await Promise.all(
      [rollup, raw].map(async (sql) => Number((await ch.query<{ n: string }>(`SELECT (${sql}) AS n`))[0]!.n)),
    );
    out[table] = [a!, b!];
  }
  return out;
}

/** The column rewrites (`MATERIALIZE COLUMN`) the migrations ran on `db`'s own tables. */
async function columnRewrites(db: typeof ch): Promise<string[]> {
  const rows = await db.query<{ command: string }>(
    "SELECT command FROM system.mutations WHERE database = currentDatabase() AND command LIKE '%MATERIALIZE COLUMN%' ORDER BY command",
  );
  return rows.map((r) => `${r.command}`.trim());
}

const agree = (f: Record<string, [number, number]>) =>
  Object.fromEntries(Object.entries(f).map(([t, [rollup, raw]]) => [t, rollup === raw]));
const allAgree = Object.fromEntries(FIGURES.map(([t]) => [t, true]));

beforeAll(async () => {
  ch = await createTestClickHouse();
  firstVersionOnly = mkdtempSync(join(tmpdir(), 'curb-ch-migrations-'));
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.startsWith('0001_')))
    cpSync(join(MIGRATIONS, file), join(firstVersionOnly, file));
});
afterAll(async () => {
  rmSync(firstVersionOnly, { recursive: true, force: true });
  await ch.drop();
});

describe('rollup backfills on an upgrade', () => {
  it('fill every rollup from the events stored before it, over several months', async () => {
    expect(await migrateClickHouse(ch, { dir: firstVersionOnly })).toEqual([1]);
    await ch.insert('events', eventRows(traffic(1)));
    const [{ months }] = (await ch.query<{ months: string }>('SELECT uniqExact(toYYYYMM(ts)) AS months FROM events')) as [
      { months: string },
    ];
    expect(Number(months)).toBeGreaterThanOrEqual(4);
    expect((await migrateClickHouse(ch)).length).toBeGreaterThan(1);
    const f = await figures();
    expect(f.events_daily![1]).toBe(640);
    expect(agree(f)).toEqual(allAgree);
    // The sessions stored before ClickHouse migration 0045 get their organic entry written, the funnel's
    // steps before 0046 their numbers: each visitor's earliest page view per day, and the other steps.
    expect(await columnRewrites(ch)).toEqual(['first_view', 'organic_entry', 'other_steps'].map((c) => expect.stringContaining(c)));
    const numbered = await ch.query<Record<string, string>>(`SELECT
      (SELECT sum(cityHash64(date, visitor, first_view)) FROM funnel_steps FINAL WHERE first_view < 18446744073709551615) AS views,
      (SELECT sum(cityHash64(day, visitor_id, toUInt64(toDateTime(first, 'UTC')) * 8 + 1)) FROM (
         SELECT toDate(ts) AS day, visitor_id, min(ts) AS first FROM events WHERE name = 'page_view' GROUP BY day, visitor_id)) AS rawViews,
      (SELECT sum(length(other_steps)) FROM funnel_steps) AS others,
      (SELECT countIf(name IN ('popup_view', 'form_start', 'form_submit', 'email_open')) FROM events) AS rawOthers`);
    expect(numbered[0]!.views).toBe(numbered[0]!.rawViews);
    expect(numbered[0]!.others).toBe(numbered[0]!.rawOthers);
  });

  it('count nothing twice when run again, with rows the views took since among them', async () => {
    // New events reach the rollups through the views; then every backfill runs again, as after
    // a crash between a backfill and the ledger.
    await ch.insert('events', eventRows(traffic(2)));
    // The visits of both (the builder's work in production), which the rollups of visits take.
    await buildVisits(ch, { all: true });
    expect(agree(await figures())).toEqual(allAgree);
    const statements = (await loadClickHouseMigrations()).flatMap((m) => m.statements);
    // Rollups a later migration replaced (ab_exposures, pages_daily) are gone.
    const dropped = new Set(statements.flatMap((s) => [...s.matchAll(/DROP TABLE IF EXISTS (\w+)/g)].map((m) => m[1]!)));
    const backfills = statements.flatMap((s) => parseBackfill(s) ?? []).filter((b) => !dropped.has(b.target));
    expect(backfills.map((b) => b.target)).toEqual(expect.arrayContaining(FIGURES.map(([t]) => t)));
    for (const backfill of backfills) await backfillRollup(ch, backfill);
    const f = await figures();
    expect(f.events_daily![1]).toBe(1280);
    expect(agree(f)).toEqual(allAgree);
    // The staging tables are gone.
    const [{ n }] = (await ch.query<{ n: string }>(
      "SELECT count() AS n FROM system.tables WHERE database = currentDatabase() AND name LIKE '%_backfill'",
    )) as [{ n: string }];
    expect(Number(n)).toBe(0);
  }, 60_000);

  it('creates each view before its backfill in every migration', async () => {
    let backfills = 0;
    for (const { version, statements } of await loadClickHouseMigrations()) {
      statements.forEach((statement, i) => {
        const backfill = parseBackfill(statement);
        if (!backfill) return;
        backfills += 1;
        const view = statements.findIndex((s) =>
          new RegExp(`CREATE MATERIALIZED VIEW IF NOT EXISTS \\w+ TO ${backfill.target} AS`).test(s),
        );
        expect(view, `${version} ${backfill.target}`).toBeGreaterThanOrEqual(0);
        expect(view, `${version} ${backfill.target}`).toBeLessThan(i);
      });
    }
    // The rollup migrations (0030 on) each backfill at least one table: none found means the
    // parser no longer sees them, not that every view is in order.
    expect(backfills).toBeGreaterThanOrEqual(4);
  });
});

describe('rollup backfills on a cluster', () => {
  it('are left out, as are column rewrites: the cluster DDL creates every view on the shards before events arrive', async () => {
    const db = await createTestClickHouse();
    try {
      const onCluster = Object.assign(Object.create(db) as typeof db, { engine: clusterProfile('curb') });
      await migrateClickHouse(onCluster, { dir: firstVersionOnly });
      await db.insert('events', eventRows(traffic(3)));
      const versions = (await loadClickHouseMigrations()).map((m) => m.version);
      expect(await migrateClickHouse(onCluster)).toEqual(versions.slice(1));
      const [{ n }] = (await db.query<{ n: string }>('SELECT count() AS n FROM events_daily')) as [{ n: string }];
      expect(Number(n)).toBe(0);
      // Nor a column's rewrite, which the cluster DDL runs on the shard tables.
      expect(await columnRewrites(db)).toEqual([]);
    } finally {
      await db.drop();
    }
  });
});
