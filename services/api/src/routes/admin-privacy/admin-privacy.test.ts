// Erasure and access on two composed products and their real stores: one that holds a
// person (records, report PDF, outbox mail, quarantined line, sign-in attempts, a queued job,
// tracking events, closed-days runs) and one that never did. After the erasure the owner's
// dashboards are the same on both, no text column of either store nor any file of the data
// directory holds the address, a second erasure removes nothing, and the record says who and
// how many rows, not the address. The access export and the CSV exports are checked on the way.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { computeDashboardClosedDays } from '@curb/analytics/dashboards/catalog';
import { eventRows, type TestEvent } from '../../../../../test/events.ts';
import { quarantineDir } from '@curb/analytics/event-files';
import { runChecks } from '@curb/audit/checks/registry';
import { buildReport } from '@curb/audit/report/build';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import type { ErasureRecord } from '@curb/contracts/privacy';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { contextOf } from '../../../../../test/audit/checks/harness.ts';
import { adminHeaders, TEST_ORIGIN } from '../../../../../test/admin-login.ts';
import { auditEventRow } from '../audit/events.ts';
import { parseCsv } from '../../../../../test/csv.ts';

/** As the person typed it; the events keep it in lower case. */
const ADDRESS = 'Pat.Person@Example.org';
const NOW = Date.now();
const DAY = 24 * 60;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

interface Product {
  app: FastifyInstance;
  stores: Stores;
  dataDir: string;
  admin: { cookie: string; origin: string };
}
let withPerson: Product;
let without: Product;

// Other people, the same rows in both stores (ids and times included, so the answers can be compared).
const OTHER_LEADS = [
  ['0b1e8a2e-5d1c-4b7a-9a39-000000000001', 'inline-audit', 'Marketing Audit Page', 'Ridge Realty', null, null, 'team@ridge.example', 2],
  ['0b1e8a2e-5d1c-4b7a-9a39-000000000002', 'marketing-audit', 'popup', null, 'Ana', 'Lee', 'ana@lee.example', 40],
  // A lead whose every field a spreadsheet would run as a formula.
  [
    '0b1e8a2e-5d1c-4b7a-9a39-000000000003',
    'popup-image',
    'real-estate-marketing-report',
    '=HYPERLINK("http://evil.example","x")',
    '+1+2',
    '-3',
    'eve@evil.example',
    5,
  ],
] as const;
const NEIGHBOURS = ["o'pat.person@example.org", 'x/pat.person@example.org', 'a=pat.person@example.org'];
const OTHER_AUDIT = '0b1e8a2e-5d1c-4b7a-9a39-0000000000a1';
const OTHER_MESSAGES = [
  [
    '0b1e8a2e-5d1c-4b7a-9a39-0000000000c1',
    'Sam Ortiz',
    'sam@ortiz.example',
    'Listing photos',
    'Can you help with photos, "soon"?\nThanks',
    3,
  ],
  ['0b1e8a2e-5d1c-4b7a-9a39-0000000000c2', 'Mo', 'mo@mo.example', '@admin', '=1+1', 20],
] as const;
const abUnit = (visitor: number) => ({ abUnit: `v${visitor}`, testType: 'audit_popup' });
const OTHER_EVENTS: TestEvent[] = [
  ...[1, 2, 3].flatMap((v): TestEvent[] => [
    { name: 'page_view', visitor: v, minutesAgo: 30 + v, path: '/marketing-audit', referrerDomain: 'google.com' },
    { name: 'popup_view', visitor: v, minutesAgo: 29 + v },
    { name: 'ab_impression', visitor: v, minutesAgo: 28 + v, variant: v % 2 ? 'A' : 'B', variantText: 'Free audit', ...abUnit(v) },
  ]),
  { name: 'form_submit', visitor: 1, minutesAgo: 24, email: 'team@ridge.example' },
  { name: 'ab_conversion', visitor: 1, minutesAgo: 23, variant: 'A', ...abUnit(1) },
  { name: 'page_view', visitor: 5, minutesAgo: 3 * DAY, path: '/marketing-audit', referrerDomain: 'bing.com' },
  { name: 'page_view', visitor: 6, minutesAgo: 10 * DAY, path: '/real-estate-marketing-report' },
  // People whose addresses end in the person's (each legal in RFC 5322): not the person.
  ...NEIGHBOURS.map((email, i): TestEvent => ({ name: 'form_submit', visitor: 11 + i, minutesAgo: 3 * DAY - i, email })),
  // Others behind the person's connection and browser (so under the same cookieless visitor id)
  // in visits that never carried the address: theirs, not the person's.
  { name: 'page_view', visitor: 900, minutesAgo: 10 * DAY, session: 'p-early', path: '/marketing-audit' },
  { name: 'page_view', visitor: 900, minutesAgo: 50, session: 'p-today', path: '/real-estate-marketing-report' },
];
// The person: the visit in which they gave the address, the e-mail open and an A/B conversion.
const PERSON_EVENTS: TestEvent[] = [
  { name: 'page_view', visitor: 900, minutesAgo: 3 * DAY + 30, session: 'p-3', path: '/marketing-audit', referrerDomain: 'google.com' },
  {
    name: 'ab_impression',
    visitor: 900,
    minutesAgo: 3 * DAY + 28,
    session: 'p-3',
    variant: 'B',
    variantText: 'Free audit',
    ...abUnit(900),
  },
  { name: 'form_submit', visitor: 900, minutesAgo: 3 * DAY + 26, session: 'p-3', email: ADDRESS.toLowerCase() },
  { name: 'ab_conversion', visitor: 900, minutesAgo: 3 * DAY + 25, session: 'p-3', variant: 'B', ...abUnit(900) },
  { name: 'email_open', visitor: 777, minutesAgo: 2 * DAY, email: ADDRESS.toLowerCase(), session: '' },
];
/** A time `days` before the test's now: the same in both stores. */
const ago = (days: number) => new Date(NOW - days * 86_400_000);
const rowsOf = (events: TestEvent[]) => eventRows(events, NOW).map((row) => ({ ...row, received_at: (row as { ts: string }).ts }));

