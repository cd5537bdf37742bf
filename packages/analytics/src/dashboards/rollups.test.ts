import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClickHouse } from '../../../../test/harness.ts';
import { migrateClickHouse } from '../migrate.ts';
import { JsonLines } from '../clickhouse.ts';
import { eventRows } from '../../../../test/events.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
beforeAll(async () => {
  ch = await createTestClickHouse();
  await migrateClickHouse(ch);
});
afterAll(() => ch.drop());

const total = async (sql: string) => Number((await ch.query<{ n: string }>(sql))[0]!.n);

describe('dashboard rollups', () => {
  it('follow the events, and a block re-inserted with its token counts once everywhere', async () => {
    const block = eventRows([
      { name: 'page_view', visitor: 1, session: 'a', path: '/marketing-audit', referrerDomain: 'google.com' },
      { name: 'page_view', visitor: 1, session: 'a', path: '/services', minutesAgo: 59 },
      { name: 'engaged', visitor: 1, session: 'a', minutesAgo: 58 },
      { name: 'page_view', visitor: 2, session: 'b', path: '/marketing-audit/', bot: true },
      { name: 'ab_impression', visitor: 1, session: 'a', testType: 'audit_popup', variant: 'B', minutesAgo: 57 },
    ]);
    // As the flusher sends a spool segment: JSONEachRow text, retried with the same token.
    const text = new JsonLines(block.map((r) => `${JSON.stringify(r)}\n`).join(''));
    await ch.insert('events', text, { deduplicationToken: 'segment-1' });
    await ch.insert('events', text, { deduplicationToken: 'segment-1' });
    expect(await total('SELECT count() AS n FROM events')).toBe(5);
    expect(await total('SELECT sum(events) AS n FROM events_daily')).toBe(5);
    expect(await total('SELECT sum(views) AS n FROM page_visitors')).toBe(3);
    // The funnel keeps each visitor's first page view of the day.
    expect(await total('SELECT sum(length(steps)) AS n FROM funnel_steps WHERE is_bot = 0')).toBe(1);
    // Numbered as the dashboards read it (ClickHouse migration 0046): that page view, and no other step.
    const [numbered] = await ch.query<{ views: string; others: string }>(
      `SELECT groupArray(toString(first_view)) AS views, toString(sum(length(other_steps))) AS others FROM funnel_steps WHERE is_bot = 0`,
    );
    const [view] = await ch.query<{ n: string }>(
      `SELECT toString(toUInt64(toDateTime(min(ts), 'UTC')) * 8 + 1) AS n FROM events WHERE name = 'page_view' AND is_bot = 0`,
    );
    expect(numbered).toEqual({ views: [view!.n], others: '0' });
    expect(await total('SELECT sum(events) AS n FROM sources_daily')).toBe(5);
    expect(await total('SELECT count() AS n FROM ab_units FINAL WHERE saw')).toBe(1);
    expect(await total('SELECT uniqCombinedMerge(12)(sessions) AS n FROM traffic_daily WHERE is_bot = 0')).toBe(1);
    expect(await total('SELECT uniqMerge(visitors) AS n FROM events_daily WHERE is_bot = 0')).toBe(1);
    const [session] = await ch.query<{ sid: string; events: string; pageViews: string; engaged: number; entry: string }>(
      `SELECT any(sid) AS sid, sum(events) AS events, sum(page_views) AS pageViews, max(engaged) AS engaged,
              argMinMerge(entry_referrer) AS entry
       FROM sessions WHERE is_bot = 0 GROUP BY session`,
    );
    expect(session).toEqual({ sid: 'a', events: expect.anything(), pageViews: expect.anything(), engaged: 1, entry: 'google.com' });
    expect([Number(session!.events), Number(session!.pageViews)]).toEqual([4, 2]);
  });
});
