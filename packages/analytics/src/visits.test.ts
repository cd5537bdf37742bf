// The visits table keeps one row per visit once its months are collapsed: a visit rebuilt as its
// events grow leaves cancelled versions behind, which collapseVisits merges away without
// changing a figure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsQuery } from '@curb/contracts/stats';
import { createTestClickHouse } from '../../../test/harness.ts';
import { eventRows } from '../../../test/events.ts';
import { migrateClickHouse } from './migrate.ts';
import { runStats } from './stats/run.ts';
import { buildVisits, collapseVisits } from './visits.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
const NOW = Date.now();
const FIGURES: StatsQuery = { metrics: ['visitors', 'visits', 'pageviews', 'bounce_rate'], date_range: 'day' };

const rows = async () =>
  (await ch.query<{ sign: number; n: string }>('SELECT sign, toString(count()) AS n FROM visits GROUP BY sign ORDER BY sign')).map<
    [number, number]
  >((r) => [Number(r.sign), Number(r.n)]);

beforeAll(async () => {
  ch = await createTestClickHouse();
  await migrateClickHouse(ch);
  // No background merge may collapse the versions before the test looks at them.
  await ch.command('SYSTEM STOP MERGES visits');
  // One visit seen three times as it grows: each build cancels the stored version and writes the new one.
  for (const [i, path] of ['/', '/about', '/contact'].entries()) {
    await ch.insert('events', eventRows([{ name: 'page_view', visitor: 1, session: 's1', path, at: NOW - (10 - i) * 1000 }], NOW));
    await buildVisits(ch, { all: true });
  }
  await ch.insert('events', eventRows([{ name: 'page_view', visitor: 2, session: 's2', path: '/', at: NOW - 5000 }], NOW));
  await buildVisits(ch, { all: true });
});
afterAll(async () => ch?.drop());

describe('collapsing the visits', () => {
  it('leaves one row per visit and every figure as it was', async () => {
    // At least the two cancelled versions of the first visit (a build re-reads touches younger than a second).
    const [[sign, cancelled] = [0, 0], kept] = await rows();
    expect(sign).toBe(-1);
    expect(cancelled).toBeGreaterThanOrEqual(2);
    expect(kept).toEqual([1, cancelled + 2]);
    const before = await runStats(ch, FIGURES, { now: NOW + 1000 });
    expect(before.results[0]!.metrics).toEqual([2, 2, 4, 50]);

    await ch.command('SYSTEM START MERGES visits');
    expect(await collapseVisits(ch)).toBe(1);
    expect(await rows()).toEqual([[1, 2]]);
    expect(await runStats(ch, FIGURES, { now: NOW + 1000 })).toEqual(before);
    // Nothing left to merge: a month in one part is not rewritten again.
    expect(await collapseVisits(ch, { all: true })).toBe(0);
  });
});