const mail = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
async function writeMail(dataDir: string, name: string, to: string, text: string): Promise<void> {
  const info = await mail.sendMail({ from: 'Curb Appeal <audits@localhost>', to, subject: 'Your marketing audit report is ready', text });
  mkdirSync(join(dataDir, 'outbox'), { recursive: true });
  writeFileSync(join(dataDir, 'outbox', `${name}.eml`), info.message as Buffer);
}

async function product(person: boolean): Promise<Product> {
  const dataDir = mkdtempSync(join(tmpdir(), person ? 'curb-privacy-a-' : 'curb-privacy-b-'));
  const stores = await createTestStores();
  const { sql, ch } = stores;
  // The stores are filled before the product starts: its collector then has the ingest connection to itself.
  for (const [id, form, source, business, first, last, email, daysAgo] of OTHER_LEADS)
    await sql`INSERT INTO leads (id, form_id, source, business_name, first_name, last_name, email, website, fields, created_at)
      VALUES (${id}, ${form}, ${source}, ${business}, ${first}, ${last}, ${email}, '@cmd', ${sql.json({ phone: '\t=2' })},
              ${ago(daysAgo)})`;
  await sql`INSERT INTO audits (id, lead_id, report_id, business_name, email, status, report, email_sent, email_delivered,
      mail_transport, created_at)
    VALUES (${OTHER_AUDIT}, ${OTHER_LEADS[0][0]}, 'ridge-report-0000000001', 'Ridge Realty', 'team@ridge.example', 'done',
            '{"scores": {"overall": 80}}', true, true, 'smtp', ${ago(2)})`;
  for (const [id, name, email, subject, message, daysAgo] of OTHER_MESSAGES)
    await sql`INSERT INTO contact_messages (id, name, email, subject, message, source, created_at)
      VALUES (${id}, ${name}, ${email}, ${subject}, ${message}, 'contact-form', ${ago(daysAgo)})`;
  await writeMail(dataDir, '2026-11-20T10-00-00-000Z-aaaa', 'team@ridge.example', 'Your report is ready.');
  await writeMail(dataDir, '2026-11-20T11-00-00-000Z-aaab', NEIGHBOURS[0]!, `Sent to ${NEIGHBOURS.join(', ')}.`);
  await ch.insert('events', rowsOf(OTHER_EVENTS));
  // A quarantined segment: another person's refused row, and (with the person) theirs.
  const quarantined = [
    { email: 'sam@ortiz.example', visitor_id: '5' },
    ...(person ? [{ email: ADDRESS.toLowerCase(), visitor_id: '900' }] : []),
  ];
  const dir = quarantineDir(dataDir, ch.database);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'seg-000000001-0badf00d-00000000.ndjson');
  const line = (row: object) =>
    JSON.stringify({ segment: 'seg-000000001-0badf00d-00000000', reason: 'TYPE_MISMATCH: bad', row: JSON.stringify(row) });
  writeFileSync(file, quarantined.map((row) => `${line(row)}\n`).join(''));
  await sql`INSERT INTO ingest_quarantine (segment, rows, reason, file)
    VALUES ('seg-000000001-0badf00d-00000000', ${quarantined.length}, 'TYPE_MISMATCH: bad', ${file})`;
  if (person) await seedPerson(stores, dataDir);
  const app = await composeApp(testConfig({ DATA_DIR: dataDir }), stores);
  const admin = await adminHeaders(app, stores);
  if (person) {
    // A sign-in attempt with the address, and the report's PDF, kept in memory once downloaded.
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: ADDRESS, password: 'not the password' } });
    expect(login.statusCode).toBe(401);
    const pdf = await app.inject({ url: `/api/audit-report/${PERSON_REPORT}/pdf` });
    expect(pdf.statusCode).toBe(200);
  }
  return { app, stores, dataDir, admin };
}

