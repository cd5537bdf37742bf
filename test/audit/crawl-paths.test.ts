// The advanced audit's crawl on loopback sites: internal links that redirect in chains or
// loops, sitemap entries that do not answer 200, unsized images and inlined pictures are
// found and reported with their evidence; a clean site of the same shape raises none of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseSite } from '@curb/audit';
import { page, startSite, type TestSite } from './sites.ts';

const NEW_CHECKS = [
  'crawl.internal-redirect-loop',
  'crawl.internal-redirect-chain',
  'crawl.sitemap-not-200',
  'images.dimensions-missing',
  'links.too-many',
  'perf.inline-data-uri',
];

const head = (title: string) =>
  `<title>${title} | Porter Realty</title><meta name="description" content="${title} from Porter Realty, Arlington VA homes.">`;
const nav = (links: string[]) => `<nav>${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}</nav>`;
const sitemap = (origin: string, paths: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
  `${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`;

function redirect(to: string) {
  return { status: 301, headers: { location: to } };
}

const analyse = (site: TestSite) =>
  analyseSite(site.url, {
    allowPrivateNetworks: true,
    lab: 'none',
    maxPages: 10,
    fetch: { crawlBudgetMs: 8000, linkCheckLimit: 20, sitemapCheckLimit: 50, concurrency: 4 },
  });

describe('crawl paths, sizes and their evidence', () => {
  let broken: TestSite;
  let clean: TestSite;

  beforeAll(async () => {
    broken = await startSite({
      '/': page(
        head('Home'),
        `${nav(['/listings', '/old-listings', '/loop-a', '/sold'])}<h1>Porter Realty</h1><img src="/a.jpg" alt="Front porch">` +
          `<img src="/b.jpg" alt="Kitchen">`,
      ),
      '/listings': page(
        head('Listings'),
        `${nav(['/'])}<h1>Listings</h1>${Array.from({ length: 120 }, (_, i) => `<a href="/listings/${i}">Home ${i}</a>`).join(' ')}`,
      ),
      // Three hops to the listings page, and a loop that never ends.
      '/old-listings': redirect('/old-listings-2'),
      '/old-listings-2': redirect('/old-listings-3'),
      '/old-listings-3': redirect('/listings'),
      '/loop-a': redirect('/loop-b'),
      '/loop-b': redirect('/loop-a'),
      '/sold': page(
        head('Sold'),
        `${nav(['/'])}<h1>Sold</h1><img alt="Sold sign" width="800" height="600" src="data:image/jpeg;base64,${'A'.repeat(200_000)}">`,
      ),
      '/robots.txt': 'User-agent: *\nAllow: /\n',
      '/sitemap.xml': (_req, res, site) => {
        res.writeHead(200, { 'content-type': 'application/xml' }).end(sitemap(site.origin, ['/', '/listings', '/old-listings', '/gone']));
      },
    });
    clean = await startSite({
      '/': page(
        head('Home'),
        `${nav(['/listings', '/sold'])}<h1>Porter Realty</h1><img src="/a.jpg" alt="Front porch" width="800" height="600">`,
      ),
      '/listings': page(
        head('Listings'),
        `${nav(['/'])}<h1>Listings</h1>${Array.from({ length: 24 }, (_, i) => `<a href="/listings/${i}">Home ${i}</a>`).join(' ')}`,
      ),
      '/sold': page(
        head('Sold'),
        `${nav(['/'])}<h1>Sold</h1><img alt="Sold sign" src="/sold.jpg" style="aspect-ratio: 4 / 3; width: 100%">`,
      ),
      '/robots.txt': 'User-agent: *\nAllow: /\n',
      '/sitemap.xml': (_req, res, site) => {
        res.writeHead(200, { 'content-type': 'application/xml' }).end(sitemap(site.origin, ['/', '/listings', '/sold']));
      },
    });
  });
  afterAll(async () => {
    await broken?.close();
    await clean?.close();
  });

  it('finds each defect and says where and how much', async () => {
    const { run } = await analyse(broken);
    const finding = (id: string) => run.findings.find((f) => f.id === id);
    for (const id of NEW_CHECKS) expect(finding(id), id).toBeDefined();
    expect(finding('crawl.internal-redirect-loop')!.urls).toEqual([`${broken.origin}/loop-a`]);
    expect(finding('crawl.internal-redirect-chain')!.detail).toContain(
      `${broken.origin}/old-listings (linked from ${broken.url}), takes 3 to reach ${broken.origin}/listings`,
    );
    const sitemapEntries = finding('crawl.sitemap-not-200')!;
    expect(sitemapEntries.detail).toContain(`${broken.origin}/old-listings (HTTP 301)`);
    expect(sitemapEntries.detail).toContain(`${broken.origin}/gone (HTTP 404)`);
    expect(sitemapEntries.urls).toEqual([`${broken.origin}/old-listings`, `${broken.origin}/gone`]);
    expect(finding('images.dimensions-missing')!.detail).toMatch(
      /^2 images have no width and height|^2 images on 1 page have no width and height; the most \(2\) on/,
    );
    expect(finding('links.too-many')!.detail).toContain('links (more than 100)');
    expect(finding('perf.inline-data-uri')!.detail).toMatch(/the largest is a 14[67] KB image\/jpeg/);
  });

  it('raises none of them on a clean site of the same shape', async () => {
    const { run } = await analyse(clean);
    expect(run.findings.filter((f) => NEW_CHECKS.includes(f.id)).map((f) => `${f.id}: ${f.detail}`)).toEqual([]);
  });
});
