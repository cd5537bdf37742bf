import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNEY_LIMIT } from '@curb/contracts/analytics';
import { type createTestClickHouse, createTestClickHouseWithEvents } from '../../../../test/harness.ts';
import { type ClosedDaysStatus as Status, computeClosedDays } from './closed-days.ts';
import { funnelReach, RECENT_SESSIONS, retargetingDashboard, retargetingSnapshots, retargetingSql } from './retargeting.ts';
import { eventRows, holdClock } from '../../../../test/events.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
const now = holdClock();

beforeAll(async () => {
  ch = await createTestClickHouseWithEvents(
    eventRows(
      [
        // Visitor 1 goes all the way; the e-mail open comes from the mail client (another visitor id).
        { name: 'page_view', visitor: 1, minutesAgo: 50, path: '/', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'nov' },
        { name: 'popup_view', visitor: 1, minutesAgo: 49, path: '/', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'nov' },
        { name: 'form_start', visitor: 1, minutesAgo: 48, path: '/', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'nov' },
        {
          name: 'form_submit',
          visitor: 1,
          minutesAgo: 47,
          path: '/',
          email: 'ann@example.com',
          utmSource: 'newsletter',
          utmMedium: 'email',
          utmCampaign: 'nov',
        },
        { name: 'email_open', visitor: 9, minutesAgo: 10, email: 'ann@example.com', session: '' },
        // Visitor 1's earlier visit, before they gave their e-mail: still ann's journey.
        { name: 'page_view', visitor: 1, minutesAgo: 3 * 24 * 60, session: 's1-earlier' },
        // Visitor 2 sees the popup, visitor 3 only a page; visitor 4 starts a form without a page view.
        { name: 'page_view', visitor: 2, minutesAgo: 40, referrerDomain: 'google.com' },
        { name: 'popup_view', visitor: 2, minutesAgo: 39, referrerDomain: 'google.com' },
        { name: 'page_view', visitor: 3, minutesAgo: 30, path: '/services' },
        { name: 'page_view', visitor: 3, minutesAgo: 29, path: '/blog' },
        { name: 'form_start', visitor: 4, minutesAgo: 20 },
        // Steps out of order do not count: visitor 5's popup came before the page view.
        { name: 'popup_view', visitor: 5, minutesAgo: 15 },
        { name: 'page_view', visitor: 5, minutesAgo: 14 },
        // Left out: a bot that does everything, and a visit before the window.
        ...['page_view', 'popup_view', 'form_start', 'form_submit'].map((name) => ({ name, visitor: 7, bot: true })),
        { name: 'page_view', visitor: 8, minutesAgo: 10 * 24 * 60 },
      ],
      now,
    ),
  );
});
afterAll(() => ch.drop());
// The runs the requests start after their answers, awaited before a test that counts them.
const started: Promise<unknown>[] = [];
const dashboard = () => retargetingDashboard(ch, 7, now, { background: (w) => started.push(w) });