const PERSON_REPORT = 'pat-person-report-00000001';
async function seedPerson(stores: Stores, dataDir: string): Promise<void> {
  const { sql, ch, jobs } = stores;
  const [lead] = await sql<{ id: string }[]>`
    INSERT INTO leads (form_id, source, business_name, first_name, email, website, fields)
    VALUES ('inline-audit', 'Marketing Audit Page', 'Person Homes', 'Pat', ${ADDRESS}, 'https://person-homes.example',
            ${sql.json({ phone: '555-0100' })})
    RETURNING id`;
  const ctx = contextOf();
  const report = buildReport({ reportId: PERSON_REPORT, businessName: 'Person Homes', ctx, run: runChecks(ctx), generatedAt: new Date() });
  const [audit] = await sql<{ id: string }[]>`
    INSERT INTO audits (lead_id, report_id, business_name, email, website, status, report, email_sent, email_delivered,
      mail_transport, open_token, completed_at)
    VALUES (${lead!.id}, ${PERSON_REPORT}, 'Person Homes', ${ADDRESS}, 'https://person-homes.example', 'done',
            ${sql.json(report as never)}, true, true, 'outbox', 'open-token-of-pat-000000000001', now())
    RETURNING id`;
  await sql`INSERT INTO contact_messages (name, email, subject, message) VALUES ('Pat Person', ${ADDRESS}, 'Hello', 'Call me')`;
  // The report view the api records, waiting for a collector to move it to ClickHouse.
  const view = auditEventRow('report_view', { id: audit!.id, email: ADDRESS, reportId: PERSON_REPORT }, NOW - 2 * DAY * 60_000);
  await sql`INSERT INTO event_outbox (row) VALUES (${sql.json(view as never)})`;
  // Waiting for its start: the worker leaves it alone.
  await jobs.send(JOB_QUEUES.auditRun, { auditId: audit!.id, keys: [`email:${ADDRESS.toLowerCase()}`] }, { startAfter: 3600 });
  await writeMail(dataDir, '2026-11-21T10-00-00-000Z-bbbb', ADDRESS, 'Your report is ready.');
  await ch.insert('events', rowsOf(PERSON_EVENTS));
}

