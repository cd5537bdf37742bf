import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '@curb/db';
import { createTestDatabase } from '../../../../test/harness.ts';
import { DailySalts } from './daily-salts.ts';

const DAY = 86_400_000;
const quiet = { warn() {} };

describe('daily visitor-id salts', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let sql: Sql;
  beforeAll(async () => {
    db = await createTestDatabase({ migrated: true });
    sql = createSql(db.url, { max: 2 });
  });
  afterAll(async () => {
    await sql.end();
    await db.drop();
  });

  it('gives every collector process the same salt for a day and a new one the next day', async () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    const a = new DailySalts(sql, quiet);
    const b = new DailySalts(sql, quiet);
    await a.refresh(now);
    await b.refresh(now);
    expect(a.saltFor(now)).toMatch(/^[0-9a-f]{64}$/);
    expect(b.saltFor(now + 3600_000)).toBe(a.saltFor(now));
    expect(a.saltFor(now + DAY)).not.toBe(a.saltFor(now));
    const days = await sql<{ day: string }[]>`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM visitor_salts ORDER BY day`;
    expect(days.map((d) => d.day)).toEqual(['2026-11-20', '2026-11-21']);
  });

  it('forgets a salt once its day is over', async () => {
    const later = Date.parse('2026-11-22T00:30:00Z');
    const salts = new DailySalts(sql, quiet);
    await salts.refresh(later);
    const days = await sql<{ day: string }[]>`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM visitor_salts ORDER BY day`;
    expect(days.map((d) => d.day)).toEqual(['2026-11-22', '2026-11-23']);
  });
});
