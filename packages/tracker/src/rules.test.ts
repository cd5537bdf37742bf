import { describe, expect, it } from 'vitest';
import { assignVariant, campaign, externalReferrer, hash, highIntentByPages, isMarketingFocused, scrollPercent, uuid } from './rules.ts';

describe('tracker rules', () => {
  it('assigns a sticky variant by a deterministic hash, spread evenly', () => {
    expect(hash('a')).toBe(0xe40c292c); // FNV-1a reference value
    expect(assignVariant('visitor-1', 'popup', ['A', 'B'])).toBe(assignVariant('visitor-1', 'popup', ['A', 'B']));
    const counts = { A: 0, B: 0 };
    for (let i = 0; i < 10_000; i++) counts[assignVariant(`v${i}`, 'popup', ['A', 'B']) as 'A' | 'B']++;
    expect(Math.abs(counts.A - counts.B)).toBeLessThan(400);
  });

  it('reads UTM parameters and keeps only external referrers', () => {
    expect(campaign('?utm_source=newsletter&utm_medium=email&x=1')).toEqual({ source: 'newsletter', medium: 'email' });
    expect(campaign('?x=1')).toBeUndefined();
    expect(externalReferrer('https://www.google.com/', 'curb.example')).toBe('https://www.google.com/');
    expect(externalReferrer('https://curb.example/services', 'curb.example')).toBeUndefined();
    expect(externalReferrer('', 'curb.example')).toBeUndefined();
  });

  it('applies the spec intent and focus rules', () => {
    expect(highIntentByPages(['/', '/blog', '/services'])).toBe(true);
    expect(highIntentByPages(['/', '/blog', '/audit-report/x'])).toBe(true);
    expect(highIntentByPages(['/', '/blog', '/experience'])).toBe(false);
    expect(highIntentByPages(['/', '/services'])).toBe(false);
    expect(['/services', '/marketing-audit/', '/real-estate-marketing-report'].every(isMarketingFocused)).toBe(true);
    expect(isMarketingFocused('/blog')).toBe(false);
    expect(scrollPercent(700, 800, 2000)).toBe(75);
  });

  it('makes version-4 UUIDs', () => {
    expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