beforeAll(async () => {
  withPerson = await product(true);
  without = await product(false);
  // Both have their closed days stored (and, on chDB, loaded into dictionaries) with what they hold.
  for (const p of [withPerson, without]) {
    await computeDashboardClosedDays(p.stores.ch);
    await dashboards(p);
  }
}, 120_000);
afterAll(async () => {
  for (const p of [withPerson, without]) {
    await p?.app.close();
    await p?.stores.close();
    if (p) rmSync(p.dataDir, { recursive: true, force: true });
  }
});

const get = (p: Product, url: string) => p.app.inject({ url, headers: p.admin });
const post = (p: Product, url: string, payload: unknown) =>
  p.app.inject({ method: 'POST', url, payload: payload as object, headers: p.admin });

/** When a figure was computed and how long the home page took to load: not what the data says. */
const WHEN = new Set(['lastCheckedAt', 'checkedAt', 'lastUpdated', 'generatedAt', 'load_time_ms']);
const figures = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(figures)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (WHEN.has(k) ? [] : [[k, figures(v)]])))
      : value;

/** Every admin dashboard the owner reads, as the owner's browser gets them. */
async function dashboards(p: Product): Promise<Record<string, unknown>> {
  const urls = [
    ...['7', '30', '90'].flatMap((days) => [`/api/analytics/retargeting?days=${days}`, `/api/analytics/ab-testing?days=${days}`]),
    '/api/seo/dashboard',
    '/api/admin/funnel-stats',
    '/api/admin/funnels/marketing-audit/analytics',
    '/api/admin/funnels/real-estate-marketing-report/analytics',
    '/api/admin/marketing-audits',
    '/api/admin/data-connections/overview',
    '/api/admin/feature-status',
    '/api/admin/contact-messages',
  ];
  const answers: Record<string, unknown> = {};
  for (const url of urls) {
    const res = await get(p, url);
    expect(res.statusCode, url).toBe(200);
    answers[url] = figures(res.json());
  }
  return answers;
}

