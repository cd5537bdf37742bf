import { describe, expect, it } from 'vitest';
import { parseWebsite } from '@curb/audit';
import { Semaphore } from '@curb/audit/util';
import { LookupCache } from '../../services/api/src/routes/audit/lookup-cache.ts';

describe('Semaphore', () => {
  it('gives up waiting after maxWaitMs, and otherwise waits for the slot', async () => {
    const slots = new Semaphore(1);
    let release!: () => void;
    const first = slots.run(() => new Promise<string>((r) => (release = () => r('first'))));
    expect(
      await slots.run(
        async () => 'second',
        30,
        () => 'busy',
      ),
    ).toBe('busy');
    const third = slots.run(async () => 'third');
    release();
    expect(await Promise.all([first, third])).toEqual(['first', 'third']);
    expect(slots.busy).toBe(0);
  });

  it('stops waiting when its signal aborts (an audit whose site failed no longer needs Chromium)', async () => {
    const slots = new Semaphore(1);
    let release!: () => void;
    const first = slots.run(() => new Promise<string>((r) => (release = () => r('first'))));
    const abort = new AbortController();
    const second = slots.run(
      async () => 'second',
      Infinity,
      () => 'not needed',
      abort.signal,
    );
    abort.abort();
    expect(await second).toBe('not needed');
    const third = slots.run(async () => 'third');
    release();
    expect(await Promise.all([first, third])).toEqual(['first', 'third']);
  });
});

describe('LookupCache', () => {
  it('shares in-flight work, caches successes, not failures, and evicts the oldest', async () => {
    const cache = new LookupCache<number>(2, 60_000);
    let calls = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++calls), 10));
    expect(await Promise.all([cache.get('a', slow), cache.get('a', slow)])).toEqual([1, 1]);
    expect(await cache.get('a', slow)).toBe(1);
    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', slow)).toBe(2);
    await cache.get('c', slow);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', slow)).toBe(4); // evicted, computed again
  });
});

describe('parseWebsite (the audit’s own parse, for the lookup and the advanced audit)', () => {
  it('refuses numbers the URL parser would turn into an address, keeps addresses written out', () => {
    for (const value of ['1.5', '127.1', '0x7f.1', 'http://2130706433/']) expect(parseWebsite(value), value).toBeNull();
    expect(parseWebsite('http://127.0.0.1:8080/')?.host).toBe('127.0.0.1:8080');
    expect(parseWebsite('acme-homes.com')?.href).toBe('https://acme-homes.com/');
  });
});
