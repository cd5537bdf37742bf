import { describe, expect, it } from 'vitest';
import { detectProfiles } from '@curb/audit/detect/social';
import { contextOf } from './harness.ts';

describe('social profiles found on a site', () => {
  it('keeps the web links of the good site', () => {
    expect(detectProfiles(contextOf().pages).find((p) => p.platform === 'Facebook')?.url).toBe('https://www.facebook.com/janesmithrealty');
  });

  it.each([
    'javascript://www.facebook.com/janesmithrealty',
    'data://www.facebook.com/janesmithrealty',
    'ftp://www.facebook.com/janesmithrealty',
  ])('ignores %s, which is no web link', (href) => {
    const ctx = contextOf({ replace: [[/https:\/\/www\.facebook\.com\/janesmithrealty/g, href]] });
    expect(detectProfiles(ctx.pages).find((p) => p.platform === 'Facebook')).toBeUndefined();
  });
});
