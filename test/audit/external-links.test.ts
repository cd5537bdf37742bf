// Outbound links and pagination on loopback sites: the site on 127.0.0.1 links to "other sites"
// served on localhost (another host to the audit). Dead, failing and unanswered links are
// reported broken with the page they are on; refusals are "could not verify"; redirects are
// noted; a slow outside site is cut off at the deadline and said to be not checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseSite } from '@curb/audit';
import { fetchSite } from '@curb/audit/snapshot';
import { closedPort, hostile, page, startSite, type TestSite } from './sites.ts';

const head = (title: string, extra = '') =>
  `<title>${title} | Porter Realty</title><meta name="description" content="${title} from Porter Realty, Arlington VA homes.">${extra}`;
const links = (urls: string[]) => urls.map((u, i) => `<a href="${u}">Partner ${i + 1}</a>`).join(' ');

const EXTERNAL_CHECKS = ['links.broken-external', 'links.external-unverified', 'links.redirected-external'];
const PAGINATION_CHECKS = [
  'crawl.pagination-target-error',
  'crawl.pagination-non-indexable',
  'crawl.pagination-loop',
  'crawl.pagination-sequence',
  'crawl.pagination-unlinked',
  'crawl.pagination-not-in-anchor',
];

const analyse = (site: TestSite) =>
  analyseSite(site.url, {
    allowPrivateNetworks: true,
    lab: 'none',
    maxPages: 5,
    fetch: { crawlBudgetMs: 8000, linkCheckLimit: 20, concurrency: 4 },
  });

