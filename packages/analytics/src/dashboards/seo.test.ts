import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type createTestClickHouse, createTestClickHouseWithEvents } from '../../../../test/harness.ts';
import { seoTraffic } from './seo.ts';
import { eventRows, holdClock } from '../../../../test/events.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
const now = holdClock();
const DAY = 24 * 60;

beforeAll(async () => {
  ch = await createTestClickHouseWithEvents(
    eventRows(
      [
        // Entered from Google three days ago (a closed day) and came back today: organic, two pages.
        { name: 'page_view', visitor: 1, session: 'span', minutesAgo: 3 * DAY, referrerDomain: 'www.google.com' },
        { name: 'page_view', visitor: 1, session: 'span', minutesAgo: 5 },
        // One direct page four days ago: a bounce.
        { name: 'page_view', visitor: 2, session: 'old-bounce', minutesAgo: 4 * DAY },
        // Today: organic by medium and engaged; a direct bounce.
        { name: 'page_view', visitor: 3, session: 'organic', minutesAgo: 30, utmMedium: 'organic' },
        { name: 'engaged', visitor: 3, session: 'organic', minutesAgo: 29 },
        { name: 'page_view', visitor: 4, session: 'bounce', minutesAgo: 20, referrerDomain: 'facebook.com' },
        // Left out: before the week, and a bot.
        { name: 'page_view', visitor: 5, session: 'gone', minutesAgo: 10 * DAY, referrerDomain: 'bing.com' },
        { name: 'page_view', visitor: 6, session: 'bot', minutesAgo: 10, bot: true },
      ],
      now,
    ),
  );
});
afterAll(() => ch.drop());

describe('SEO dashboard traffic', () => {
  it('counts sessions, organic ones and bounces over the week, as each request finds them', async () => {
    const expected = { sessions: 4, organicTraffic: 2, bounceRate: 50 };
    expect(await seoTraffic(ch)).toEqual(expected);
    // The session that came back today keeps its organic entry; one that engages today bounces no more.
    await ch.insert('events', eventRows([{ name: 'engaged', visitor: 2, session: 'old-bounce', minutesAgo: 1 }], now));
    expect(await seoTraffic(ch)).toEqual({ sessions: 4, organicTraffic: 2, bounceRate: 25 });
    // A session stored late for a past day of the week counts at once.
    await ch.insert('events', eventRows([{ name: 'page_view', visitor: 7, session: 'late', minutesAgo: 5 * DAY }], now));
    expect(await seoTraffic(ch)).toEqual({ sessions: 5, organicTraffic: 2, bounceRate: 40 });
    // Nothing is stored per day for it: the week is read whole.
    expect(await ch.query('SELECT kind FROM closed_days_runs')).toEqual([]);
  });

  it("takes a session's entry from its earliest event, whichever insert brought it", async () => {
    // The later, direct page view arrives first; the earlier one from Google in another insert (another row of the day).
    const db = await createTestClickHouseWithEvents(eventRows([{ name: 'page_view', visitor: 8, session: 'split', minutesAgo: 35 }], now));
    try {
      await db.insert(
        'events',
        eventRows([{ name: 'page_view', visitor: 8, session: 'split', minutesAgo: 40, referrerDomain: 'google.com' }], now),
      );
      const rows = await db.query<{ n: string }>("SELECT count() AS n FROM sessions WHERE sid = 'split'");
      expect(Number(rows[0]!.n)).toBe(2);
      expect(await seoTraffic(db)).toEqual({ sessions: 1, organicTraffic: 1, bounceRate: 0 });
    } finally {
      await db.drop();
    }
  });

  it("tells a search engine's host by the engine's name at its start or after a dot, with a dot after it (stored sessions)", async () => {
    const hosts = {
      'google.com': 1,
      'www.google.co.uk': 1,
      'search.brave.com': 1,
      'mail.yahoo.co.jp': 1,
      'bing.com': 1,
      'notgoogle.com': 0,
      google: 0,
      'brave.com': 0,
      'facebook.com': 0,
      '': 0,
    };
    const entries = Object.keys(hosts).map((host, i) => ({
      name: 'page_view',
      visitor: 100 + i,
      session: `host-${host}`,
      referrerDomain: host,
    }));
    const db = await createTestClickHouseWithEvents(eventRows(entries, now));
    try {
      const rows = await db.query<{ host: string; organic: number }>(
        `SELECT substring(sid, 6) AS host, bitAnd(min(organic_entry), 1) AS organic
         FROM sessions WHERE startsWith(sid, 'host-') GROUP BY sid`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.host, Number(r.organic)]))).toEqual(hosts);
    } finally {
      await db.drop();
    }
  });
});
