// A person's erasure from ClickHouse on two stores: one that had the person and one that never
// did. After the erasure their events, every rollup and every dashboard agree, before and after
// the closed-days runs are computed again, and no column of any table (dictionaries included)
// holds the address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIOD_DAYS } from '@curb/contracts/analytics';
import type { StatsQuery } from '@curb/contracts/stats';
import { createTestClickHouse } from '../../../test/harness.ts';
import type { ClickHouse } from './clickhouse.ts';
import { abTestingDashboard } from './dashboards/ab-testing.ts';
import { computeDashboardClosedDays } from './dashboards/catalog.ts';
import { trackingVolume } from './dashboards/data-connections.ts';
import { landingPageVisitors } from './dashboards/funnel-views.ts';
import { retargetingDashboard } from './dashboards/retargeting.ts';
import { seoTraffic } from './dashboards/seo.ts';
import { eventRows, type TestEvent } from '../../../test/events.ts';
import { migrateClickHouse } from './migrate.ts';
import { runStats } from './stats/run.ts';
import { buildVisits } from './visits.ts';
import {
  addressPattern,
  erasePersonEvents,
  KEPT_TABLES,
  personEvents,
  personIds,
  rollups,
  SNAPSHOT_TABLES,
  VISIT_TABLES,
} from './person-data.ts';

type Store = Awaited<ReturnType<typeof createTestClickHouse>>;
const TRAFFIC_QUERY: StatsQuery = { metrics: ['visitors', 'visits', 'pageviews'], date_range: '30d', dimensions: ['visit:source'] };
const NOW = Date.now();
const DAY = 24 * 60;
const ADDRESS = 'pat@person.example';
/**
 * Written apart from the code under test: the address, not inside a longer one (no character an
 * address's local part may hold before it, unless a query string's `key=`), also as %40.
 */
const FOUND = "(?i)(^|[^-a-z0-9!#$%&'*+/=?^_`{|}~.]|[?&][a-z0-9_]*=)pat(@|%40)person\\.example($|[^a-z0-9])";

