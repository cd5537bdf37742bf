// The owner's funnels on chDB: steps in order, page patterns with wildcards, events by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerFunnel } from '@curb/contracts/traffic-attribution';
import { type createTestClickHouse, createTestClickHouseWithEvents } from '../../../../test/harness.ts';
import { filteredVisits } from '../stats/run.ts';
import { ownerFunnelReport, pagePattern } from './owner-funnels.ts';
import { eventRows, holdClock, type TestEvent } from '../../../../test/events.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
const now = holdClock();
const DAY = 86_400_000;

const view = (visitor: number, path: string, minutesAgo: number, extra: Partial<TestEvent> = {}): TestEvent => ({
  name: 'page_view',
  visitor,
  path,
  minutesAgo,
  ...extra,
});
const events: TestEvent[] = [
  // 1: the whole funnel. 2: blog then services, no lead. 3: services before the blog (out of order).
  view(1, '/blog/staging-tips', 50, { device: 'mobile' }),
  view(1, '/services', 40),
  { name: 'lead', visitor: 1, minutesAgo: 30 },
  view(2, '/blog/pricing', 50, { device: 'desktop' }),
  view(2, '/services', 45),
  view(3, '/services', 50),
  view(3, '/blog/x', 40),
  // 4: /blogroll is not /blog/*; 5: a bot; 6: before the period.
  view(4, '/blogroll', 50),
  view(4, '/services', 40),
  view(5, '/blog/a', 50, { bot: true }),
  view(5, '/services', 40, { bot: true }),
  view(6, '/blog/a', 3 * 24 * 60),
  view(6, '/services', 3 * 24 * 60 - 5),
];
const funnel: OwnerFunnel = {
  id: 'f',
  name: 'Blog to lead',
  updatedAt: '',
  steps: [
    { kind: 'page', value: '/blog/*' },
    { kind: 'page', value: '/services' },
    { kind: 'event', value: 'lead' },
  ],
};

beforeAll(async () => {
  ch = await createTestClickHouseWithEvents(eventRows(events, now));
});
afterAll(() => ch.drop());

describe('owner funnels', () => {
  it('counts only the visits the Traffic filters keep', async () => {
    const range = { from: now - DAY, to: now + 1, firstDay: '', lastDay: '', realtime: false };
    const counts = async (filters: [string, string, string[]][]) =>
      (await ownerFunnelReport(ch, funnel, range.from, range.to, filteredVisits(filters, range))).map((s) => s.visitors);
    expect(await counts([['is', 'visit:device', ['Mobile']]])).toEqual([1, 1, 1]);
    expect(await counts([['contains', 'event:page', ['pricing']]])).toEqual([1, 1, 0]);
    expect(await counts([['is', 'visit:device', ['Tablet']]])).toEqual([0, 0, 0]);
    expect(() => filteredVisits([['is', 'visit:shoe', ['x']]], range)).toThrow(/cannot filter on "visit:shoe"/);
  });

  it('counts visitors who reach each step in order, with conversion and drop-off', async () => {
    const steps = await ownerFunnelReport(ch, funnel, now - DAY, now + 1);
    expect(steps.map((s) => [s.label, s.visitors, s.conversion, s.dropOff])).toEqual([
      ['Visited /blog/*', 3, 100, 0],
      ['Visited /services', 2, 66.67, 33.33],
      ['Event lead', 1, 33.33, 50],
    ]);
  });

  it('counts the earlier visitor over a longer period', async () => {
    const steps = await ownerFunnelReport(ch, funnel, now - 7 * DAY, now + 1);
    expect(steps.map((s) => s.visitors)).toEqual([4, 3, 1]);
  });

  it('matches page patterns literally but for *', () => {
    const re = (p: string) => new RegExp(pagePattern(p));
    expect(re('/blog/*').test('/blog/a')).toBe(true);
    expect(re('/blog/*').test('/blogroll')).toBe(false);
    expect(re('/a.b').test('/axb')).toBe(false);
    expect(re('/*/pricing').test('/x/y/pricing')).toBe(true);
  });
});