describe('retargeting dashboard', () => {
  it('builds the five-step funnel per user with rates against the previous step', async () => {
    const d = await dashboard();
    expect(d.funnelData.map((s) => [s.step, s.event, s.source, s.count, s.uniqueUsers, s.rate])).toEqual([
      [1, 'page_view', 'all', 6, 4, 100],
      [2, 'popup_view', 'all', 3, 2, 50],
      [3, 'form_start', 'all', 2, 1, 50],
      [4, 'form_submit', 'all', 1, 1, 100],
      [5, 'email_open', 'all', 1, 1, 100],
    ]);
  });

  it('rates identified users against unique users with one decimal', async () => {
    const d = await dashboard();
    // Users: ann (visitors 1 and 9), 2, 3, 4, 5 → 5, one identified → 20 %.
    expect([d.totalUsers, d.identifiedUsers, d.conversionRate]).toEqual([5, 1, 20]);
  });

  it('lists journeys, identified first, with their events in order', async () => {
    const d = await dashboard();
    const [first] = d.userJourneys;
    expect(first).toMatchObject({ email: 'ann@example.com', sessionId: 's1', totalEvents: 4 });
    expect(first!.events.map((e) => e.event)).toEqual(['page_view', 'popup_view', 'form_start', 'form_submit']);
    expect(Date.parse(first!.lastSeen) - Date.parse(first!.firstSeen)).toBe(3 * 60_000);
    expect(d.userJourneys.map((j) => j.sessionId)).toEqual(['s1', 's1-earlier', 's5', 's4', 's3', 's2']);
    expect(d.userJourneys[1]).toMatchObject({ email: 'ann@example.com', totalEvents: 1, events: [{ event: 'page_view', path: '/' }] });
    expect(d.userJourneys[2]).not.toHaveProperty('email');
  });

  it('groups traffic by source with sessions and events', async () => {
    const d = await dashboard();
    expect(d.trafficSources).toEqual(
      expect.arrayContaining([
        { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'nov', referrer: '', sessions: 1, events: 4 },
        { utmSource: '', utmMedium: '', utmCampaign: '', referrer: 'google.com', sessions: 1, events: 2 },
      ]),
    );
    expect(d.eventDetails).toEqual(expect.arrayContaining([{ event: 'page_view', source: 'direct', count: 4, uniqueUsers: 3 }]));
  });

  it('reads the 7 days whole, starting and storing no closed-days run', async () => {
    const work: Promise<unknown>[] = [];
    await retargetingDashboard(ch, 7, now, { background: (w) => work.push(w) });
    expect(work).toHaveLength(0);
    const [stored] = await ch.query<{ n: string }>('SELECT count() AS n FROM closed_days_runs WHERE days = 7');
    expect(Number(stored!.n)).toBe(0);
  });

  it('answers from the closed days stored once a day as from the whole period, until a late event outdates them', async () => {
    await Promise.all(started);
    await ch.command('TRUNCATE TABLE closed_days_runs');
    const work: Promise<unknown>[] = [];
    const read = () => retargetingDashboard(ch, 30, now, { background: (w) => work.push(w) });
    // No run today: the whole period, and the runs are computed after the answer.
    const whole = await read();
    expect(work).toHaveLength(1);
    await Promise.all(work);
    // Two runs of each kind: through the day before yesterday, and through yesterday.
    const runs = await ch.query<{ kind: string }>('SELECT kind FROM closed_days_runs WHERE days = 30 ORDER BY kind');
    expect(runs.map((r) => r.kind)).toEqual(['funnel', 'sources', 'traffic', 'users'].flatMap((kind) => [kind, kind]));
    expect(await read()).toEqual(whole);
    expect(work).toHaveLength(1);
    // The stored rows are what a request reads: a row added to the run shows.
    await ch.command(`INSERT INTO sources_closed (as_of, days, run, name, source, events, visitors)
      SELECT as_of, days, run, 'marker', 'stored', 5, arrayReduce('uniqCombinedState(12)', [toUInt64(1)])
      FROM closed_days_runs WHERE kind = 'sources' AND days = 30`);
    expect((await read()).eventDetails).toContainEqual({ event: 'marker', source: 'stored', count: 5, uniqueUsers: 1 });
    // A sketch may estimate a few more users than there were events (385 events, 386 users): never shown.
    await ch.command(`INSERT INTO sources_closed (as_of, days, run, name, source, events, visitors)
      SELECT as_of, days, run, 'over', 'sketch', 2, arrayReduce('uniqCombinedState(12)', [toUInt64(1), toUInt64(2), toUInt64(3)])
      FROM closed_days_runs WHERE kind = 'sources' AND days = 30`);
    expect((await read()).eventDetails).toContainEqual({ event: 'over', source: 'sketch', count: 2, uniqueUsers: 2 });
    // An event reaches a closed day late: the whole period again (no marker), then a new run.
    await ch.insert('events', eventRows([{ name: 'page_view', visitor: 10, minutesAgo: 4 * 24 * 60, referrerDomain: 'bing.com' }], now));
    const late = await read();
    expect(late.eventDetails).toContainEqual({ event: 'page_view', source: 'bing.com', count: 1, uniqueUsers: 1 });
    expect(late.eventDetails.map((d) => d.event)).not.toContain('marker');
    expect(late.totalUsers).toBe(whole.totalUsers + 1);
    expect(work).toHaveLength(2);
    await Promise.all(work);
    expect(await read()).toEqual(late);
    expect(work).toHaveLength(2);
  });

  it('reads the run through the day before yesterday while an event for yesterday outdates the one through yesterday', async () => {
    const snapshots = retargetingSnapshots(ch.engine);
    await computeClosedDays(ch, snapshots, 30);
    const work: Promise<unknown>[] = [];
    const read = () => retargetingDashboard(ch, 30, now, { background: (w) => work.push(w) });
    const markers = async () => (await read()).eventDetails.filter((d) => d.source === 'stored').map((d) => d.event);
    // A marker row in each current run of the sources, named after the days the run covers.
    const [status] = (await ch.query<Status>(snapshots.status(30))) as [Status];
    for (const [marker, fingerprint] of [
      ['day-before-yesterday', status.closedFingerprint],
      ['yesterday', status.yesterdayFingerprint],
    ])
      await ch.command(`INSERT INTO sources_closed (as_of, days, run, name, source, events, visitors)
        SELECT as_of, days, run, '${marker}', 'stored', 1, arrayReduce('uniqCombinedState(12)', [toUInt64(1)])
        FROM closed_days_runs WHERE kind = 'sources' AND days = 30 AND fingerprint = ${fingerprint}`);
    expect(await markers()).toEqual(['yesterday']);
    expect(work).toHaveLength(0);
    // Yesterday at noon, received now (the collector keeps a timestamp up to a day old).
    const yesterday = Math.floor((now % 86_400_000) / 60_000) + 12 * 60;
    const lateForYesterday = (visitor: number) =>
      ch.insert('events', eventRows([{ name: 'page_view', visitor, minutesAgo: yesterday, referrerDomain: 'yahoo.com' }], now));
    await lateForYesterday(11);
    const before = await read();
    expect(before.eventDetails.filter((d) => d.source === 'stored').map((d) => d.event)).toEqual(['day-before-yesterday']);
    expect(before.eventDetails).toContainEqual({ event: 'page_view', source: 'yahoo.com', count: 1, uniqueUsers: 1 });
    // The request starts a new run through yesterday (the old one's marker is gone with it).
    expect(work).toHaveLength(1);
    await Promise.all(work);
    expect(await markers()).toEqual([]);
    // Another, within ten minutes: the run through the day before again, starting nothing, and no new run until the worker's.
    await lateForYesterday(12);
    expect(await markers()).toEqual(['day-before-yesterday']);
    expect(work).toHaveLength(1);
    const after = await read();
    expect(after.eventDetails.filter((d) => d.source === 'stored').map((d) => d.event)).toEqual(['day-before-yesterday']);
    expect(after.eventDetails).toContainEqual({ event: 'page_view', source: 'yahoo.com', count: 2, uniqueUsers: 2 });
    expect(work).toHaveLength(1);
    await computeClosedDays(ch, snapshots, 30);
    expect(await markers()).toEqual([]);
  });

  it('turns windowFunnel levels into users per step', () => {
    expect(
      funnelReach([
        { level: 0, users: 3 },
        { level: 1, users: 2 },
        { level: 3, users: 1 },
        { level: 5, users: 4 },
      ]),
    ).toEqual([7, 5, 5, 4, 4]);
  });
});

