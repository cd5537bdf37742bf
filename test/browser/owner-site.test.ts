/// <reference lib="dom" />
// The public site once the owner has made it theirs: a new profile with a photo, their own
// figures and a published post with a picture, saved through the admin API as the owner. Every
// page then carries the new owner and nothing of the sample, in the HTML as served (head tags,
// structured data, the content the browser starts from) and after client-side navigation, at
// 1280 and 390 px, without a console error or a policy violation.
import { deflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_ENV } from './admin-session.ts';
import { startBrowserApp, type BrowserApp } from './harness.ts';
import { openPage, poll } from './public-helpers.ts';

const SAMPLE = ['Morgan Ellis', 'morgan@', 'morgan-ellis', '703) 555-0142'];
const SLUG = 'spring-open-house-fairfax';

/** A PNG of one colour, `size` pixels square, written here so the upload is a real image. */
function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The QR code an SVG path of one-module rectangles draws, as RGBA pixels (4 per module) for jsQR. */
function qrPixels(viewBox: string | null, path: string | null): { rgba: Uint8ClampedArray; width: number } {
  const modules = Number(viewBox?.split(' ')[2]);
  const scale = 4;
  // Three more blank modules each side: the quiet zone a reader expects (the page draws one).
  const quiet = 3;
  const width = (modules + 2 * quiet) * scale;
  const rgba = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, run] of (path ?? '').matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    for (let py = (Number(y) + quiet) * scale; py < (Number(y) + quiet + 1) * scale; py++) {
      for (let px = (Number(x) + quiet) * scale; px < (Number(x) + quiet + Number(run)) * scale; px++)
        rgba.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
    }
  }
  return { rgba, width };
}

