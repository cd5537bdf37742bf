// PostgreSQL's part of a backup: the tables copied out at one snapshot while writes go on, and
// loaded into a database migrated alike, value for value (text that COPY must escape, JSON,
// NULLs, microseconds, a sequence's position).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness.ts';
import { loadTables, withSnapshot, type PostgresSequence, type PostgresTable } from './backup.ts';
import { createSql, type Sql } from './client.ts';
import { migratePostgres } from './migrate.ts';

const dir = mkdtempSync(join(tmpdir(), 'curb-pg-backup-'));

describe('PostgreSQL backup and load', () => {
  let source: Awaited<ReturnType<typeof createTestDatabase>>;
  let target: Awaited<ReturnType<typeof createTestDatabase>>;
  let sql: Sql;
  let into: Sql;
  beforeAll(async () => {
    [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    sql = createSql(source.url, { max: 4 });
    into = createSql(target.url, { max: 2 });
    await migratePostgres(sql);
    await migratePostgres(into);
  });
  afterAll(async () => {
    await sql.end();
    await into.end();
    await source.drop();
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table at one snapshot and loads the same values elsewhere', async () => {
    const awkward = 'tab\there, new\nline, back\\slash, "quotes", \u00e9t\u00e9 \u{1f3e1}';
    await sql`INSERT INTO leads (form_id, email, business_name, fields, created_at)
      VALUES ('inline-audit', 'a@example.com', ${awkward}, ${sql.json({ note: awkward })}, '2026-01-02 03:04:05.123456+00'),
             ('inline-audit', 'b@example.com', NULL, '{}', now())`;
    // A report larger than the stream's buffer, so that a COPY ends with its socket paused (resumeAfterCopy).
    const report = { findings: Array.from({ length: 400 }, (_, i) => ({ id: i, text: 'x'.repeat(200) })) };
    for (let i = 0; i < 3; i++)
      await sql`INSERT INTO audits (report_id, business_name, email, status, report)
        VALUES (${`r-${i}`}, 'Biz', 'a@example.com', 'done', ${sql.json(report)})`;
    for (let i = 0; i < 5; i++) await sql`INSERT INTO event_outbox (row) VALUES (${sql.json({ n: i })})`;
    await sql`INSERT INTO visitor_salts (day, salt) VALUES (current_date, '\x0102')`;

    const copied = await withSnapshot(sql, {}, async (snapshot) => {
      // Written after the snapshot: not in the backup.
      await sql`INSERT INTO leads (form_id, email) VALUES ('late', 'late@example.com')`;
      const tables: Array<PostgresTable & { path: string; rows: number }> = [];
      for (const table of snapshot.tables) {
        const path = join(dir, `${table.name}.copy`);
        tables.push({ ...table, path, rows: await snapshot.copyOut(table, path) });
      }
      return { tables, sequences: snapshot.sequences, migrations: snapshot.migrations };
    });
    const rows = Object.fromEntries(copied.tables.map((t) => [t.name, t.rows]));
    expect(rows['public.leads']).toBe(2);
    expect(rows['public.audits']).toBe(3);
    expect(rows['public.event_outbox']).toBe(5);
    // The day's visitor salt never leaves the database (its day's ids must not be derivable later).
    expect(rows['public.visitor_salts']).toBeUndefined();
    expect(copied.migrations.length).toBeGreaterThan(5);
    const outboxSequence = copied.sequences.find((s: PostgresSequence) => s.name === 'public.event_outbox_id_seq');
    expect(outboxSequence?.value).toBe('5');

    const counts = await loadTables(into, copied.tables, copied.sequences);
    expect(Object.fromEntries(counts)).toEqual(rows);
    const read = (db: Sql) =>
      db`SELECT id, form_id, email, business_name, fields, created_at::text AS created_at FROM leads
         WHERE form_id <> 'late' ORDER BY email`;
    expect(await read(into)).toEqual(await read(sql));
    const reports = (db: Sql) => db`SELECT report_id, report FROM audits ORDER BY report_id`;
    expect(await reports(into)).toEqual(await reports(sql));
    // The restored sequence goes on after the copied ids.
    const [next] = await into<{ id: string }[]>`INSERT INTO event_outbox (row) VALUES ('{}') RETURNING id`;
    expect(Number(next!.id)).toBe(6);
  });
});
