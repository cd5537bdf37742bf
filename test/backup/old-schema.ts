// Run as a child process: leaves, in the data directory given, a stopped product of an older schema
// (PostgreSQL without its newest migration, ClickHouse without its two newest, as a product
// installed before them left it) holding an owner, a lead with its finished audit, a setting, events
// in ClickHouse, an e-mail in the outbox and beacons still in the spool. Prints what it wrote.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadClickHouseMigrations, migrateClickHouse, openClickHouse } from '@curb/analytics';
import { createSql, loadMigrations, migratePostgres, startEmbeddedPostgres } from '@curb/db';
import { freePort } from '@curb/runtime/free-port';
import { upsertAdmin } from '../../services/api/src/lib/auth/admin-users.ts';
import { classifyUserAgent, lineMaker } from '../../services/collector/src/lib/event-row.ts';

const OLD = {
  admin: { email: 'old-owner@curb.test', password: 'an older schema password' },
  reportId: 'old-schema-report-0000000001',
  gaId: 'G-OLDSCHEMA1',
  events: 40,
  spooled: 3,
};

const dir = resolve(process.argv[2]!);
const pg = await startEmbeddedPostgres({ dataDir: join(dir, 'postgres'), port: await freePort() });
const sql = createSql(pg.url, { max: 2 });
const ch = await openClickHouse({ kind: 'embedded', path: join(dir, 'clickhouse'), database: 'curb', poolSize: 1 });
try {
  const pgMigrations = (await loadMigrations()).slice(0, -1);
  await migratePostgres(sql, pgMigrations);
  const later = new Set((await loadClickHouseMigrations()).slice(-2).map((m) => m.version));
  await migrateClickHouse(ch, {
    ledger: {
      applied: async () => later,
      async record({ version, name }) {
        await sql`INSERT INTO clickhouse_migrations (database, version, name) VALUES ('curb', ${version}, ${name})`;
      },
    },
  });

  await upsertAdmin(sql, OLD.admin);
  const [lead] = await sql<{ id: string }[]>`
    INSERT INTO leads (form_id, source, business_name, email, website)
    VALUES ('inline-audit', 'Marketing Audit Page', 'Old Schema Realty', 'lead@old-schema.test', 'https://old-schema.test')
    RETURNING id`;
  const report = { scores: { overall: 64 }, businessName: 'Old Schema Realty', findings: [{ title: 'Slow pages', severity: 'high' }] };
  await sql`INSERT INTO audits (lead_id, report_id, business_name, email, website, status, report, completed_at)
    VALUES (${lead!.id}, ${OLD.reportId}, 'Old Schema Realty', 'lead@old-schema.test', 'https://old-schema.test', 'done',
            ${sql.json(report)}, now())`;
  await sql`INSERT INTO settings (category, key, value) VALUES ('analytics', 'google_analytics_id', ${OLD.gaId})`;

  const now = Date.now();
  const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
  const line = lineMaker({ ip: '203.0.113.7', userAgent: ua, receivedAt: now, dailySalt: 'old-schema' }, classifyUserAgent(ua));
  const events = Array.from({ length: OLD.events }, (_, i) =>
    JSON.parse(
      line({ name: 'page_view', path: i % 2 ? '/' : '/services', sessionId: `s-${i % 7}`, eventId: randomUUID(), ts: now - i * 1000 }),
    ),
  );
  await ch.insert('events', events);
  // Accepted before the stop, never flushed: a spool segment as the collector names them.
  const spool = join(dir, 'spool', 'curb');
  mkdirSync(spool, { recursive: true });
  const segment = `seg-${now.toString(36).padStart(9, '0')}-0badc0de-00000000.ndjson`;
  const spooled = Array.from({ length: OLD.spooled }, () => line({ name: 'page_view', path: '/from-spool', eventId: randomUUID() }));
  writeFileSync(join(spool, segment), spooled.join(''));
  mkdirSync(join(dir, 'outbox'), { recursive: true });
  writeFileSync(join(dir, 'outbox', `${now}-0badc0de.eml`), 'Subject: Your report\r\n\r\nHello\r\n', { mode: 0o600 });
  process.stdout.write(`${JSON.stringify({ ...OLD, postgresAt: pgMigrations.at(-1)!.version, clickhouseSkipped: [...later] })}\n`);
} finally {
  await sql.end({ timeout: 2 });
  await pg.stop();
  await ch.close();
}
process.exit(0);