describe('the public site with the owner’s own profile and post', () => {
  let app: BrowserApp;
  let cookie = '';
  let photoId = '';

  const admin = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { cookie, origin: app.url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return res.json();
  };

  beforeAll(async () => {
    app = await startBrowserApp(ADMIN_ENV);
    const login = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png(1400, [29, 78, 216]))], { type: 'image/png' }), 'jane.png');
    const upload = await fetch(`${app.url}/api/admin/media`, { method: 'POST', headers: { cookie, origin: app.url }, body: form });
    expect(upload.status).toBe(201);
    photoId = ((await upload.json()) as { id: string }).id;

    const { profile } = (await (await fetch(`${app.url}/api/admin/profile`, { headers: { cookie } })).json()) as {
      profile: Record<string, unknown>;
    };
    await admin('PUT', '/api/admin/profile', {
      ...profile,
      name: 'Jane Porter',
      initials: '',
      title: 'Fairfax Listing Specialist',
      tagline: 'Homes in Fairfax County, sold with care.',
      company: 'Porter Homes',
      position: 'Principal Broker',
      photo: `media:${photoId}`,
      email: 'jane@porterhomes.test',
      phone: '+1 571 555 0199',
      officeAddress: { street: '10 Main St', city: 'Fairfax', region: 'VA', postalCode: '22030', country: 'US' },
      serviceArea: ['Fairfax County'],
      licence: 'Licensed Realtor (VA)',
      biography: ['I have sold homes in Fairfax County for eight years.'],
      social: { x: 'https://x.com/janeporter', facebook: 'https://www.facebook.com/porterhomes' },
      bookingUrl: 'https://cal.porterhomes.test/jane',
      brandColour: '#1d4ed8',
      website: 'https://porterhomes.test',
      // Jane has given no review figures: the sample's are not hers. Her prices are her own.
      ratingValue: undefined,
      reviewCount: undefined,
      priceRange: 'Free consultation; listings from 2.5%',
    });
    await admin('PUT', '/api/admin/content/figures', [{ value: '8', label: 'Years in Fairfax' }]);
    await admin('POST', '/api/admin/posts', {
      slug: SLUG,
      title: 'Spring Open House in Fairfax',
      seoTitle: '',
      seoDescription: 'What buyers saw at our spring open house.',
      excerpt: 'Forty visitors in one afternoon.',
      category: 'Open Houses',
      tags: ['Fairfax', 'Open House'],
      coverImage: `media:${photoId}`,
      markdown: `## The afternoon\n\nForty visitors came by.\n\n![The front porch](media:${photoId})\n\n<script>alert(1)</script>`,
      status: 'published',
      publishedAt: '2026-04-12',
    });
  }, 120_000);
  afterAll(() => app?.close());

  const served = async (path: string) => {
    const res = await fetch(`${app.url}${path}`);
    return { status: res.status, html: await res.text() };
  };
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );

  it('serves every public page with the new owner and nothing of the sample', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/services', 200],
      ['/blog', 200],
      [`/blog/${SLUG}`, 200],
      ['/marketing-audit', 200],
      ['/no-such-page', 404],
      ['/blog/no-such-post', 404],
      ['/audit-report/00000000-0000-0000-0000-000000000000', 200],
    ] as const) {
      const page = await served(path);
      expect(page.status, path).toBe(status);
      for (const sample of SAMPLE) expect(page.html, `${path} names the sample (${sample})`).not.toContain(sample);
      expect(page.html, path).toContain('Jane Porter');
    }

    const home = (await served('/')).html;
    expect(home).toMatch(/<title[^>]*>Home \| Jane Porter[^<]*<\/title>/);
    expect(home).toMatch(/<h1[^>]*>Jane Porter<\/h1>/);
    expect(home).toMatch(/<meta[^>]+property="og:site_name" content="Jane Porter[^"]*"/);
    expect(home).toMatch(new RegExp(`<meta[^>]+property="og:image" content="https?://[^"]+/media/u/${photoId}/\\d+\\.webp"`));
    expect(home).toMatch(/<meta[^>]+name="theme-color" content="#1d4ed8"/);
    expect(home).toMatch(/<meta[^>]+name="twitter:site" content="@janeporter"/);
    expect(home).toContain('--color-primary:#1d4ed8');
    expect(home).toContain('href="tel:+15715550199"');
    expect(home).toContain('href="mailto:jane@porterhomes.test"');
    const [person, agent] = jsonLd(home);
    expect(person).toMatchObject({
      '@type': 'Person',
      name: 'Jane Porter',
      email: 'mailto:jane@porterhomes.test',
      telephone: '+1 571 555 0199',
      address: { addressLocality: 'Fairfax', postalCode: '22030' },
      sameAs: ['https://www.facebook.com/porterhomes', 'https://x.com/janeporter'],
    });
    expect(agent).toMatchObject({
      '@type': 'RealEstateAgent',
      name: 'Jane Porter — Porter Homes',
      areaServed: [{ name: 'Fairfax County' }],
      priceRange: 'Free consultation; listings from 2.5%',
    });
    // The sample's review figures are not claimed for the new owner.
    expect(jsonLd(home).some((d) => 'aggregateRating' in d)).toBe(false);
    expect(home).not.toContain('Client Rating');
    // The sample's metrics, projects and press are the sample person's: the owner's own posts are their projects.
    for (const claim of ['Key Metrics', 'Media Recognition', 'Transaction Management System', 'Real Producers']) {
      expect(home, `home claims the sample's ${claim}`).not.toContain(claim);
    }
    expect(home).toMatch(/<h3[^>]*>Major Projects<\/h3>/);
    expect(home).toContain(`href="/blog/${SLUG}"`);
    expect(home).toMatch(/<p[^>]*>Porter Homes<\/p>\s*<h1[^>]*>Jane Porter<\/h1>/);

    const post = (await served(`/blog/${SLUG}`)).html;
    expect(post).toContain('<h1>Spring Open House in Fairfax</h1>');
    expect(post).toMatch(new RegExp(`<img[^>]+src="/media/u/${photoId}/\\d+\\.webp"[^>]*alt="The front porch"`));
    expect(post).not.toContain('<script>alert(1)</script>');
    expect(jsonLd(post).find((d) => d['@type'] === 'BlogPosting')).toMatchObject({
      headline: 'Spring Open House in Fairfax',
      author: { name: 'Jane Porter' },
    });
    expect((await served('/no-such-page')).html).toContain('<title data-prerender="">Page Not Found | Jane Porter</title>');

    const card = await fetch(`${app.url}/media/contact.vcf`);
    expect(card.headers.get('content-disposition')).toBe('attachment; filename="jane-porter.vcf"');
    expect(await card.text()).toMatch(/FN:Jane Porter\r\n[\s\S]*TEL;TYPE=CELL:\+1 571 555 0199/);
  });

  it("draws the not-found page's figure and the hero in the owner's brand colour", async () => {
    const page = await app.newPage();
    expect(await openPage(page, `${app.url}/no-such-page`)).toBe(404);
    expect(await page.getByTestId('shrug-shirt').evaluate((shirt) => getComputedStyle(shirt).fill)).toBe('rgb(29, 78, 216)');
    // The home page's hero is tinted from the same colour, not the sample's red.
    await openPage(page, `${app.url}/`);
    expect(await page.locator('#hero').evaluate((hero) => getComputedStyle(hero).backgroundImage)).not.toMatch(/127, 29, 29/);
    // The page's own 404 status is reported to the console; nothing else may be.
    expect(page.consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await page.close();
  });

  for (const width of [1280, 390]) {
    it(`shows the new owner after client-side navigation at ${width} px`, async () => {
      const page = await app.newPage();
      await page.setViewportSize({ width, height: 900 });
      const requests: string[] = [];
      page.on('request', (r) => requests.push(new URL(r.url()).pathname));
      expect(await openPage(page, `${app.url}/`)).toBe(200);
      expect(await page.locator('h1').first().textContent()).toBe('Jane Porter');
      const photo = page.getByTestId('owner-photo');
      expect(await photo.getAttribute('src')).toMatch(new RegExp(`^/media/u/${photoId}/`));
      await poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim())).toBe(
        '#1d4ed8',
      );
      // The page came with its content: the browser did not ask for it again.
      expect(requests).not.toContain('/api/site/content');
      // The contact card's QR code, drawn by the page, carries the new owner's card.
      const tile = page.getByTestId('qr-tile').locator('svg');
      const qr = qrPixels(await tile.getAttribute('viewBox'), await tile.locator('path').getAttribute('d'));
      expect(jsQR(qr.rgba, qr.width, qr.width)?.data).toMatch(/FN:Jane Porter\r\n[\s\S]*EMAIL;TYPE=INTERNET,WORK:jane@porterhomes.test/);

      const nav = page.getByRole('navigation', { name: 'Main' });
      if (width < 768) await nav.getByRole('button', { name: 'Open menu' }).click();
      await nav.getByRole('link', { name: 'Blog' }).click();
      await page.waitForURL(`${app.url}/blog`);
      await page.getByRole('link', { name: /Spring Open House in Fairfax/ }).click();
      await page.waitForURL(`${app.url}/blog/${SLUG}`);
      await poll(() => page.locator('h1').textContent()).toBe('Spring Open House in Fairfax');
      expect(await page.getByTestId('post-body').locator('img').getAttribute('alt')).toBe('The front porch');
      await poll(() => page.title()).toMatch(/^Spring Open House in Fairfax \| Blog \| Jane Porter/);
      await poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('script[type="application/ld+json"]')].some((s) => s.textContent?.includes('"BlogPosting"')),
        ),
      ).toBe(true);
      const html = await page.content();
      for (const sample of SAMPLE) expect(html, `names the sample (${sample})`).not.toContain(sample);
      expect(page.consoleErrors).toEqual([]);
      await page.close();
    });
  }
});
