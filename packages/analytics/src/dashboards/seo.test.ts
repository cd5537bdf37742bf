import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type createTestClickHouse, createTestClickHouseWithEvents } from '../../../../test/harness.ts';
import { buildVisits } from '../visits.ts';
import { seoTraffic } from './seo.ts';
import { eventRows, holdClock } from '../../../../test/events.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
const now = holdClock();
const DAY = 24 * 60;

beforeAll(async () => {
  ch = await createTestClickHouseWithEvents(
    eventRows(
      [
        // Entered from Google three days ago and came back today in the same session.
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
  /** Events stored and built into visits, as the worker builds them. */
  const arrive = async (db: typeof ch, events: Parameters<typeof eventRows>[0]) => {
    await db.insert('events', eventRows(events, now));
    await buildVisits(db, { all: true });
  };

  it("counts the week's visits, the Organic Search ones and the bounce rate, as the Traffic page does", async () => {
    // The session that came back today is two visits (the first from Google), both bounces; with the
    // direct and the Facebook bounce, four of five.
    expect(await seoTraffic(ch)).toEqual({ sessions: 5, organicTraffic: 2, bounceRate: 80 });
    // An engagement stored late for a visit four days ago: it bounces no more.
    await arrive(ch, [{ name: 'engaged', visitor: 2, session: 'old-bounce', minutesAgo: 4 * DAY - 1 }]);
    expect(await seoTraffic(ch)).toEqual({ sessions: 5, organicTraffic: 2, bounceRate: 60 });
    // A visit stored late for a past day of the week counts once built.
    await arrive(ch, [{ name: 'page_view', visitor: 7, session: 'late', minutesAgo: 5 * DAY }]);
    expect(await seoTraffic(ch)).toEqual({ sessions: 6, organicTraffic: 2, bounceRate: 67 });
  });

  it("takes a visit's channel from its earliest event, whichever insert brought it", async () => {
    // The later, direct page view arrives first; the earlier one from Google in another insert.
    const db = await createTestClickHouseWithEvents(eventRows([{ name: 'page_view', visitor: 8, session: 'split', minutesAgo: 35 }], now));
    try {
      expect(await seoTraffic(db)).toEqual({ sessions: 1, organicTraffic: 0, bounceRate: 100 });
      await arrive(db, [{ name: 'page_view', visitor: 8, session: 'split', minutesAgo: 40, referrerDomain: 'google.com' }]);
      expect(await seoTraffic(db)).toEqual({ sessions: 1, organicTraffic: 1, bounceRate: 0 });
    } finally {
      await db.drop();
    }
  });

  it("counts the owner's last 7 days, today included: the owner's zone moves the week's start", async () => {
    const HOUR = 3_600_000;
    const midnight = Math.floor(now / (24 * HOUR)) * 24 * HOUR; // today's, UTC
    const db = await createTestClickHouseWithEvents([]);
    try {
      await arrive(db, [
        // 18:00 UTC seven days before today: before the UTC week, within it for a zone 11 hours behind
        // (Pago Pago, where it is then still yesterday) or 14 ahead (Kiritimati, 08:00 six days back).
        { name: 'page_view', visitor: 9, session: 'edge', at: midnight - 6 * 24 * HOUR - 6 * HOUR },
        { name: 'page_view', visitor: 10, session: 'today', at: midnight + HOUR },
        { name: 'page_view', visitor: 11, session: 'old', at: midnight - 8 * 24 * HOUR },
      ]);
      const at = midnight + 6 * HOUR;
      const visits = async (timeZone: string) => (await seoTraffic(db, { timeZone, now: at })).sessions;
      expect(await visits('UTC')).toBe(1);
      expect(await visits('Pacific/Pago_Pago')).toBe(2);
      expect(await visits('Pacific/Kiritimati')).toBe(2);
    } finally {
      await db.drop();
    }
  });
});
