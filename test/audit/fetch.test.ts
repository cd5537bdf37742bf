// The guarded fetcher and the site snapshot against real servers on loopback.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, GuardedFetcher } from '@curb/audit/net/guarded-fetch';
import { isPublicAddress } from '@curb/audit/net/address-policy';
import { fetchSite, NotAWebPageError } from '@curb/audit/snapshot';
import { hostile, page, startSite, type TestSite } from './sites.ts';

const open = { allowPrivateNetworks: true, timeoutMs: 1500 };

describe('address policy', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.0.0.8', false],
    ['172.16.3.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['100.100.100.200', false],
    ['224.0.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd00:ec2::254', false],
    ['::ffff:127.0.0.1', false],
    ['64:ff9b::a00:1', false],
    ['2002:a00:1::1', false],
    ['::7f00:1', false],
    ['::127.0.0.1', false],
    ['::a00:1', false],
    ['::808:808', false],
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
  ])('%s public=%s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('guarded fetch', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite({
      '/': page('<title>Home</title>', '<p>Hello</p>'),
      '/gz': { headers: { 'content-encoding': 'gzip', 'content-type': 'text/html' }, body: gzipSync('<p>zipped</p>') },
      '/bomb': {
        headers: { 'content-encoding': 'gzip', 'content-type': 'text/html' },
        body: gzipSync(Buffer.alloc(20 * 1024 * 1024, 'a')),
      },
      '/hang': hostile.hang(),
      '/big': hostile.stream(50),
      '/loop-a': hostile.redirectTo('/loop-b'),
      '/loop-b': hostile.redirectTo('/loop-a'),
      '/r1': hostile.redirectTo('/r2'),
      '/r2': hostile.redirectTo('/r3'),
      '/r3': hostile.redirectTo('/r4'),
      '/r4': hostile.redirectTo('/r5'),
      '/r5': hostile.redirectTo('/r6'),
      '/r6': hostile.redirectTo('/r7'),
      '/r7': hostile.redirectTo('/'),
      '/ok-chain': hostile.redirectTo('/r5', 301),
      '/to-other-loopback': (_req, res, s) => res.writeHead(302, { location: `http://127.0.0.2:${s.port}/` }).end(),
      '/ftp': hostile.redirectTo('ftp://example.com/file'),
      '/bin': hostile.binary(),
    });
  });
  afterAll(() => site.close());

  it('refuses loopback, private and metadata addresses unless allowed', async () => {
    const f = new GuardedFetcher({ timeoutMs: 1500 });
    await expect(f.fetch(site.url)).rejects.toMatchObject({ code: 'blocked-address' });
    await expect(f.fetch(`http://localhost:${site.port}/`)).rejects.toMatchObject({ code: 'blocked-address' });
    await expect(f.fetch('http://169.254.169.254/latest/meta-data/')).rejects.toMatchObject({ code: 'blocked-address' });
    await expect(f.fetch('http://[::ffff:127.0.0.1]/')).rejects.toMatchObject({ code: 'blocked-address' });
    await expect(f.fetch('http://[::127.0.0.1]/')).rejects.toMatchObject({ code: 'blocked-address' });
    await expect(f.fetch('http://2130706433/')).rejects.toMatchObject({ code: 'blocked-address' });
    await f.close();
  });

  it('re-checks the address on every redirect', async () => {
    const f = new GuardedFetcher({ timeoutMs: 1500, isAllowedAddress: (a) => a === '127.0.0.1' });
    await expect(f.fetch(`${site.origin}/to-other-loopback`)).rejects.toMatchObject({ code: 'blocked-address' });
    await f.close();
  });

  it('refuses other schemes and credentials', async () => {
    const f = new GuardedFetcher(open);
    await expect(f.fetch('file:///etc/passwd')).rejects.toMatchObject({ code: 'invalid-url' });
    await expect(f.fetch(`http://user:pw@127.0.0.1:${site.port}/`)).rejects.toMatchObject({ code: 'invalid-url' });
    await expect(f.fetch(`${site.origin}/ftp`)).rejects.toMatchObject({ code: 'invalid-url' });
    await f.close();
  });

  it('follows up to 5 redirects and records the chain', async () => {
    const f = new GuardedFetcher(open);
    const res = await f.fetch(`${site.origin}/ok-chain`);
    expect(res.status).toBe(200);
    expect(res.chain.map((h) => h.status)).toEqual([301, 302, 302, 302]);
    await expect(f.fetch(`${site.origin}/r1`)).rejects.toMatchObject({ code: 'too-many-redirects' });
    await expect(f.fetch(`${site.origin}/loop-a`)).rejects.toMatchObject({ code: 'redirect-loop' });
    await f.close();
  });

  it('times out a server that never answers', async () => {
    const f = new GuardedFetcher(open);
    const started = Date.now();
    const err = await f.fetch(`${site.origin}/hang`).catch((e: FetchError) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
    await f.close();
  });

  it('caps a 50 MB stream at the byte limit', async () => {
    const f = new GuardedFetcher({ ...open, timeoutMs: 5000 });
    const res = await f.fetch(`${site.origin}/big`);
    expect(res.truncated).toBe(true);
    expect(res.body!.length).toBe(5 * 1024 * 1024);
    await f.close();
  });

  it('decompresses gzip within the cap (a gzip bomb stops at the cap)', async () => {
    const f = new GuardedFetcher({ ...open, maxBytes: 1024 * 1024 });
    expect((await f.fetch(`${site.origin}/gz`)).body!.toString()).toBe('<p>zipped</p>');
    const bomb = await f.fetch(`${site.origin}/bomb`);
    expect(bomb.body!.length).toBeLessThanOrEqual(1024 * 1024);
    expect(bomb.truncated).toBe(true);
    await f.close();
  });

  it('accepts a fractional deadline (crawl deadlines are computed)', async () => {
    const f = new GuardedFetcher(open);
    expect((await f.fetch(site.url, { timeoutMs: 1234.56 })).status).toBe(200);
    await f.close();
  });

  it('does not download a body of a refused content type', async () => {
    const f = new GuardedFetcher(open);
    const res = await f.fetch(`${site.origin}/bin`, { accept: ['text/html'] });
    expect(res.refusedContentType).toBe(true);
    expect(res.body).toBeNull();
    await f.close();
  });
});

