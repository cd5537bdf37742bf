import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_SETTINGS } from '@curb/contracts/backup';
import { adminUsers, createSql, settings, type Sql } from '@curb/db';
import { createTestDatabase } from '../../../test/harness.ts';
import { selfCheck, selfCheckLines } from './self-check.ts';

describe('the production self-check', () => {
  let sql: Sql;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase({ migrated: true });
    sql = createSql(db.url, { max: 2 });
  });
  afterAll(async () => {
    await sql?.end();
    await db?.drop();
  });

  const byId = async (config: Parameters<typeof selfCheck>[0], now?: Date) =>
    Object.fromEntries((await selfCheck(config, sql, now)).map((i) => [i.id, i]));

  it('says what a fresh configuration lacks, each with its fix, one start line per failing item', async () => {
    const items = await selfCheck({ DATA_DIR: '.', PUBLIC_URL: 'http://curb.example' }, sql);
    expect(items.map((i) => [i.id, i.ok])).toEqual([
      ['https', false],
      ['mail', false],
      ['backups', false],
      ['disk', expect.any(Boolean)],
      ['admin', false],
    ]);
    const [https, mail, backups, disk, admin] = items;
    expect(https!.fix).toMatch(/Set PUBLIC_URL to the site's https:\/\/ address/);
    expect(mail!.text).toBe('No mail service: report e-mails only go to the outbox folder, where no lead receives them.');
    expect(backups!.fix).toMatch(/Set BACKUP_DIR/);
    expect(disk!.text).toMatch(/^\d+\.\d GiB free of \d+\.\d GiB on the disk of \//);
    expect(admin!.fix).toMatch(/pnpm admin:create/);
    const lines = selfCheckLines(items);
    expect(lines).toHaveLength(items.filter((i) => !i.ok).length);
    expect(lines[0]).toMatch(/^Self-check: PUBLIC_URL is http:\/\/curb\.example: .* Fix: Set PUBLIC_URL/);
  });

  it('passes a configured server, and names a failed or late backup', async () => {
    await adminUsers.insertIfAbsent(sql, 'owner@curb.example', 'not-a-real-hash');
    const config = {
      DATA_DIR: '.',
      PUBLIC_URL: 'https://curb.example',
      SMTP_URL: 'smtp://u:secret@smtp.example.com:587',
      BACKUP_DIR: '/var/backups/curb',
    };
    let items = await byId(config);
    expect(items.https).toMatchObject({ ok: true, fix: null });
    expect(items.mail).toMatchObject({ ok: true, text: 'Report e-mails go out through SMTP (smtp.example.com:587).' });
    expect(JSON.stringify(items)).not.toContain('secret');
    expect(items.admin).toMatchObject({ ok: true, text: '1 admin account.' });
    expect(items.backups).toMatchObject({ ok: true, text: expect.stringMatching(/none has run yet/) });

    const success = {
      at: '2026-03-01T03:30:02.000Z',
      trigger: 'schedule',
      file: '/var/backups/curb/a.tar.gz',
      bytes: 10,
      moment: '2026-03-01T03:30:00.000Z',
      postgresRows: 1,
      clickhouseRows: 1,
      ms: 100,
      notCovered: [],
    };
    await settings.save(sql, BACKUP_SETTINGS.category, BACKUP_SETTINGS.lastSuccess, JSON.stringify(success));
    items = await byId(config, new Date('2026-03-01T12:00:00Z'));
    expect(items.backups).toMatchObject({ ok: true, text: expect.stringMatching(/^The last backup succeeded at 2026-03-01T03:30:02/) });
    items = await byId(config, new Date('2026-03-02T08:00:00Z'));
    expect(items.backups).toMatchObject({ ok: false, text: expect.stringMatching(/more than a day ago/) });

    const failure = { at: '2026-03-02T03:30:01.000Z', trigger: 'schedule', error: 'EACCES: permission denied' };
    await settings.save(sql, BACKUP_SETTINGS.category, BACKUP_SETTINGS.lastFailure, JSON.stringify(failure));
    items = await byId(config, new Date('2026-03-02T04:00:00Z'));
    expect(items.backups).toMatchObject({
      ok: false,
      text: expect.stringMatching(/failed .*EACCES/),
      fix: expect.stringMatching(/writable/),
    });
  });

  it('says when the data directory cannot be read', async () => {
    const items = await byId({ DATA_DIR: '/nonexistent/curb-data' });
    expect(items.disk).toMatchObject({ ok: false, text: expect.stringMatching(/cannot be read \(ENOENT\)/) });
  });
});
