// Sitemap addresses as sitemaps.org allows them to be written.
import { describe, expect, it } from 'vitest';
import { sitemapLocs } from '@curb/audit/sitemap';

describe('sitemapLocs', () => {
  it('reads CDATA, entities, prefixed tags and padded addresses; skips empty ones', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sm:url><sm:loc>https://a.example/?x=1&amp;y=2</sm:loc></sm:url>
  <sm:url><sm:loc><![CDATA[https://a.example/cdata?q=1&r=2]]></sm:loc></sm:url>
  <sm:url><sm:loc>
     https://a.example/it&#39;s&#x2F;here
  </sm:loc></sm:url>
  <sm:url><sm:loc></sm:loc></sm:url>
</sm:urlset>`;
    expect(sitemapLocs(xml, 10)).toEqual(['https://a.example/?x=1&y=2', 'https://a.example/cdata?q=1&r=2', "https://a.example/it's/here"]);
  });

  it('reads a sitemap index and stops at the limit', () => {
    const index =
      `<sitemapindex>${Array.from({ length: 5 }, (_, i) => `<sitemap><loc>https://a.example/s${i}.xml</loc></sitemap>`).join('')}` +
      `</sitemapindex>`;
    expect(sitemapLocs(index, 3)).toEqual(['https://a.example/s0.xml', 'https://a.example/s1.xml', 'https://a.example/s2.xml']);
  });

  it('finds nothing in a page that is not a sitemap', () => {
    expect(sitemapLocs('<!doctype html><html><body><p>loc</p></body></html>', 10)).toEqual([]);
  });
});
