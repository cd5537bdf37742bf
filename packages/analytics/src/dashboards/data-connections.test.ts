// The overview's tracking volume: the last day by the hour (this hour and the 23 before it)
// from the hourly rollup, equal to a count of the raw events over the same hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type createTestClickHouse, createTestClickHouseWithEvents } from '../../../../test/harness.ts';
import { trackingVolume } from './data-connections.ts';
import { chTime } from './period.ts';
import { eventRows } from '../../../../test/events.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
// Half past an hour: the window starts at 23 hours and 30 minutes before.
const now = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 30 * 60_000;
/** Minutes before `now`: around the window's start (23 h 30 min), and recent. */
const HUMAN_MINUTES = [24 * 60 + 5, 23 * 60 + 31, 23 * 60 + 30, 23 * 60 + 29, 23 * 60, 60, 1, 0];

beforeAll(async () => {
  ch = await createTestClickHouseWithEvents(
    eventRows(
      [
        ...HUMAN_MINUTES.map((minutesAgo, i) => ({ name: 'page_view', visitor: i, minutesAgo })),
        { name: 'page_view', visitor: 99, minutesAgo: 10, bot: true },
        { name: 'page_view', visitor: 98, minutesAgo: 40 * 24 * 60 },
      ],
      now,
    ),
  );
});
afterAll(() => ch?.close());

const rawSince = async (at: number) => {
  const [raw] = await ch.query<{ n: string }>(
    "SELECT count() AS n FROM events WHERE is_bot = 0 AND ts >= toStartOfHour({at:DateTime64(3)}, 'UTC') - INTERVAL 23 HOUR",
    { at: chTime(at) },
  );
  return Number(raw!.n);
};

describe('tracking volume', () => {
  it('counts the human events ever and in this hour and the 23 before it', async () => {
    // From 23 h 30 min before on: the event at that minute and the five after it.
    expect(await trackingVolume(ch, now)).toEqual({ total: HUMAN_MINUTES.length + 1, lastDay: 6 });
    expect(await rawSince(now)).toBe(6);
  });

  it('agrees with the raw events over the same hours at any minute', async () => {
    for (let minute = 0; minute < 120; minute += 13) {
      const at = now + minute * 60_000;
      expect((await trackingVolume(ch, at)).lastDay, `${minute} minutes later`).toBe(await rawSince(at));
    }
  });
});