const abUnit = (visitor: number) => ({ abUnit: `v${visitor}`, testType: 'audit_popup' });
// Other people, on the days the person was also seen and on days they were not; two of them
// with addresses that contain the person's without being it.
const others: TestEvent[] = [
  ...[1, 2, 3].flatMap((v): TestEvent[] => [
    { name: 'page_view', visitor: v, minutesAgo: 30 + v, path: '/marketing-audit', referrerDomain: 'google.com' },
    { name: 'popup_view', visitor: v, minutesAgo: 29 + v },
    { name: 'ab_impression', visitor: v, minutesAgo: 28 + v, variant: v % 2 ? 'A' : 'B', variantText: 'Free audit', ...abUnit(v) },
    { name: 'engaged', visitor: v, minutesAgo: 27 + v },
  ]),
  { name: 'form_start', visitor: 1, minutesAgo: 25 },
  { name: 'form_submit', visitor: 1, minutesAgo: 24, email: 'xpat@person.example' },
  { name: 'ab_conversion', visitor: 1, minutesAgo: 23, variant: 'A', ...abUnit(1) },
  {
    name: 'page_view',
    visitor: 4,
    minutesAgo: DAY + 60,
    path: '/services',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'nov',
  },
  { name: 'page_view', visitor: 5, minutesAgo: 3 * DAY, path: '/marketing-audit', referrerDomain: 'bing.com' },
  { name: 'form_submit', visitor: 5, minutesAgo: 3 * DAY - 5, email: 'pat@person.examples.com' },
  { name: 'email_open', visitor: 55, minutesAgo: 3 * DAY - 60, email: 'pat@person.examples.com', session: '' },
  { name: 'page_view', visitor: 6, minutesAgo: 10 * DAY, path: '/blog' },
  // Addresses RFC 5322 allows that end in the person's, and are other people's.
  { name: 'form_submit', visitor: 11, minutesAgo: 3 * DAY - 7, email: "o'pat@person.example" },
  { name: 'form_submit', visitor: 12, minutesAgo: 3 * DAY - 8, email: 'x/pat@person.example' },
  { name: 'form_submit', visitor: 13, minutesAgo: 3 * DAY - 9, email: 'a=pat@person.example' },
  { name: 'page_view', visitor: 13, minutesAgo: 3 * DAY - 10, path: `/thanks?email=${encodeURIComponent('a=pat@person.example')}` },
  // Others behind the person's connection and browser, so under the same cookieless visitor id,
  // in sessions that never carried the address: theirs, not the person's.
  { name: 'page_view', visitor: 900, minutesAgo: 10 * DAY + 30, session: 'p-early', path: '/marketing-audit' },
  { name: 'page_view', visitor: 900, minutesAgo: 20 * DAY, session: 'p-20' },
  { name: 'page_view', visitor: 902, minutesAgo: DAY + 30, session: 'p-yesterday', path: '/blog' },
  { name: 'page_view', visitor: 7, minutesAgo: 40 * DAY, path: '/' },
  { name: 'page_view', visitor: 8, minutesAgo: 3 * DAY, bot: true },
];
// The person: the visit in which they gave the address (its anonymous start included), the submit
// itself, an e-mail open (the api's visitor id for the address), the same session going on under
// another visitor id (the day's salt changed), an A/B exposure and conversion, and a visit whose
// page address carries theirs.
const person: TestEvent[] = [
  { name: 'page_view', visitor: 900, minutesAgo: 3 * DAY + 30, session: 'p-3', path: '/marketing-audit', referrerDomain: 'google.com' },
  { name: 'popup_view', visitor: 900, minutesAgo: 3 * DAY + 29, session: 'p-3' },
  {
    name: 'ab_impression',
    visitor: 900,
    minutesAgo: 3 * DAY + 28,
    session: 'p-3',
    variant: 'B',
    variantText: 'Free audit',
    ...abUnit(900),
  },
  { name: 'form_start', visitor: 900, minutesAgo: 3 * DAY + 27, session: 'p-3' },
  { name: 'form_submit', visitor: 900, minutesAgo: 3 * DAY + 26, session: 'p-3', email: ADDRESS },
  { name: 'ab_conversion', visitor: 900, minutesAgo: 3 * DAY + 25, session: 'p-3', variant: 'B', ...abUnit(900) },
  { name: 'page_view', visitor: 901, minutesAgo: 3 * DAY + 20, session: 'p-3', path: '/services' },
  { name: 'email_open', visitor: 777, minutesAgo: 3 * DAY, email: ADDRESS, session: '' },
  { name: 'page_view', visitor: 902, minutesAgo: 45, session: 'p-today', path: `/thanks?email=${encodeURIComponent(ADDRESS)}` },
  { name: 'engaged', visitor: 902, minutesAgo: 44, session: 'p-today' },
];

let withPerson: Store;
let without: Store;
/** Rows as both stores get them (received when they happened, so a row is the same row in either). */
const rowsOf = (events: TestEvent[]) => eventRows(events, NOW).map((row) => ({ ...row, received_at: (row as { ts: string }).ts }));
const othersRows = rowsOf(others);

async function store(rows: object[][]): Promise<Store> {
  const ch = await createTestClickHouse();
  await migrateClickHouse(ch);
  // One insert per block, as the collector sends them.
  for (const block of rows) await ch.insert('events', block);
  return ch;
}

beforeAll(async () => {
  withPerson = await store([othersRows, rowsOf(person)]);
  without = await store([othersRows]);
  // The closed days are stored, and their dictionaries loaded, while the person is there.
  for (const ch of [withPerson, without]) {
    await computeDashboardClosedDays(ch);
    await dashboards(ch);
  }
});
afterAll(async () => {
  await withPerson?.drop();
  await without?.drop();
});