describe('site snapshot', () => {
  let site: TestSite;
  beforeAll(async () => {
    const links = Array.from({ length: 10_000 }, (_, i) => `<a href="/p${i}">Listing ${i}</a>`).join('');
    site = await startSite({
      '/': page(
        '<title>Home</title><link rel="stylesheet" href="/a.css">',
        '<a href="/about">About</a><a href="/gone">Old</a><img src="/i.jpg" alt="x">',
      ),
      '/about': page('<title>About</title>', '<a href="/">Home</a><a href="/team">Team</a>'),
      '/team': page('<title>Team</title>', '<p>Team</p>'),
      '/a.css': { headers: { 'content-type': 'text/css' }, body: 'body{}' },
      '/i.jpg': { headers: { 'content-type': 'image/jpeg' }, body: Buffer.alloc(1000) },
      '/robots.txt': 'User-agent: *\nAllow: /\nSitemap: /sitemap.xml',
      '/sitemap.xml': '<urlset><url><loc>http://x/</loc></url></urlset>',
      '/links': page('<title>Many links</title>', links),
      '/bin': hostile.binary(),
      '/png-as-html': hostile.binaryAsHtml(),
      '/broken': { body: '<html><head><title>Broken<body><div><p>Unclosed <b>tags<table><tr><td>cell</div></span></html></html>' },
      '/error': { status: 500, body: '<h1>Internal error</h1>' },
      '/plain-error': { status: 503, headers: { 'content-type': 'text/plain' }, body: 'down' },
    });
  });
  afterAll(() => site.close());

  it('fetches the page, robots.txt, the sitemap, resources and link statuses', async () => {
    const snap = await fetchSite(site.url, { policy: open, maxPages: 1 });
    expect(snap.home.status).toBe(200);
    expect(snap.robots.status).toBe(200);
    expect(snap.sitemap.source).toBe('robots.txt');
    expect(snap.sitemap.urls).toEqual(['http://x/']);
    expect(snap.llmsTxt.status).toBe(404);
    expect(snap.resources.map((r) => r.kind).sort()).toEqual(['image', 'stylesheet']);
    expect(snap.links.find((l) => l.url.endsWith('/gone'))?.status).toBe(404);
    expect(snap.httpVariant).toBeNull();
  });

  it('crawls internal pages breadth-first up to the limit', async () => {
    const snap = await fetchSite(site.url, { policy: open, maxPages: 3 });
    expect(snap.pages.map((p) => new URL(p.url).pathname)).toEqual(['/', '/about', '/team']);
    expect(snap.pages.map((p) => p.depth)).toEqual([0, 1, 2]);
  });

  it('handles a page with 10,000 links with a bounded number of requests', async () => {
    const snap = await fetchSite(`${site.origin}/links`, { policy: open, maxPages: 5, linkCheckLimit: 10 });
    expect(snap.pages.length).toBe(1);
    expect(snap.links.filter((l) => l.status === 404).length).toBeGreaterThan(0);
    // 5 pages allowed: at most 10 crawl attempts plus 10 link checks.
    expect([...site.hits.keys()].filter((k) => /^\/p\d+$/.test(k)).length).toBeLessThanOrEqual(20);
  });

  it('gives a clear error for a binary file', async () => {
    await expect(fetchSite(`${site.origin}/bin`, { policy: open })).rejects.toThrow(/application\/octet-stream file, not a web page/);
    await expect(fetchSite(`${site.origin}/png-as-html`, { policy: open })).rejects.toBeInstanceOf(NotAWebPageError);
  });

  it('keeps broken HTML and error statuses as pages to audit', async () => {
    const broken = await fetchSite(`${site.origin}/broken`, { policy: open });
    expect(broken.home.html).toContain('Unclosed');
    expect((await fetchSite(`${site.origin}/error`, { policy: open })).home.status).toBe(500);
    expect((await fetchSite(`${site.origin}/plain-error`, { policy: open })).home).toMatchObject({ status: 503, html: '' });
  });

  it('refuses an unusable address', async () => {
    await expect(fetchSite('not a url')).rejects.toMatchObject({ code: 'invalid-url' });
  });
});
