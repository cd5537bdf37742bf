// `pnpm demo`'s traffic, sent to the real collector and read back from ClickHouse, looks the
// way the tracker's does: every event of a session carries the session's referrer, campaign
// and screen size, so a goal or a lead counts under the channel that brought the visit.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDemoActivity } from '../../scripts/demo/activity.ts';
import { startCollector, type TestCollector } from '../ingest/collector.ts';

describe('the demo’s beacons', () => {
  let c: TestCollector;
  let url: string;

  beforeAll(async () => {
    c = await startCollector();
    await c.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await c?.close();
  });

  it('carry the session’s source and screen on every event, goals and leads included', async () => {
    const demo = await sendDemoActivity(url, { visitors: 60, leads: 0, seed: 7 });
    await demo.sites.close();
    const metrics = await c.drained();
    expect(metrics.accepted).toBe(demo.events);

    // A session's events agree on where it came from: one referrer and one campaign source each.
    const [mixed] = await c.stores.ch.query<{ n: string }>(
      'SELECT count() AS n FROM (SELECT session_id FROM events GROUP BY session_id ' +
        'HAVING uniqExact(referrer) > 1 OR uniqExact(utm_source) > 1 OR uniqExact(device) > 1)',
    );
    expect(Number(mixed!.n)).toBe(0);
    // Events after the first page view carry a source too, and phones are told from desktops.
    const [later] = await c.stores.ch.query<{ n: string }>(
      "SELECT count() AS n FROM events WHERE name != 'page_view' AND (referrer != '' OR utm_source != '')",
    );
    expect(Number(later!.n)).toBeGreaterThan(0);
    const devices = await c.stores.ch.query<{ device: string }>('SELECT DISTINCT device FROM events ORDER BY device');
    expect(devices.map((d) => d.device).filter(Boolean).length).toBeGreaterThanOrEqual(2);
  });
});