/** Every dashboard figure the owner sees from ClickHouse, with the runs the requests start awaited. */
async function dashboards(ch: ClickHouse) {
  const started: Promise<void>[] = [];
  const background = { background: (work: Promise<void>) => void started.push(work) };
  const answers = {
    retargeting: await Promise.all(PERIOD_DAYS.map((days) => retargetingDashboard(ch, days, NOW, background))),
    ab: await Promise.all(PERIOD_DAYS.map((days) => abTestingDashboard(ch, days, NOW, background))),
    seo: await seoTraffic(ch),
    landing: [...(await landingPageVisitors(ch, ['/marketing-audit', '/services', '/blog']))],
    volume: await trackingVolume(ch, NOW),
    traffic: await (async () => {
      await buildVisits(ch, { all: true });
      return runStats(ch, TRAFFIC_QUERY, { now: NOW });
    })(),
  };
  await Promise.all(started);
  return answers;
}

/** A table's rows as the dashboards would read them: a rollup merged per key (its states finalised), any other table row by row. */
async function contents(ch: ClickHouse, table: string): Promise<string[]> {
  const [{ engine }] = (await ch.query<{ engine: string }>(
    'SELECT engine FROM system.tables WHERE database = currentDatabase() AND name = {table:String}',
    { table },
  )) as [{ engine: string }];
  const columns = await ch.query<{ name: string; type: string; key: number }>(
    `SELECT name, type, is_in_sorting_key AS key FROM system.columns
     WHERE database = currentDatabase() AND table = {table:String} ORDER BY position`,
    { table },
  );
  // A row's `stored_at` is when the store took it (each store its own time): the rows themselves are compared.
  const kept = columns.some((c) => c.name === 'stored_at') ? ' EXCEPT (stored_at)' : '';
  let sql = `SELECT *${kept} FROM ${table}${engine === 'CollapsingMergeTree' ? ' FINAL' : ''}`;
  if (engine === 'AggregatingMergeTree') {
    const keys = columns.filter((c) => c.key).map((c) => c.name);
    const merged = columns
      .filter((c) => !c.key)
      .map((c) => {
        const simple = /^SimpleAggregateFunction\((\w+),/.exec(c.type);
        if (simple) return simple[1] === 'groupArrayArray' ? `arraySort(groupArrayArray(${c.name}))` : `${simple[1]}(${c.name})`;
        const state = /^AggregateFunction\((\w+)(\([^)]*\))?,/.exec(c.type)!;
        return `${state[1]}Merge${state[2] ?? ''}(${c.name})`;
      });
    sql = `SELECT ${[...keys, ...merged].join(', ')} FROM ${table} GROUP BY ${keys.join(', ')}`;
  }
  return (await ch.query<Record<string, unknown>>(sql)).map((row) => JSON.stringify(row)).sort();
}

/** The tables and dictionaries of the store whose text holds the address anywhere, with how many rows. */
async function holdingAddress(ch: ClickHouse): Promise<Record<string, number>> {
  const columns = await ch.query<{ table: string; name: string }>(
    `SELECT c.table AS table, c.name AS name FROM system.columns c
     JOIN system.tables t ON t.database = c.database AND t.name = c.table
     WHERE c.database = currentDatabase() AND t.engine != 'MaterializedView' AND c.type LIKE '%String%'`,
  );
  const dictionaries = await ch.query<{ name: string }>('SELECT name FROM system.dictionaries WHERE database = currentDatabase()');
  const found: Record<string, number> = {};
  const count = async (label: string, sql: string) => {
    const [row] = await ch.query<{ n: string }>(sql, { found: FOUND });
    if (Number(row!.n)) found[label] = Number(row!.n);
  };
  for (const { table, name } of columns)
    await count(`${table}.${name}`, `SELECT toString(count()) AS n FROM ${table} WHERE match(toString(${name}), {found:String})`);
  for (const { name } of dictionaries)
    await count(
      `dictionary ${name}`,
      `SELECT toString(count()) AS n FROM dictionary(${name}) WHERE match(toString(value), {found:String})`,
    );
  return found;
}

describe('a person in ClickHouse', () => {
  it('knows how to erase every table the migrations create', async () => {
    const tables = (
      await withPerson.query<{ name: string }>(
        `SELECT name FROM system.tables WHERE database = currentDatabase() AND engine NOT IN ('MaterializedView', 'Dictionary')`,
      )
    ).map((t) => t.name);
    const rebuilt = (await rollups(withPerson)).map((r) => r.target);
    const known = new Set<string>(['events', ...rebuilt, ...SNAPSHOT_TABLES, ...VISIT_TABLES, ...KEPT_TABLES]);
    expect(tables.filter((t) => !known.has(t))).toEqual([]);
    // Every view's table is rebuilt, so no rollup is left with the person's counts.
    const views = await withPerson.query<{ target: string }>(
      `SELECT extract(create_table_query, ' TO \\\\w+\\\\.(\\\\w+)') AS target FROM system.tables
       WHERE database = currentDatabase() AND engine = 'MaterializedView'`,
    );
    expect(views.map((v) => v.target).sort()).toEqual([...rebuilt].sort());
  });

  it('finds the address only as itself, also in a query string', () => {
    const pattern = new RegExp(addressPattern('Pat@Person.example'), 'i');
    for (const text of [ADDRESS, 'PAT@person.EXAMPLE', `mail ${ADDRESS}.`, '/thanks?email=pat%40person.example&x=1', `"${ADDRESS}"`])
      expect(text).toMatch(pattern);
    for (const text of [
      'xpat@person.example',
      'pat@person.examples.com',
      'pat@person.example.au',
      'pat.x@person.example',
      ...[..."!#$%&'*+/=?^_`{|}~.-"].map((c) => `o${c}pat@person.example`),
      '/thanks?email=a%3Dpat%40person.example',
    ])
      expect(text).not.toMatch(pattern);
    // Characters an address may hold that a regular expression would read otherwise.
    expect('a+b.c@x-y.example').toMatch(new RegExp(addressPattern('a+b.c@x-y.example'), 'i'));
    expect('aab.c@x-y.example').not.toMatch(new RegExp(addressPattern('a+b.c@x-y.example'), 'i'));
  });

  it("finds the person's events by the address and the sessions that carried it, not by the shared visitor id", async () => {
    const ids = await personIds(withPerson, 'Pat@Person.Example');
    // 901 is theirs through session p-3 (the visitor id changed with the day's salt); p-early,
    // p-20 and p-yesterday share visitor ids with them and are other people's.
    expect(ids.sessions.sort()).toEqual(['p-3', 'p-today']);
    const { events, truncated } = await personEvents(withPerson, ADDRESS, ids);
    expect([events.length, truncated]).toEqual([person.length, false]);
    expect(events.every((e) => typeof e.visitor_id === 'string')).toBe(true);
  });

  it('erases them: the events, the rollups and dashboards equal a store that never had them, and the address is nowhere', async () => {
    expect(Object.keys(await holdingAddress(withPerson))).toEqual(
      expect.arrayContaining(['events.email', 'identities.email', 'sessions.email']),
    );
    const erased = await erasePersonEvents(withPerson, ADDRESS);
    const days = [...new Set(person.map((e) => new Date(NOW - (e.minutesAgo ?? 60) * 60_000).toISOString().slice(0, 10)))].sort();
    expect(erased).toMatchObject({ events: person.length, days });
    expect(erased.snapshotRows).toBeGreaterThan(0);
    expect(await holdingAddress(withPerson)).toEqual({});

    for (const table of ['events', ...(await rollups(withPerson)).map((r) => r.target), ...VISIT_TABLES])
      expect({ table, rows: await contents(withPerson, table) }).toEqual({ table, rows: await contents(without, table) });
    // From the whole period (its runs are gone) against the other store's runs; then both from new runs.
    expect(await dashboards(withPerson)).toEqual(await dashboards(without));
    await computeDashboardClosedDays(withPerson);
    expect(await dashboards(withPerson)).toEqual(await dashboards(without));
  });

  it('is idempotent: a second erasure finds nothing and changes nothing', async () => {
    const before = await contents(withPerson, 'sessions');
    expect(await erasePersonEvents(withPerson, ADDRESS)).toEqual({ events: 0, days: [], rollups: 0, snapshotRows: 0 });
    expect(await contents(withPerson, 'sessions')).toEqual(before);
    expect(await dashboards(withPerson)).toEqual(await dashboards(without));
  });
});