describe('retargeting journeys on a busy day', () => {
  let busy: Awaited<ReturnType<typeof createTestClickHouse>>;
  // 60 identified sessions in the last hour (the even visitors submit now, the odd ones gave their
  // e-mail three days ago), more anonymous sessions than the first pick looks at, and an
  // identified session earlier today that ranks below the latest.
  const identified = Array.from({ length: 60 }, (_, i) => 100 + i);
  beforeAll(async () => {
    busy = await createTestClickHouseWithEvents(
      eventRows(
        [
          ...identified.flatMap((visitor, i) => [
            { name: 'page_view', visitor, minutesAgo: 1 + i },
            visitor % 2
              ? { name: 'form_submit', visitor, minutesAgo: 3 * 24 * 60, session: `old${visitor}`, email: `v${visitor}@example.com` }
              : { name: 'form_submit', visitor, minutesAgo: 1 + i, email: `v${visitor}@example.com` },
          ]),
          ...Array.from({ length: RECENT_SESSIONS + 500 }, (_, i) => ({
            name: 'page_view',
            visitor: 10_000 + i,
            minutesAgo: 30 + i / 3,
          })),
          { name: 'form_submit', visitor: 99, minutesAgo: 20 * 60, email: 'early@example.com' },
        ],
        now,
      ),
    );
  });
  afterAll(() => busy.drop());

  it('picks the latest identified sessions from the latest sessions, as from the whole day', async () => {
    const { PICK_SESSIONS_SQL } = retargetingSql(busy.engine);
    const known = <T extends { known: number }>(picks: T[]) => picks.filter((p) => Number(p.known));
    // The first pick is enough here (JOURNEY_LIMIT identified sessions), and it is the whole day's answer.
    const recent = await busy.query<{ sessionId: string; known: number }>(PICK_SESSIONS_SQL.get('recent')!.get(7)!);
    expect(known(recent)).toHaveLength(JOURNEY_LIMIT);
    expect(recent).toEqual(await busy.query(PICK_SESSIONS_SQL.get('lastDay')!.get(7)!));
    const work: Promise<unknown>[] = [];
    const d = await retargetingDashboard(busy, 30, now, { background: (w) => work.push(w) });
    expect(d.userJourneys.map((j) => j.sessionId)).toEqual(identified.slice(0, JOURNEY_LIMIT).map((v) => `s${v}`));
    expect(d.userJourneys.map((j) => j.email)).toEqual(identified.slice(0, JOURNEY_LIMIT).map((v) => `v${v}@example.com`));
    // The odd visitors gave their e-mail on a closed day: the same pick once the runs are stored.
    await Promise.all(work);
    expect(work).toHaveLength(1);
    expect(await retargetingDashboard(busy, 30, now)).toEqual(d);
  });
});
