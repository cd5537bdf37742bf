import { describe, expect, it } from 'vitest';
import { previewHtml } from './markdown-preview';
import { slugify } from './slug';

const ID = '0b5e4f2a-8c1d-4e3b-9a7f-2d6c5b4a3e21';
const src = (ref: string) => (ref === `media:${ID}` ? `/media/u/${ID}/640.webp` : null);

describe("the post body's preview", () => {
  it('shows raw HTML as text and links only to safe addresses', () => {
    const html = previewHtml('<script>alert(1)</script>\n\n[x](javascript:alert(1)) [ok](https://example.com)', src);
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('<a href="https://example.com">ok</a>');
  });

  it('shows an uploaded picture from the library and only the description of any other', () => {
    const html = previewHtml(`![Living room](media:${ID})\n\n![Elsewhere](https://tracker.example/pixel.png)`, src);
    expect(html).toContain(`<img src="/media/u/${ID}/640.webp" alt="Living room">`);
    expect(html).not.toContain('tracker.example');
    expect(html).toContain('<em>Elsewhere</em>');
  });
});

describe('a post address from its title', () => {
  it('is lower-case words joined by hyphens, accents dropped', () => {
    expect(slugify('Three Staging Moves — Sold in 6 Days!')).toBe('three-staging-moves-sold-in-6-days');
    expect(slugify('Café Listings: Été 2026')).toBe('cafe-listings-ete-2026');
    expect(slugify('  --  ')).toBe('');
    expect(slugify(`${'a'.repeat(99)} bc`)).toBe('a'.repeat(99));
  });
});