describe('links to other sites and pagination, fetched', () => {
  const sites: TestSite[] = [];
  let partner: TestSite;
  let lender: TestSite;
  let refusedPort: number;

  beforeAll(async () => {
    partner = await startSite(
      {
        '/ok': '<h1>Partner</h1>',
        '/moved': hostile.redirectTo('/ok', 301),
        '/members': { status: 403, body: 'Forbidden' },
      },
      'localhost',
    );
    lender = await startSite(
      {
        // Servers that refuse HEAD, or answer it wrongly: the GET decides.
        '/rates': (req, res) => void res.writeHead(req.method === 'HEAD' ? 405 : 200, { 'content-type': 'text/html' }).end(),
        '/flaky': { status: 503, body: 'Unavailable' },
        // A bot firewall's challenge: not the page's answer.
        '/challenge': { status: 503, headers: { 'cf-mitigated': 'challenge' }, body: 'Just a moment…' },
        '/jane': (req, res) => void res.writeHead(req.method === 'HEAD' ? 404 : 200, { 'content-type': 'text/html' }).end(),
      },
      'localhost',
    );
    refusedPort = await closedPort('localhost');
    sites.push(partner, lender);
  });
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()));
  });

  it('reports dead outside links with their page, refusals as unverified, redirects as a notice', async () => {
    const p = partner.origin.replace('127.0.0.1', 'localhost');
    const l = lender.origin.replace('127.0.0.1', 'localhost');
    const site = await startSite({
      '/': page(head('Home'), `<nav><a href="/blog">Blog</a></nav><h1>Porter Realty</h1>${links([`${p}/ok`, `${l}/rates`])}`),
      '/blog': page(
        head('Blog', '<link rel="next" href="/blog/page/2">'),
        `<nav><a href="/">Home</a></nav><h1>Blog</h1>` +
          links([
            `${p}/gone`,
            `${p}/moved`,
            `${p}/members`,
            `${l}/flaky`,
            `${l}/challenge`,
            `${l}/jane`,
            `http://localhost:${refusedPort}/`,
            'https://nowhere.invalid/jane',
          ]),
      ),
    });
    sites.push(site);
    const { run } = await analyse(site);
    const byId = new Map(run.findings.map((f) => [f.id, f]));

    const broken = byId.get('links.broken-external');
    expect(broken?.severity).toBe('Warning');
    expect(broken?.detail).toMatch(/^4 links to other sites are broken: /);
    expect(broken?.detail).toContain(`${p}/gone (HTTP 404, on /blog)`);
    expect(broken?.detail).toContain('and 1 more');
    expect(broken?.urls).toEqual([`${site.origin}/blog`]);
    // 404, 503, a refused connection and a domain that does not exist; not the challenge's 503.
    for (const live of ['/ok', '/rates', '/jane', '/members', '/moved', '/challenge']) expect(broken?.detail).not.toContain(`${live} (`);

    expect(byId.get('links.external-unverified')).toMatchObject({
      severity: 'Notice',
      detail: expect.stringContaining(`${p}/members (HTTP 403, on /blog), ${l}/challenge (HTTP 503, on /blog)`),
    });
    expect(byId.get('links.redirected-external')).toMatchObject({
      severity: 'Notice',
      detail: expect.stringContaining(`${p}/moved (now ${p}/ok, on /blog)`),
    });

    // rel=next names a page the site does not have: asked like a canonical target.
    expect(byId.get('crawl.pagination-target-error')?.detail).toBe(
      '1 pagination link leads to no page: /blog (rel=next /blog/page/2 answers HTTP 404).',
    );
  });

  it('a site whose outside links and pagination work raises none of these', async () => {
    const p = partner.origin.replace('127.0.0.1', 'localhost');
    const l = lender.origin.replace('127.0.0.1', 'localhost');
    const site = await startSite({
      '/': page(head('Home'), `<nav><a href="/blog">Blog</a></nav><h1>Porter Realty</h1>${links([`${p}/ok`, `${l}/rates`, `${l}/jane`])}`),
      '/blog': page(
        head('Blog', '<link rel="next" href="/blog/page/2">'),
        `<nav><a href="/">Home</a></nav><h1>Blog</h1><a href="/blog/page/2">Older posts</a>`,
      ),
      '/blog/page/2': page(
        head('Blog, page 2', '<link rel="prev" href="/blog">'),
        `<nav><a href="/">Home</a></nav><h1>Older posts</h1><a href="/blog">Newer posts</a>`,
      ),
    });
    sites.push(site);
    const { run } = await analyse(site);
    const raised = run.findings.map((f) => f.id).filter((id) => [...EXTERNAL_CHECKS, ...PAGINATION_CHECKS].includes(id));
    expect(raised).toEqual([]);
    expect(run.notMeasured.map((c) => c.id)).not.toContain('links.broken-external');
    expect(run.passed).toEqual(expect.arrayContaining([...EXTERNAL_CHECKS, ...PAGINATION_CHECKS]));
  });

  it('fetches the AMP version a page names and reports that it has no canonical link', async () => {
    const amp = (canonical: string) =>
      `<!doctype html><html ⚡ lang="en"><head><meta charset="utf-8">${canonical}<title>Home</title></head>` +
      '<body><h1>Porter Realty</h1></body></html>';
    const site = await startSite({
      '/': page(head('Home', '<link rel="amphtml" href="/amp/">'), '<h1>Porter Realty</h1><a href="/about">About</a>'),
      '/amp/': amp(''),
      '/about': page(head('About', '<link rel="amphtml" href="/about/amp/">'), '<h1>About</h1><a href="/">Home</a>'),
      '/about/amp/': (_req, res, s) =>
        void res.writeHead(200, { 'content-type': 'text/html' }).end(amp(`<link rel="canonical" href="${s.url}about">`)),
    });
    sites.push(site);
    const { run } = await analyse(site);
    expect(run.findings.find((f) => f.id === 'crawl.amp-no-canonical')).toMatchObject({
      severity: 'Warning',
      detail: '1 AMP page has no canonical link: /amp/ (the AMP version of /).',
      urls: [site.url],
    });
  });

  it('links of a page the crawl finds late get their own time, so the sample follows the crawl', async () => {
    const p = partner.origin.replace('127.0.0.1', 'localhost');
    const site = await startSite({
      '/': page(head('Home'), `<h1>Porter Realty</h1><a href="/team">Team</a>${links([`${p}/ok`])}`),
      // Answers after the first budget has run out.
      '/team': (_req, res) =>
        void setTimeout(
          () => res.writeHead(200, { 'content-type': 'text/html' }).end(page(head('Team'), `<h1>Team</h1>${links([`${p}/gone`])}`)),
          1500,
        ),
    });
    sites.push(site);
    const snap = await fetchSite(site.url, {
      policy: { allowPrivateNetworks: true },
      maxPages: 2,
      externalLinks: { budgetMs: 1000, graceMs: 2000 },
    });
    expect(snap.pages.map((pg) => new URL(pg.url).pathname)).toEqual(['/', '/team']);
    expect(snap.external?.find((e) => e.url === `${p}/gone`)).toMatchObject({
      notChecked: false,
      status: 404,
      from: `${site.origin}/team`,
    });
  });

  it('a slow outside site is cut off at the deadline and not checked, and the limit leaves the rest not checked', async () => {
    const slow = await startSite({ '/hang': hostile.hang(), '/a': 'a', '/b': 'b', '/c': 'c' }, 'localhost');
    sites.push(slow);
    const s = slow.origin.replace('127.0.0.1', 'localhost');
    const site = await startSite({
      '/': page(head('Home'), `<h1>Porter Realty</h1>${links([`${s}/hang`, `${s}/a`, `${s}/b`, `${s}/c`])}`),
    });
    sites.push(site);
    const started = performance.now();
    const snap = await fetchSite(site.url, {
      policy: { allowPrivateNetworks: true },
      externalLinks: { budgetMs: 1500, limit: 3 },
    });
    expect(performance.now() - started).toBeLessThan(3500);
    const byPath = new Map(snap.external?.map((e) => [new URL(e.url).pathname, e]));
    expect(byPath.get('/hang')).toMatchObject({ notChecked: true, failure: null });
    expect(byPath.get('/a')).toMatchObject({ notChecked: false, status: 200 });
    // The limit of 3 reached: the fourth was never asked.
    expect(byPath.get('/c')).toMatchObject({ notChecked: true });
    expect(slow.hits.get('/c')).toBeUndefined();
  });
});
