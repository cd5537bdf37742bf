// Every dashboard under the server profile, run on chDB: the SQL a ClickHouse server gets
// differs from chDB's (engine.ts: settings, IN vs GLOBAL IN, no in-process dictionaries), and
// no server runs here. Same events in two databases, one read with each profile, including
// the closed-days runs the worker computes: the answers must be the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIOD_DAYS } from '@curb/contracts/analytics';
import type { ClickHouse } from '@curb/analytics';
import { abTestingDashboard } from '@curb/analytics/dashboards/ab-testing';
import { computeDashboardClosedDays } from '@curb/analytics/dashboards/catalog';
import { retargetingDashboard } from '@curb/analytics/dashboards/retargeting';
import { seoTraffic } from '@curb/analytics/dashboards/seo';
import { eventRows, type TestEvent } from '../events.ts';
import { SERVER } from '@curb/analytics/engine';
import { createTestClickHouseWithEvents } from '../harness.ts';

const DAY_MINUTES = 24 * 60;

/** Ninety days of a small site: visits, popups, form submits, A/B exposures, an e-mail open. */
function traffic(): TestEvent[] {
  return Array.from({ length: 90 }, (_, day) => day).flatMap((day) => {
    const visitor = 1000 + day;
    const at = { minutesAgo: day * DAY_MINUTES + 30, session: `s-${day}` };
    const variant = day % 2 ? 'B' : 'A';
    return [
      { name: 'page_view', visitor, path: '/services', utmSource: day % 3 ? 'google' : '', ...at },
      { name: 'page_view', visitor: visitor + 500, referrerDomain: 'example.org', ...at, session: `t-${day}` },
      { name: 'popup_view', visitor, ...at },
      { name: 'form_start', visitor, ...at },
      ...(day % 4 === 0 ? [{ name: 'form_submit', visitor, email: `v${visitor}@example.com`, ...at }] : []),
      { name: 'ab_impression', visitor, testType: 'popup', variant, abUnit: `s:s-${day}`, ...at },
      ...(day % 5 === 0 ? [{ name: 'ab_conversion', visitor, testType: 'popup', variant, abUnit: `s:s-${day}`, ...at }] : []),
      ...(day % 7 === 0 ? [{ name: 'email_open', visitor: visitor + 900, email: `v${visitor}@example.com`, ...at, session: '' }] : []),
    ];
  });
}

/** Every dashboard's answer for every period, as the API would send it. */
async function answers(ch: ClickHouse, now: number): Promise<unknown[]> {
  const out: unknown[] = [await seoTraffic(ch)];
  for (const days of PERIOD_DAYS) out.push(await abTestingDashboard(ch, days, now), await retargetingDashboard(ch, days, now));
  return out;
}

describe('dashboards under the server profile, on chDB', () => {
  const now = Date.now();
  let chdb: Awaited<ReturnType<typeof createTestClickHouseWithEvents>>;
  let server: Awaited<ReturnType<typeof createTestClickHouseWithEvents>>;
  let asServer: ClickHouse;

  beforeAll(async () => {
    const rows = eventRows(traffic(), now);
    chdb = await createTestClickHouseWithEvents(rows);
    server = await createTestClickHouseWithEvents(rows);
    asServer = Object.assign(Object.create(server) as ClickHouse, { engine: SERVER });
  }, 60_000);
  afterAll(async () => {
    await chdb?.drop();
    await server?.drop();
  });

  it('answer as the chDB profile does, before and after the closed-days runs', async () => {
    const before = await answers(chdb, now);
    // Figures, not empty answers: both dashboards saw the visitors and the A/B test.
    const text = JSON.stringify(before);
    expect(text).toMatch(/"totalUsers":[1-9]/);
    expect(text).toMatch(/"testType":"popup"/);
    expect(await answers(asServer, now)).toEqual(before);
    await computeDashboardClosedDays(chdb);
    await computeDashboardClosedDays(asServer);
    const after = await answers(chdb, now);
    expect(after).toEqual(before);
    expect(await answers(asServer, now)).toEqual(after);
  }, 120_000);
});
