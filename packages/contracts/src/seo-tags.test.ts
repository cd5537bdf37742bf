import { describe, expect, it } from 'vitest';
import { brandedTitle, seoHeadTags, type SiteDefaults } from './seo-tags.ts';

const defaults: SiteDefaults = { brand: 'Morgan Ellis', description: 'The default description.', ogImage: '/media/og-image.png' };

describe('brandedTitle', () => {
  it('puts the site title in place of the brand', () => {
    expect(brandedTitle('Services | Morgan Ellis', { site_title: 'Porter Realty' }, defaults)).toBe('Services | Porter Realty');
    expect(brandedTitle('Services | Morgan Ellis', {}, defaults)).toBe('Services | Morgan Ellis');
  });

  it('is idempotent when the site title contains the brand, so re-applying it never grows the title', () => {
    const s = { site_title: 'Morgan Ellis Marketing' };
    const once = brandedTitle('Services | Morgan Ellis', s, defaults);
    expect(once).toBe('Services | Morgan Ellis Marketing');
    expect(brandedTitle(once, s, defaults)).toBe(once);
    expect(brandedTitle(brandedTitle(once, s, defaults), s, defaults)).toBe(once);
    // Both kinds in one title: the bare brand is replaced, the site title kept.
    expect(brandedTitle('Morgan Ellis Marketing and Morgan Ellis', s, defaults)).toBe('Morgan Ellis Marketing and Morgan Ellis Marketing');
    expect(brandedTitle('Home | Morgan Ellis', { site_title: 'Morgan Ellis' }, defaults)).toBe('Home | Morgan Ellis');
  });
});

describe('seoHeadTags', () => {
  const image = (s: Parameters<typeof seoHeadTags>[0]) =>
    seoHeadTags(s, '/services', 'http://localhost:3000', defaults).find((t) => t.key === 'og:image')?.value;

  it('moves the default share image to the canonical address', () => {
    expect(image({ canonical_url: 'https://www.porter.example/' })).toBe('https://www.porter.example/media/og-image.png');
    expect(image({ canonical_url: 'https://www.porter.example', og_image_url: '/og.png' })).toBe('https://www.porter.example/og.png');
    expect(image({ og_image_url: 'https://cdn.example/og.png' })).toBe('https://cdn.example/og.png');
    // Nothing set: the page keeps its own.
    expect(image({})).toBeUndefined();
  });
});
