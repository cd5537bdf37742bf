// Small real-estate websites served on loopback for the demo's audit requests, so the first
// look at the admin shows real, finished audits on a machine without the internet. Each
// site is a few linked pages with robots.txt and a sitemap; a seeded choice of common
// defects (no meta description, images without alt text, no analytics, no structured data…)
// makes their scores differ the way real agents' sites do.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SampleSites {
  /** One site address per business, in the order given. */
  urls: string[];
  close(): Promise<void>;
}

interface Defects {
  noDescription: boolean;
  noAltText: boolean;
  noAnalytics: boolean;
  noStructuredData: boolean;
  noOpenGraph: boolean;
  noViewport: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function pageHtml(business: string, title: string, body: string, d: Defects, origin: string): string {
  const head = [
    '<meta charset="utf-8">',
    d.noViewport ? '' : '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} | ${escapeHtml(business)}</title>`,
    d.noDescription
      ? ''
      : `<meta name="description" content="${escapeHtml(business)}: homes for sale, buyer and seller representation and free home ` +
        `valuations.">`,
    d.noOpenGraph
      ? ''
      : `<meta property="og:site_name" content="${escapeHtml(business)}"><meta property="og:title" content="${escapeHtml(title)}">`,
    d.noStructuredData
      ? ''
      : `<script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org',
          '@type': 'RealEstateAgent',
          name: business,
          url: origin,
          telephone: '+1-703-555-0142',
        })}</script>`,
    d.noAnalytics
      ? ''
      : '<script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} gtag("js", new Date()); ' +
        'gtag("config", "G-DEMO000000");</script>',
    '<link rel="icon" href="/favicon.ico">',
  ].join('');
  const nav = '<nav><a href="/">Home</a> <a href="/listings">Listings</a> <a href="/about">About</a> <a href="/contact">Contact</a></nav>';
  return (
    `<!doctype html><html lang="en"><head>${head}</head><body><header>${nav}</header><main>${body}</main>` +
    `<footer><p>${escapeHtml(business)} · 100 King Street, Alexandria, VA 22314 · (703) 555-0142</p></footer></body></html>`
  );
}

function sitePages(business: string, d: Defects, origin: string): Record<string, string> {
  const img = (src: string, alt: string) => `<img src="${src}" width="640" height="400" ${d.noAltText ? '' : `alt="${escapeHtml(alt)}"`}>`;
  const paragraphs = (topic: string) =>
    Array.from(
      { length: 4 },
      (_, i) =>
        `<p>${escapeHtml(business)} helps buyers and sellers across Northern Virginia with ${topic}. ` +
        `Step ${i + 1}: we review recent sales, school districts, commute times and the homes that match your budget, ` +
        'then walk you through offers, inspections and closing with clear advice at every stage.</p>',
    ).join('');
  return {
    '/': pageHtml(
      business,
      'Homes for Sale in Northern Virginia',
      `<h1>${escapeHtml(business)}</h1>${img('/media/home.svg', 'A renovated colonial home')}${paragraphs('finding the right home')}` +
        '<p><a href="/contact">Get a free home valuation</a></p>',
      d,
      origin,
    ),
    '/listings': pageHtml(
      business,
      'Featured Listings',
      `<h1>Featured Listings</h1>${img('/media/listing.svg', 'A townhouse in Old Town')}${paragraphs('new listings every week')}`,
      d,
      origin,
    ),
    '/about': pageHtml(
      business,
      'About Us',
      `<h1>About ${escapeHtml(business)}</h1>${paragraphs('twenty years of local experience')}`,
      d,
      origin,
    ),
    '/contact': pageHtml(
      business,
      'Contact',
      '<h1>Contact Us</h1><form action="/contact" method="post"><label>Email <input type="email" name="email"></label>' +
        '<button type="submit">Request a valuation</button></form><p>Call (703) 555-0142 or email hello@example.com.</p>',
      d,
      origin,
    ),
  };
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="#d9e4ea"/></svg>';

function serve(business: string, defects: Defects): Promise<{ server: Server; url: string; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  let pages: Record<string, string> = {};
  let origin = '';
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const send = (status: number, type: string, body: string) =>
      res.writeHead(status, { 'content-type': type, 'cache-control': 'max-age=3600' }).end(req.method === 'HEAD' ? undefined : body);
    if (pages[path]) return send(200, 'text/html; charset=utf-8', pages[path]);
    if (path === '/robots.txt') return send(200, 'text/plain', `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    if (path === '/sitemap.xml') {
      const urls = Object.keys(pages)
        .map((p) => `<url><loc>${origin}${p}</loc></url>`)
        .join('');
      return send(
        200,
        'application/xml',
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      );
    }
    if (path.startsWith('/media/')) return send(200, 'image/svg+xml', SVG);
    if (path === '/favicon.ico') return send(200, 'image/svg+xml', SVG);
    return send(404, 'text/html; charset=utf-8', '<!doctype html><title>Not found</title><h1>Page not found</h1>');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      pages = sitePages(business, defects, origin);
      resolve({ server, url: `${origin}/`, sockets });
    });
  });
}

/** Starts one site per business on 127.0.0.1; `rnd` picks each site's defects. */
export async function startSampleSites(businesses: string[], rnd: () => number): Promise<SampleSites> {
  const running = await Promise.all(
    businesses.map((business) =>
      serve(business, {
        noDescription: rnd() < 0.4,
        noAltText: rnd() < 0.5,
        noAnalytics: rnd() < 0.35,
        noStructuredData: rnd() < 0.5,
        noOpenGraph: rnd() < 0.4,
        noViewport: rnd() < 0.15,
      }),
    ),
  );
  return {
    urls: running.map((r) => r.url),
    close: async () => {
      await Promise.all(
        running.map(
          ({ server, sockets }) =>
            new Promise<void>((resolve) => {
              for (const s of sockets) s.destroy();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
