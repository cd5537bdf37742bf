import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClickHouse } from '../../../test/harness.ts';
import { migrateClickHouse } from './migrate.ts';
import { applyEventRetention, retentionDays } from './retention.ts';

let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
beforeAll(async () => {
  ch = await createTestClickHouse();
  await migrateClickHouse(ch);
});
afterAll(() => ch.drop());

const ttlOf = async (name: string) =>
  (
    await ch.query<{ q: string }>(
      'SELECT create_table_query AS q FROM system.tables WHERE database = currentDatabase() AND name = {name:String}',
      { name },
    )
  )[0]!.q;

describe('event retention', () => {
  it('reads the setting, falling back to 730 days', () => {
    expect(retentionDays('90')).toBe(90);
    expect([
      retentionDays(undefined),
      retentionDays(''),
      retentionDays('7'),
      retentionDays('9999'),
      retentionDays('1e3'),
      retentionDays('90; DROP'),
    ]).toEqual([730, 730, 730, 730, 730, 730]);
  });

  it('sets the TTL of the events and their rollups, once', async () => {
    expect((await applyEventRetention(ch, 90)).sort()).toEqual([
      'ab_units',
      'events',
      'events_daily',
      'events_hourly',
      'funnel_steps',
      'identities',
      'journey_events',
      'page_submitters',
      'page_visitors',
      'sessions',
      'sources_daily',
      'traffic_daily',
      'visit_hours',
      'visitor_consultations',
      'visits',
    ]);
    expect(await ttlOf('events')).toMatch(/TTL toDateTime\(ts\) \+ toIntervalDay\(90\)/);
    expect(await ttlOf('sessions')).toMatch(/TTL date \+ toIntervalDay\(90\)/);
    expect(await ttlOf('visits')).toMatch(/TTL toDateTime\(start\) \+ toIntervalDay\(90\)/);
    expect(await ttlOf('visit_hours')).toMatch(/TTL hour \+ toIntervalDay\(90\)/);
    expect(await applyEventRetention(ch, 90)).toEqual([]);
  });

  it('refuses a value outside 30 to 3650 days', async () => {
    await expect(applyEventRetention(ch, 5)).rejects.toThrow(RangeError);
    await expect(applyEventRetention(ch, 1.5)).rejects.toThrow(RangeError);
  });
});