/** Every text column of every PostgreSQL table (pg-boss's too) holding the address, with how many rows. */
async function postgresHolding(p: Product): Promise<Record<string, number>> {
  const { sql } = p.stores;
  const columns = await sql<{ schema: string; table: string; column: string }[]>`
    SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column
    FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema') AND t.table_type = 'BASE TABLE'
      AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')`;
  const found: Record<string, number> = {};
  for (const { schema, table, column } of columns) {
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM ${sql(schema)}.${sql(table)} WHERE ${sql(column)}::text ILIKE ${`%${ADDRESS}%`}`;
    if (row!.n) found[`${schema}.${table}.${column}`] = row!.n;
  }
  return found;
}

/** Every String column of every ClickHouse table, and every dictionary, holding the address. */
async function clickhouseHolding(p: Product): Promise<Record<string, number>> {
  const { ch } = p.stores;
  const columns = await ch.query<{ table: string; name: string }>(
    `SELECT c.table AS table, c.name AS name FROM system.columns c JOIN system.tables t ON t.database = c.database AND t.name = c.table
     WHERE c.database = currentDatabase() AND t.engine != 'MaterializedView' AND c.type LIKE '%String%'`,
  );
  const dictionaries = await ch.query<{ name: string }>('SELECT name FROM system.dictionaries WHERE database = currentDatabase()');
  const found: Record<string, number> = {};
  const targets = [
    ...columns.map((c) => ({ label: `${c.table}.${c.name}`, sql: `SELECT toString(count()) AS n FROM ${c.table} WHERE ${c.name}` })),
    ...dictionaries.map((d) => ({
      label: `dictionary ${d.name}`,
      sql: `SELECT toString(count()) AS n FROM dictionary(${d.name}) WHERE value`,
    })),
  ];
  for (const { label, sql } of targets) {
    const [row] = await ch.query<{ n: string }>(sql.replace(/WHERE (.+)$/, 'WHERE positionCaseInsensitive(toString($1), {a:String}) > 0'), {
      a: ADDRESS,
    });
    if (Number(row!.n)) found[label] = Number(row!.n);
  }
  return found;
}

/** Files of the data directory (spool, quarantine, outbox) that hold the address. */
function filesHolding(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => {
    const path = join(dir, name);
    return statSync(path).isFile() && readFileSync(path, 'latin1').toLowerCase().includes(ADDRESS.toLowerCase());
  });
}

describe('the owner signed out', () => {
  it('gets 401 from every privacy and export endpoint', async () => {
    const { app } = without;
    for (const [method, url] of [
      ['POST', '/api/admin/erasure'],
      ['POST', '/api/admin/access-export'],
      ['GET', '/api/admin/erasures'],
      ['GET', '/api/admin/leads.csv'],
      ['GET', '/api/admin/contact-messages'],
      ['GET', '/api/admin/contact-messages.csv'],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: { origin: TEST_ORIGIN },
        ...(method === 'POST' && { payload: { email: ADDRESS } }),
      });
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
    expect(await withPerson.stores.sql`SELECT 1 FROM leads WHERE email = ${ADDRESS}`).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('gets a 400 that says what is wrong', async () => {
    for (const [body, message] of [
      [{}, 'email is required.'],
      [{ email: 'not an address' }, 'email must be an e-mail address.'],
      [{ email: ADDRESS, also: 1 }, 'Unknown field "also".'],
      [{ email: 42 }, 'email must be text.'],
    ] as const) {
      const res = await post(without, '/api/admin/erasure', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect((await post(without, '/api/admin/access-export', body)).statusCode).toBe(400);
    }
    for (const [query, message] of [
      ['from=2026-02-30', 'from must be a date (YYYY-MM-DD), not 2026-02-30.'],
      ['from=2026-05-02&to=2026-05-01', 'from must be on or before to.'],
    ]) {
      for (const url of [
        '/api/admin/leads.csv',
        '/api/admin/contact-messages.csv',
        '/api/admin/contact-messages',
        '/api/admin/marketing-audits',
      ])
        expect([url, (await get(without, `${url}?${query}`)).json()]).toEqual([url, { message }]);
    }
    expect((await get(without, '/api/admin/leads.csv?from=yesterday')).statusCode).toBe(400);
    expect((await get(without, `/api/admin/leads.csv?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('exports', () => {
  it('downloads the leads the Marketing Audits filter keeps, every cell safe in a spreadsheet', async () => {
    const res = await get(without, '/api/admin/leads.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-all-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Received (UTC)',
      'Form',
      'Source',
      'Business',
      'First name',
      'Last name',
      'E-mail',
      'Website',
      'Phone',
      'Other fields',
      'E-mail consent',
      'Communication consent',
      'Audit status',
      'Report',
      'Form id',
    ]);
    // Newest first; a formula is text (a leading apostrophe), and a quote or line break survives the quoting.
    expect(rows.map((r) => r[6])).toEqual(['team@ridge.example', 'eve@evil.example', 'ana@lee.example']);
    expect(rows[1]!.slice(3, 9)).toEqual([
      '\'=HYPERLINK("http://evil.example","x")',
      "'+1+2",
      "'-3",
      'eve@evil.example',
      "'@cmd",
      "'\t'=2",
    ]);
    expect(rows[0]!.slice(12, 14)).toEqual(['done', expect.stringMatching(/^http:\/\/.+\/audit-report\/ridge-report-0000000001$/)]);
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');

    // The list's filters: its words, and its days (UTC, both included).
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const emails = async (query: string) =>
      parseCsv((await get(without, `/api/admin/leads.csv?${query}`)).body)
        .slice(1)
        .map((r) => r[6]);
    expect(await emails('q=RIDGE')).toEqual(['team@ridge.example']);
    expect(await emails('q=%25')).toEqual([]);
    expect(await emails(`from=${day(10)}`)).toEqual(['team@ridge.example', 'eve@evil.example']);
    expect(await emails(`from=${day(40)}&to=${day(5)}`)).toEqual(['eve@evil.example', 'ana@lee.example']);
    const list = (await get(without, `/api/admin/marketing-audits?q=ridge&from=${day(3)}`)).json();
    expect([list.recent.map((a: { email: string }) => a.email), list.pagination.totalItems, list.total]).toEqual([
      ['team@ridge.example'],
      1,
      1,
    ]);
    expect((await get(without, '/api/admin/marketing-audits?q=nobody')).json().pagination.totalItems).toBe(0);
  });

  it('lists and downloads the contact messages with the same filters', async () => {
    const list = (await get(without, '/api/admin/contact-messages?q=photos')).json();
    expect(list.messages.map((m: { name: string }) => m.name)).toEqual(['Sam Ortiz']);
    expect(list.pagination).toMatchObject({ totalItems: 1, currentPage: 1 });
    const res = await get(without, '/api/admin/contact-messages.csv');
    expect(res.headers['content-disposition']).toMatch(/filename="contact-messages-/);
    expect(parseCsv(res.body).map((r) => r.slice(1))).toEqual([
      ['Name', 'E-mail', 'Subject', 'Message', 'Source'],
      ['Sam Ortiz', 'sam@ortiz.example', 'Listing photos', 'Can you help with photos, "soon"?\nThanks', 'contact-form'],
      ['Mo', 'mo@mo.example', "'@admin", "'=1+1", 'contact-form'],
    ]);
    const day = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    expect(parseCsv((await get(without, `/api/admin/contact-messages.csv?to=${day}`)).body).map((r) => r[1])).toEqual(['Name', 'Mo']);
  });

  it("answers an access request with everything held about the address, and nobody else's", async () => {
    const res = await post(withPerson, '/api/admin/access-export', { email: ADDRESS.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data.email).toBe(ADDRESS.toLowerCase());
    expect(data.postgres.leads).toMatchObject([{ email: ADDRESS, business_name: 'Person Homes', fields: { phone: '555-0100' } }]);
    expect(data.postgres.audits).toMatchObject([{ report_id: PERSON_REPORT, email_sent: true, mail_transport: 'outbox' }]);
    expect(data.postgres.contactMessages).toMatchObject([{ name: 'Pat Person', message: 'Call me' }]);
    expect(data.postgres.loginThrottle).toMatchObject([{ account: ADDRESS.toLowerCase() }]);
    // The outbox row may already have gone to ClickHouse (the collector moves it within a second).
    const viewed = [...data.postgres.eventOutbox.map((e: { row: object }) => e.row), ...data.clickhouse.events];
    expect(viewed.filter((e: { name: string }) => e.name === 'report_view')).toHaveLength(1);
    // The visit that carried the address is theirs whole; visits of others under the same visitor id are not.
    const names = data.clickhouse.events.map((e: { name: string; session_id: string }) => `${e.name}:${e.session_id}`);
    expect(names).toEqual(expect.arrayContaining(PERSON_EVENTS.map((e) => `${e.name}:${e.session ?? `s${e.visitor}`}`)));
    expect(names).not.toEqual(expect.arrayContaining(['page_view:p-early']));
    expect(names).not.toEqual(expect.arrayContaining(['page_view:p-today']));
    expect(data.clickhouse.truncated).toBe(false);
    expect(data.files.outboxMails).toMatchObject([
      { id: '2026-11-21T10-00-00-000Z-bbbb', to: expect.stringMatching(/^pat\.person@example\.org$/i) },
    ]);
    expect(data.files.quarantinedRows).toHaveLength(1);
    const text = JSON.stringify(data);
    for (const other of ['ridge', 'ana@lee', 'sam@ortiz', 'evil.example', ...NEIGHBOURS]) expect(text).not.toContain(other);
  });
});

describe('erasing a person', () => {
  let first: ErasureRecord;

  it('removes every record, file and event of theirs and says how many per store', async () => {
    expect(await postgresHolding(withPerson)).not.toEqual({});
    expect(Object.keys(await clickhouseHolding(withPerson))).toEqual(expect.arrayContaining(['events.email', 'identities.email']));
    // A beacon that is still in the spool when the erasure starts: it is flushed, then erased.
    const beacon = await withPerson.app.inject({
      method: 'POST',
      url: '/api/events',
      remoteAddress: '198.51.100.77',
      headers: { 'user-agent': UA },
      payload: { name: 'form_submit', path: '/contact', email: ADDRESS },
    });
    expect(beacon.statusCode).toBe(202);
    const res = await post(withPerson, '/api/admin/erasure', { email: ADDRESS });
    expect(res.statusCode).toBe(200);
    first = res.json();
    const { postgres, clickhouse, files, memory } = first.removed;
    expect(postgres).toMatchObject({ leads: 1, audits: 1, contactMessages: 1, jobs: 1, loginThrottle: 1 });
    // The report view went to ClickHouse from the outbox, or was still waiting there.
    expect(postgres.eventOutbox + clickhouse.events).toBe(1 + PERSON_EVENTS.length + 1);
    expect(clickhouse.days).toBeGreaterThanOrEqual(3);
    expect(clickhouse.snapshotRows).toBeGreaterThan(0);
    expect(files).toEqual({ outboxMails: 1, quarantineLines: 1, spoolLines: 0 });
    expect(memory).toEqual({ reportPdfs: 1 });
    expect(first.rows).toBe(5 + postgres.eventOutbox + clickhouse.events + 1 + 1);
    expect(first.by).toBe('admin@curb.test');
    // Their report is gone (its PDF with it); another's mail and quarantined row stay.
    expect((await withPerson.app.inject({ url: `/api/audit-report/${PERSON_REPORT}/pdf` })).statusCode).toBe(404);
    expect(readdirSync(join(withPerson.dataDir, 'outbox')).sort()).toEqual([
      '2026-11-20T10-00-00-000Z-aaaa.eml',
      '2026-11-20T11-00-00-000Z-aaab.eml',
    ]);
    expect(await withPerson.stores.sql`SELECT rows, reason FROM ingest_quarantine`).toEqual([{ rows: 1, reason: 'TYPE_MISMATCH: bad' }]);
  });

  it("leaves the address only where the neighbours' longer addresses hold it, as in the store that never had the person", async () => {
    expect(await postgresHolding(withPerson)).toEqual({});
    expect(await clickhouseHolding(withPerson)).toEqual(await clickhouseHolding(without));
    expect(filesHolding(withPerson.dataDir)).toEqual(filesHolding(without.dataDir));
    expect(filesHolding(withPerson.dataDir)).toEqual(['outbox/2026-11-20T11-00-00-000Z-aaab.eml']);
  });

  it("leaves the dashboards as the store's that never had the person, before and after the closed days are stored again", async () => {
    expect(await dashboards(withPerson)).toEqual(await dashboards(without));
    for (const p of [withPerson, without]) await computeDashboardClosedDays(p.stores.ch);
    expect(await dashboards(withPerson)).toEqual(await dashboards(without));
  });

  it('is idempotent, and each erasure is recorded with who and how many rows, never the address', async () => {
    const again = await post(withPerson, '/api/admin/erasure', { email: ADDRESS.toLowerCase() });
    expect(again.statusCode).toBe(200);
    const second: ErasureRecord = again.json();
    expect(second.rows).toBe(0);
    expect(Object.values(second.removed).flatMap((store) => Object.values(store))).toEqual(expect.arrayContaining([0]));
    expect(new Set(Object.values(second.removed).flatMap((store) => Object.values(store)))).toEqual(new Set([0]));
    const log = (await get(withPerson, '/api/admin/erasures')).json();
    expect(log.erasures.map((e: ErasureRecord) => [e.id, e.rows, e.by])).toEqual([
      [second.id, 0, 'admin@curb.test'],
      [first.id, first.rows, 'admin@curb.test'],
    ]);
    const [stored] = await withPerson.stores.sql`SELECT * FROM erasures WHERE id = ${first.id}`;
    expect(Object.keys(stored!).sort()).toEqual(['admin_id', 'erased_at', 'id', 'removed', 'rows']);
    expect(JSON.stringify(stored).toLowerCase()).not.toContain(ADDRESS.toLowerCase());
    expect(await postgresHolding(withPerson)).toEqual({});
    // The access request finds nothing left.
    const data = (await post(withPerson, '/api/admin/access-export', { email: ADDRESS })).json();
    expect([data.postgres, data.clickhouse.events, data.files]).toEqual([
      { leads: [], audits: [], contactMessages: [], eventOutbox: [], loginThrottle: [] },
      [],
      { outboxMails: [], quarantinedRows: [] },
    ]);
  });
});
