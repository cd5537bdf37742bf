import { RETARGETING_FUNNEL_STEPS } from '@curb/contracts/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClickHouse } from '../../../../test/harness.ts';
import { migrateClickHouse } from '../migrate.ts';
import { type ClosedDaysStatus, closedDaysSnapshots, readClosedDays, reloadRunDictionarySql } from './closed-days.ts';
import { funnelLevels, funnelQuery } from './funnel-progress.ts';
import { RETARGETING_RUN_DAYS } from './retargeting.ts';
import { eventRows, holdClock, seededRandom, type TestEvent } from '../../../../test/events.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
const now = holdClock();
const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/**
 * Visitors over the last 12 days taking funnel steps in a loose, often wrong order, some on
 * several days; e-mails opened from the mail client (another visitor id); some bots. Times
 * fall on whole minutes so that steps often share a timestamp.
 */
function generate(seed: number): TestEvent[] {
  const next = seededRandom(seed);
  const events: TestEvent[] = [];
  for (let visitor = 1; visitor <= 120; visitor++) {
    const visits = 1 + Math.floor(next() * 3);
    for (let v = 0; v < visits; v++) {
      const start = Math.floor(next() * 12 * DAY_MINUTES);
      const steps = 1 + Math.floor(next() * 6);
      for (let s = 0; s < steps; s++) {
        const step = Math.min(3, Math.floor(next() * next() * 5));
        const name = RETARGETING_FUNNEL_STEPS[step]!;
        const minutesAgo = Math.max(0, start - Math.floor(next() * 20));
        const bot = visitor % 17 === 0;
        events.push({ name, visitor, minutesAgo, bot });
        if (name === 'form_start' && next() < 0.6) {
          const email = `user${visitor % 40}@example.com`; // some addresses are submitted by two visitors
          const submitted = Math.max(0, minutesAgo - Math.floor(next() * 3));
          events.push({ name: 'form_submit', visitor, minutesAgo: submitted, email, bot });
          if (next() < 0.7)
            events.push({
              name: 'email_open',
              visitor: 10_000 + visitor,
              minutesAgo: Math.max(0, submitted - Math.floor(next() * 2 * DAY_MINUTES)),
              email,
              session: '',
            });
        }
      }
    }
  }
  return events;
}

/** The funnel as defined (steps in order per user), from the raw events: users per deepest step reached in order. */
function expectedLevels(events: TestEvent[], days: number): number[] {
  const start = Math.floor(now / (DAY_MINUTES * MINUTE)) * DAY_MINUTES * MINUTE - (days - 1) * DAY_MINUTES * MINUTE;
  const at = (e: TestEvent) => now - (e.minutesAgo ?? 60) * MINUTE;
  const inWindow = events.filter((e) => !e.bot && at(e) >= start);
  const submitter = new Map<string, { visitor: number; at: number }>();
  for (const e of inWindow) {
    if (e.name !== 'form_submit' || !e.email) continue;
    const first = submitter.get(e.email);
    if (!first || at(e) < first.at) submitter.set(e.email, { visitor: e.visitor, at: at(e) });
  }
  const day = (ms: number) => Math.floor(ms / (DAY_MINUTES * MINUTE));
  // An open counts for the address's first submitter in the period if that was on or before the day of the open.
  const opener = (e: TestEvent) => {
    const first = submitter.get(e.email!);
    return first && day(first.at) <= day(at(e)) ? first.visitor : e.visitor;
  };
  const stepsByUser = new Map<number, [number, number][]>();
  for (const e of inWindow) {
    const step = RETARGETING_FUNNEL_STEPS.indexOf(e.name as (typeof RETARGETING_FUNNEL_STEPS)[number]) + 1;
    if (!step) continue;
    const user = e.name === 'email_open' ? opener(e) : e.visitor;
    const list = stepsByUser.get(user) ?? [];
    list.push([Math.floor(at(e) / 1000), step]); // the rollup keeps whole seconds
    stepsByUser.set(user, list);
  }
  const levels = Array<number>(RETARGETING_FUNNEL_STEPS.length + 1).fill(0);
  for (const steps of stepsByUser.values()) {
    steps.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const level = steps.reduce((reached, [, step]) => (step === reached + 1 ? step : reached), 0);
    levels[level]!++;
  }
  return levels;
}

