// The overview's tracking volume: the last 24 hours from the hourly rollup plus the partial hour
// at the window's start from the events, equal to a count of the raw events at any minute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClickHouse } from '../../../../test/harness.ts';
import { migrateClickHouse } from '../migrate.ts';
import { trackingVolume } from './data-connections.ts';
import { chTime } from './period.ts';
import { eventRows } from './test-events.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
// Half past an hour, so the window starts inside an hour.
const now = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 30 * 60_000;
/** Minutes before `now`: around the window's start (24 h), inside the first partial hour, and recent. */
const HUMAN_MINUTES = [24 * 60 + 5, 24 * 60, 24 * 60 - 1, 24 * 60 - 29, 24 * 60 - 31, 23 * 60, 60, 1, 0];

beforeAll(async () => {
  ch = await createTestClickHouse();
  await migrateClickHouse(ch);
  await ch.insert(
    'events',
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

describe('tracking volume', () => {
  it('counts the human events ever and in the last 24 hours, as the raw events do', async () => {
    const volume = await trackingVolume(ch, now);
    const [raw] = await ch.query<{ n: string }>('SELECT count() AS n FROM events WHERE is_bot = 0 AND ts > {since:DateTime64(3)}', {
      since: chTime(now - 86_400_000),
    });
    // The events at exactly 24 h and before are out; the seven after it are in.
    expect(volume).toEqual({ total: HUMAN_MINUTES.length + 1, lastDay: 7 });
    expect(volume.lastDay).toBe(Number(raw!.n));
  });

  it('agrees with the raw events at every minute of an hour', async () => {
    for (let minute = 0; minute < 60; minute += 7) {
      const at = now + minute * 60_000;
      const [raw] = await ch.query<{ n: string }>('SELECT count() AS n FROM events WHERE is_bot = 0 AND ts > {since:DateTime64(3)}', {
        since: chTime(at - 86_400_000),
      });
      expect((await trackingVolume(ch, at)).lastDay, `${minute} minutes later`).toBe(Number(raw!.n));
    }
  });
});
