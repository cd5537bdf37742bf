// The 20-page agent site `pnpm bench:audit` audits, served on loopback in a process of its own
// (bench/child.ts starts it) so that the audit's CPU time is measured without the server's.
// Prints `READY <url>`; stops on SIGINT.
import { GOOD_HTML, goodInnerPage } from '../../test/audit/checks/good-site.ts';
import { startSite, type Route } from '../../test/audit/sites.ts';

// A local site: its absolute links point here, and its third-party scripts are served from
// here too (a DNS lookup of a real tag host would measure the resolver, not the audit).
const local = (html: string, base: string) =>
  html.replaceAll('https://janesmithrealty.com/', base).replace(/<script (async |defer )?src="https:\/\//g, `<script $1src="${base}ext/`);
const html: Record<string, string> = { '/': GOOD_HTML };
for (const path of ['/about', '/listings', '/home-value', '/contact', '/mortgage-calculator', '/privacy'])
  html[path] = goodInnerPage(path, `Page ${path.slice(1)}`).html;
html['/blog'] = goodInnerPage(
  '/blog',
  'Market Blog',
  Array.from({ length: 20 }, (_, i) => `<a href="/blog/post-${i}">Market update ${i}</a>`).join(' '),
).html;
for (let i = 0; i < 20; i++) html[`/blog/post-${i}`] = goodInnerPage(`/blog/post-${i}`, `Market update ${i}`).html;
const pages: Record<string, Route> = { '/robots.txt': 'User-agent: *\nAllow: /\nSitemap: /sitemap.xml\n' };
for (const [path, body] of Object.entries(html))
  pages[path] = (_req, res, s) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(local(body, s.url));

const site = await startSite(pages);
console.log(`READY ${site.url}`);
process.once('SIGINT', () => void site.close().then(() => process.exit(0)));