/** The funnel's snapshot alone (in the dashboard it is one of the retargeting snapshots, with their periods). */
const funnel = () => closedDaysSnapshots(ch.engine, [funnelQuery(ch.engine)], RETARGETING_RUN_DAYS);
/** A request's read: the levels, and `computeMissing` for the runs it found missing. */
async function readLevels(days: number) {
  const { rows, computeMissing } = await readClosedDays<{ funnel: { level: number; users: number }[] }>(ch, funnel(), days);
  return { levels: funnelLevels(rows.funnel), computeMissing };
}
/** What a request reads, and whether it read today's run (else the whole period, leaving the run computed). */
async function read(days: number): Promise<{ levels: number[]; fromRun: boolean }> {
  const { levels, computeMissing } = await readLevels(days);
  await computeMissing?.();
  return { levels: levels.map((l) => l.users), fromRun: !computeMissing };
}
const levelsOf = async (days: number) => (await read(days)).levels;
const runs = async (days: number) =>
  Number((await ch.query<{ n: string }>(`SELECT count() AS n FROM closed_days_runs WHERE kind = 'funnel' AND days = ${days}`))[0]!.n);

const events = generate(7);

beforeAll(async () => {
  ch = await createTestClickHouse();
  await migrateClickHouse(ch);
  await ch.insert('events', eventRows(events, now));
});
afterAll(() => ch.drop());

