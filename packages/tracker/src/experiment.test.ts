// The owner's A/B split as the tracker draws it, over 2,000 simulated units: each
// unit a browser of its own (storage, consent), the split within ±3 % of the one set, and every
// unit that saw the test keeping its variant when the owner changes the split.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTracker, type TestSetting, type Tracker } from './index.ts';
import { assignVariant, pickVariant } from './rules.ts';

const UNITS = 2_000;
const TOLERANCE = 0.03;

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

interface Browser {
  session: MemoryStorage;
  local: MemoryStorage;
}

const sent: Array<{ name: string; variant?: string; props?: Record<string, string> }> = [];

/** One visit of `browser`: a tracker on a page of its own. */
function visit(browser: Browser): Tracker {
  const target = new EventTarget();
  const g = globalThis as Record<string, unknown>;
  g.window = { sessionStorage: browser.session, localStorage: browser.local };
  g.navigator = {
    sendBeacon: (_url: string, body: string) => {
      sent.push(...(JSON.parse(body) as { events: typeof sent }).events);
      return true;
    },
  };
  g.location = { search: '', host: 'curb.test', pathname: '/' };
  g.document = Object.assign(target, { referrer: '', visibilityState: 'visible', documentElement: { scrollHeight: 1000 } });
  g.addEventListener = () => {};
  g.removeEventListener = () => {};
  return createTracker();
}

const browsers = (n: number, consent: boolean): Browser[] =>
  Array.from({ length: n }, () => {
    const browser = { session: new MemoryStorage(), local: new MemoryStorage() };
    if (consent) {
      const t = visit(browser);
      t.setConsent(true);
      t.stop();
    }
    return browser;
  });

/** Shows the popup test to each browser once (a new visit each time); the variants they saw. */
function expose(list: Browser[], setting: TestSetting): string[] {
  return list.map((browser) => {
    const t = visit(browser);
    const experiment = t.experiment('audit_popup', ['A', 'B'], undefined, setting);
    experiment.impression();
    t.stop();
    return experiment.variant;
  });
}

const share = (variants: string[], v: string) => variants.filter((x) => x === v).length / variants.length;
const running = (a: number): TestSetting => ({ status: 'running', weights: { A: a, B: 100 - a } });

describe('the A/B split over 2,000 simulated units', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sent.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it.each([
    { a: 50, consent: true },
    { a: 70, consent: true },
    { a: 20, consent: false },
    { a: 90, consent: false },
  ])('draws $a percent A within 3 points (consenting visitors: $consent)', ({ a, consent }) => {
    const seen = expose(browsers(UNITS, consent), running(a));
    expect(Math.abs(share(seen, 'A') - a / 100)).toBeLessThanOrEqual(TOLERANCE);
  });

  it.each([true, false])('keeps every unit that saw the test on its variant across a change of split (consent: %s)', (consent) => {
    const units = browsers(UNITS, consent);
    const first = expose(units, running(50));
    // Without consent the unit is the session: the next view is in the same session.
    const again = expose(units, running(90));
    expect(again).toEqual(first);
    // New units draw with the new split.
    const fresh = expose(browsers(UNITS, consent), running(90));
    expect(Math.abs(share(fresh, 'A') - 0.9)).toBeLessThanOrEqual(TOLERANCE);
  });

  it('rolls a winner out to every new unit, and a paused test shows the control and counts nothing', () => {
    const units = browsers(200, true);
    const before = expose(units, running(50));
    const rolledOut: TestSetting = { status: 'rolled-out', weights: { A: 0, B: 100 } };
    expect(expose(units, rolledOut)).toEqual(before);
    expect(new Set(expose(browsers(200, true), rolledOut))).toEqual(new Set(['B']));

    sent.length = 0;
    const paused = expose(units, { status: 'paused', weights: { A: 50, B: 50 } });
    expect(new Set(paused)).toEqual(new Set(['A']));
    expect(sent.filter((e) => e.name.startsWith('ab_'))).toEqual([]);
    // Resumed, each unit is back on its own variant.
    expect(expose(units, running(50))).toEqual(before);
  });

  it('records the variant seen with the unit it was drawn for', () => {
    expose(browsers(3, true), running(50));
    const impressions = sent.filter((e) => e.name === 'ab_impression');
    expect(impressions).toHaveLength(3);
    for (const e of impressions) expect(e.props?.ab_unit).toMatch(/^v:/);
  });

  it('keeps the rule units were drawn by before splits existed for an equal split', () => {
    for (let i = 0; i < 100; i++) {
      const unit = `unit-${i}`;
      expect(assignVariant(unit, 'audit_popup', ['A', 'B'], { A: 50, B: 50 })).toBe(assignVariant(unit, 'audit_popup', ['A', 'B']));
      expect(pickVariant(unit, 'audit_popup', ['A', 'B'], 'B', running(100))).toEqual({ variant: 'B', counted: true });
    }
  });
});