describe('retargeting funnel over closed days and the days since', () => {
  it('gives every period with runs the users per deepest step that the whole period gives, before its run and from it', async () => {
    for (const days of RETARGETING_RUN_DAYS) {
      expect(await read(days)).toEqual({ levels: expectedLevels(events, days), fromRun: false });
      expect(await read(days)).toEqual({ levels: expectedLevels(events, days), fromRun: true });
    }
    // The 30-day funnel has users whose chains started in the closed days and went on since.
    expect(
      expectedLevels(events, 30)
        .slice(1)
        .every((n) => n > 0),
    ).toBe(true);
  });

  it('reads the 7 days whole, starting and storing no run', async () => {
    const { levels, computeMissing } = await readLevels(7);
    expect(levels.map((l) => l.users)).toEqual(expectedLevels(events, 7));
    expect(computeMissing).toBeNull();
    expect(await runs(7)).toBe(0);
  });

  it('computes the closed days once and then reuses them', async () => {
    const before = await runs(30);
    expect(await levelsOf(30)).toEqual(expectedLevels(events, 30));
    expect(await runs(30)).toBe(before);
  });

  it('continues a closed chain with the steps taken since yesterday', async () => {
    const later: TestEvent[] = [
      { name: 'page_view', visitor: 500, minutesAgo: 4 * DAY_MINUTES },
      { name: 'popup_view', visitor: 500, minutesAgo: 4 * DAY_MINUTES - 1 },
      { name: 'form_start', visitor: 500, minutesAgo: 0 },
    ];
    await levelsOf(30); // a run for the closed days before these events
    await ch.insert('events', eventRows(later, now));
    events.push(...later);
    expect(await levelsOf(30)).toEqual(expectedLevels(events, 30));
    // From the new run: visitor 500's chain from the closed days goes on with today's form start.
    expect(await read(30)).toEqual({ levels: expectedLevels(events, 30), fromRun: true });
  });

  it('computes a new run when events reach a closed day late', async () => {
    await levelsOf(30);
    const before = await runs(30);
    // A visitor with only a popup in the closed days gets the page view before it.
    const late: TestEvent[] = [
      { name: 'popup_view', visitor: 600, minutesAgo: 3 * DAY_MINUTES },
      { name: 'page_view', visitor: 600, minutesAgo: 3 * DAY_MINUTES + 5 },
    ];
    await ch.insert('events', eventRows(late, now));
    events.push(...late);
    expect(await levelsOf(30)).toEqual(expectedLevels(events, 30));
    // Both runs cover that day: through the day before yesterday, and through yesterday.
    expect(await runs(30)).toBe(before + 2);
  });

  it('continues from the run through the day before yesterday while a late event for yesterday outdates the other', async () => {
    await levelsOf(30);
    const current = async () => {
      const [status] = (await ch.query<ClosedDaysStatus>(funnel().status(30))) as [ClosedDaysStatus];
      return [status.current.includes('funnel'), status.currentThroughYesterday.includes('funnel')];
    };
    expect(await current()).toEqual([true, true]);
    const before = await runs(30);
    // Visitor 900's page view yesterday at noon, received now (the collector keeps a timestamp up
    // to a day old), and a popup today: level 2, replayed from the run through the day before.
    const yesterday = Math.floor((now % (DAY_MINUTES * MINUTE)) / MINUTE) + 12 * 60;
    const chain: TestEvent[] = [
      { name: 'page_view', visitor: 900, minutesAgo: yesterday },
      { name: 'popup_view', visitor: 900, minutesAgo: 0 },
    ];
    await ch.insert('events', eventRows(chain, now));
    events.push(...chain);
    expect(await current()).toEqual([true, false]);
    const { levels, computeMissing } = await readLevels(30);
    expect(levels.map((l) => l.users)).toEqual(expectedLevels(events, 30));
    // The request starts a new run through yesterday.
    await computeMissing!();
    expect(await runs(30)).toBe(before + 1);
    expect(await read(30)).toEqual({ levels: expectedLevels(events, 30), fromRun: true });
  });

  it('shares one computation between requests that arrive together', async () => {
    await ch.command('TRUNCATE TABLE closed_days_runs');
    const all = await Promise.all([levelsOf(90), levelsOf(90), levelsOf(90)]);
    for (const levels of all) expect(levels).toEqual(expectedLevels(events, 90));
    expect(await runs(90)).toBe(2);
  });

  it('credits an e-mail opened today to its submitter on a closed day', async () => {
    // Visitor 800 submits on a closed day; the address is opened today from the mail client.
    const email = 'closed-days@example.com';
    const chain: TestEvent[] = [
      ...(['page_view', 'popup_view', 'form_start'] as const).map((name, i) => ({ name, visitor: 800, minutesAgo: 5 * DAY_MINUTES - i })),
      { name: 'form_submit', visitor: 800, minutesAgo: 5 * DAY_MINUTES - 3, email },
      { name: 'email_open', visitor: 10_800, minutesAgo: 2, email, session: '' },
    ];
    await ch.insert('events', eventRows(chain, now));
    events.push(...chain);
    await levelsOf(30); // a run with 800 at level 4
    expect(await read(30)).toEqual({ levels: expectedLevels(events, 30), fromRun: true });
  });

  it("looks the stored levels up in the period's dictionary only while it holds the run read", async () => {
    // Visitor 700's chain: page view and popup on a closed day, a form start today.
    const chain: TestEvent[] = [
      { name: 'page_view', visitor: 700, minutesAgo: 4 * DAY_MINUTES },
      { name: 'popup_view', visitor: 700, minutesAgo: 4 * DAY_MINUTES - 1 },
      { name: 'form_start', visitor: 700, minutesAgo: 1 },
    ];
    await ch.insert('events', eventRows(chain, now));
    events.push(...chain);
    await levelsOf(30); // a run with visitor 700 at level 2, and the dictionary loaded with it
    const expected = expectedLevels(events, 30);
    expect(await read(30)).toEqual({ levels: expected, fromRun: true });
    // Visitor 700 leaves the stored run and the dictionary, not the run's level counts: a request
    // keeps a user at level 2 and sees a new one at level 0, instead of one at level 3.
    await ch.command('ALTER TABLE funnel_levels_closed DELETE WHERE days = 30 AND key = 700 SETTINGS mutations_sync = 2');
    expect((await read(30)).levels).toEqual(expected); // still in the dictionary, which the request reads
    const dictionary = funnel().dictionary(funnelQuery(ch.engine), 30)!;
    await ch.command(reloadRunDictionarySql(dictionary));
    expect((await read(30)).levels).toEqual(expected.map((n, level) => n + ([1, 0, 1, -1, 0, 0][level] ?? 0)));
    // A dictionary that cannot answer leaves the join to answer (the table lacks visitor 700 too).
    await ch.command(`DROP DICTIONARY ${dictionary.name}`);
    expect((await read(30)).levels).toEqual(expected.map((n, level) => n + ([1, 0, 1, -1, 0, 0][level] ?? 0)));
  });
});
