/// <reference lib="dom" />
// The public site in real Chromium: prerendered HTML with each page's head tags and
// structured data, hydration without errors under the CSP, navigation, the contact card by
// screen width, the keyword dialog, the magazine viewer's bounds, the audit popup's rules
// (on a controlled clock), the 'Post Not Found' page, and axe on every public route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseStudies, relatedItemsFor } from '@curb/content';
import { startBrowserApp, type BrowserApp } from './harness.ts';
import { openPage, seriousA11yViolations, poll } from './public-helpers.ts';

const PUBLIC_ROUTES = [
  '/',
  '/services',
  '/experience',
  '/blog',
  `/blog/${caseStudies[0]!.id}`,
  '/marketing-audit',
  '/real-estate-marketing-report',
  '/advanced-seo-audit',
  '/no-such-page',
  '/blog/no-such-post',
];

describe('public site in Chromium', () => {
  let app: BrowserApp;
  beforeAll(async () => {
    app = await startBrowserApp();
  });
  afterAll(() => app?.close());

  it('serves every public page as full HTML with its head tags and structured data', async () => {
    const home = await fetch(`${app.url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toMatch(/<title[^>]*>Home \| Morgan Ellis[^<]*<\/title>/);
    expect(html).toMatch(/<h1[^>]*>Morgan Ellis<\/h1>/);
    for (const tag of [
      /<meta[^>]+name="description" content="[^"]{50,}"/,
      /<meta[^>]+name="keywords"/,
      /<meta[^>]+name="robots" content="index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1"/,
      /<link[^>]+rel="canonical" href="https:\/\/[^"]+\/"/,
      /<meta[^>]+property="og:title"/,
      /<meta[^>]+property="og:locale" content="en_US"/,
      /<meta[^>]+name="twitter:card" content="summary_large_image"/,
      /<meta[^>]+name="theme-color" content="#dc2626"/,
      /<link[^>]+rel="alternate" hrefLang="en-US"/i,
    ]) {
      expect(html).toMatch(tag);
    }
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(jsonLd.map((d) => d['@type'])).toEqual(['Person', 'RealEstateAgent', 'Service']);
    const offer = jsonLd[2];
    expect(offer.offers).toMatchObject({ '@type': 'Offer', price: 0, priceCurrency: 'USD' });
    expect(offer.aggregateRating).toMatchObject({ ratingValue: 4.9, reviewCount: 127 });

    const post = await (await fetch(`${app.url}/blog/${caseStudies[1]!.id}`)).text();
    expect(post).toContain(`<h1>${caseStudies[1]!.title}</h1>`);
    expect(post).toContain('"@type":"BlogPosting"');

    const missing = await fetch(`${app.url}/blog/no-such-post`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Post Not Found');
    const unknown = await fetch(`${app.url}/no/such/page`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<title data-prerender="">Page Not Found | Morgan Ellis</title>');
  });

  it('hydrates the home page without console errors and navigates to in-page sections', async () => {
    const page = await app.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await openPage(page, `${app.url}/`)).toBe(200);
    const stars = await (await fetch(`${app.url}${await page.getByTestId('hero-stars').getAttribute('src')}`)).text();
    expect(stars.match(/<circle /g)).toHaveLength(150);
    expect(await page.locator('[data-testid="floating-circles"] > *').count()).toBe(6);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await poll(() => page.evaluate(() => Math.round(document.getElementById('about')!.getBoundingClientRect().top))).toBe(80);
    expect(await page.locator('header[data-scrolled]').count()).toBe(1);

    // From another route: to / first, then the scroll 300 ms later.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
    await page.waitForURL(`${app.url}/services`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL(`${app.url}/`);
    await poll(() => page.evaluate(() => Math.round(document.getElementById('achievements')!.getBoundingClientRect().top))).toBe(80);
    expect(await page.title()).toMatch(/^Home \| Morgan Ellis/);
    expect(page.consoleErrors).toEqual([]);
    await page.close();
  });

  it('offers the QR modal on wide screens and the vCard download under 768px', async () => {
    const page = await app.newPage();
    await page.setViewportSize({ width: 1024, height: 800 });
    await openPage(page, `${app.url}/`);
    expect(await page.getByTestId('save-contact').isVisible()).toBe(false);
    await page.getByTestId('show-contact-qr').click();
    const modal = page.getByRole('dialog', { name: 'Contact QR Code' });
    await poll(() => modal.isVisible()).toBe(true);
    expect(await modal.getByText('Scan to save my contact information').isVisible()).toBe(true);
    // The code is drawn with the page from the owner's profile: no image request.
    const qr = modal.getByRole('img', { name: "QR code of Morgan Ellis's contact card" });
    expect([await qr.getAttribute('width'), await qr.getAttribute('height')]).toEqual(['200', '200']);
    expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h\d+/);
    expect(await modal.getByRole('link', { name: 'Download vCard' }).getAttribute('download')).toBe('');
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await poll(() => modal.isVisible()).toBe(false);

    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.getByTestId('show-contact-qr').isVisible()).toBe(false);
    const save = page.getByTestId('save-contact');
    expect(await save.isVisible()).toBe(true);
    expect(await save.textContent()).toBe('Save Contact');
    const card = await fetch(`${app.url}${await save.getAttribute('href')}`);
    // The server names the download after the owner.
    expect(card.headers.get('content-disposition')).toBe('attachment; filename="morgan-ellis.vcf"');
    const vcard = await card.text();
    expect(vcard).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n[\s\S]*FN:Morgan Ellis[\s\S]*END:VCARD$/);

    // The mobile menu: opened by its toggle, closed by choosing an item.
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Blog' }).isVisible()).toBe(false);
    await nav.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL(`${app.url}/blog`);
    expect(await nav.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Blog' }).isVisible()).toBe(false);
    await page.close();
  });

  it('opens a skill, then the keyword dialog with its related items; Escape returns focus', async () => {
    const page = await app.newPage();
    await openPage(page, `${app.url}/`);
    await page.getByRole('button', { name: /Technology & Digital Tools/ }).click();
    const skill = page.getByTestId('skill-modal');
    await poll(() => skill.isVisible()).toBe(true);
    expect(await skill.getByText('Key Achievements').isVisible()).toBe(true);
    expect(await skill.getByText('Experience Overview').isVisible()).toBe(true);
    const chip = skill.getByRole('button', { name: 'Airtable', exact: true });
    await chip.click();
    const dialog = page.getByTestId('keyword-dialog');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('heading', { level: 2 }).textContent()).toBe('Airtable');
    expect(await dialog.getByText(`${relatedItemsFor('Airtable').length} related items`).isVisible()).toBe(true);
    expect(await dialog.locator('li').count()).toBeGreaterThanOrEqual(relatedItemsFor('Airtable').length);
    await page.keyboard.press('Escape');
    await poll(() => dialog.isVisible()).toBe(false);
    expect(await chip.evaluate((el) => el === document.activeElement)).toBe(true);

    // A keyword without related data is a label, not a button that opens an empty list.
    expect(await skill.getByRole('button', { name: 'Zapier', exact: true }).count()).toBe(0);
    expect(await skill.getByText('Zapier', { exact: true }).isVisible()).toBe(true);
    const chips = await page.locator('button[class*="chip"]').allTextContents();
    expect(chips.length).toBeGreaterThan(0);
    expect(chips.filter((name) => relatedItemsFor(name).length === 0)).toEqual([]);
    await page.close();
  });

  it('keeps the magazine viewer between pages 1 and 58 and zoom between 50% and 300%', async () => {
    const page = await app.newPage();
    await openPage(page, `${app.url}/`);
    await page.getByRole('button', { name: 'View Feature Article' }).click();
    const viewer = page.getByTestId('pdf-viewer');
    await poll(() => viewer.isVisible()).toBe(true);
    const shown = () => viewer.getByTestId('viewer-page').getAttribute('data-page');
    const input = viewer.getByTestId('page-input');
    expect(await shown()).toBe('31');
    expect(await viewer.getByTestId('zoom-level').textContent()).toBe('80%');
    await input.fill('99');
    expect(await shown()).toBe('31');
    await input.fill('abc');
    expect(await shown()).toBe('1');
    await input.fill('58');
    expect(await shown()).toBe('58');
    expect(await viewer.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await viewer.getByRole('button', { name: 'Cover' }).click();
    expect(await shown()).toBe('1');
    expect(await viewer.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    const zoomIn = viewer.getByRole('button', { name: 'Zoom in' });
    while (!(await zoomIn.isDisabled())) await zoomIn.click();
    expect(await viewer.getByTestId('zoom-level').textContent()).toBe('300%');
    const zoomOut = viewer.getByRole('button', { name: 'Zoom out' });
    while (!(await zoomOut.isDisabled())) await zoomOut.click();
    expect(await viewer.getByTestId('zoom-level').textContent()).toBe('50%');
    const img = viewer.getByTestId('viewer-page');
    await poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(
      (await fetch(`${app.url}${await viewer.getByRole('link', { name: 'Download' }).getAttribute('href')}`)).headers.get('content-type'),
    ).toBe('application/pdf');
    await page.close();
  });

  it('opens the audit popup after 25 s once per session, on exit intent, and on the footer event', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await page.clock.install();
    await openPage(page, `${app.url}/`);
    const popup = page.getByTestId('audit-popup');
    await page.clock.runFor(24_000);
    expect(await popup.isVisible()).toBe(false);
    await page.clock.runFor(1_500);
    await poll(() => popup.isVisible()).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await popup.getByRole('button', { name: 'No thanks' }).click();
    await poll(() => popup.isVisible()).toBe(false);

    // Shown this session: neither the timer nor exit intent opens it again...
    await openPage(page, `${app.url}/`);
    await page.clock.runFor(30_000);
    for (let i = 0; i < 20; i++) await page.mouse.move(200 + i * 5, 300);
    await page.mouse.move(300, 5);
    expect(await popup.isVisible()).toBe(false);
    // ...but the footer's button does.
    await page.getByRole('button', { name: 'Get Your Free Audit' }).click();
    await poll(() => popup.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => popup.isVisible()).toBe(false);

    // A new session: exit intent needs more than 15 moves, then the pointer at the top.
    const fresh = await app.browser.newContext();
    const second = await fresh.newPage();
    await openPage(second, `${app.url}/`);
    const popup2 = second.getByTestId('audit-popup');
    for (let i = 0; i < 10; i++) await second.mouse.move(100 + i * 10, 400);
    await second.mouse.move(300, 5);
    expect(await popup2.isVisible()).toBe(false);
    for (let i = 0; i < 10; i++) await second.mouse.move(100 + i * 10, 400);
    await second.mouse.move(300, 5);
    await poll(() => popup2.isVisible()).toBe(true);
    await context.close();
    await fresh.close();
  });

  it('waits with the 25 s popup while another dialog is open, and keeps toasts above dialogs and clickable', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await page.clock.install();
    await openPage(page, `${app.url}/`);
    await page.getByRole('button', { name: 'View Feature Article' }).click();
    const viewer = page.getByTestId('pdf-viewer');
    await poll(() => viewer.isVisible()).toBe(true);
    await page.clock.runFor(30_000);
    const popup = page.getByTestId('audit-popup');
    expect(await popup.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await poll(() => viewer.isVisible()).toBe(false);
    await poll(() => popup.isVisible()).toBe(true);

    // A toast raised inside the popup is on top of it: the point under its close button is the button.
    await page.route('**/api/lead', (route) =>
      route.fulfill({ status: 429, json: { message: 'Too many submissions from your connection. Please wait a minute and try again.' } }),
    );
    await popup.getByLabel('Website URL').fill(app.url);
    await popup.getByLabel('Your Business Name').fill('Ridge Realty');
    await popup.getByLabel('Email Address').fill('team@ridge.example');
    await popup.getByLabel(/I agree to receive my audit report/).check();
    await popup.locator('button[type="submit"]').click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Too many submissions' });
    await poll(() => toast.isVisible()).toBe(true);
    const close = toast.getByRole('button', { name: /close/i });
    const box = (await close.boundingBox())!;
    const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="toast"]') !== null, {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    expect(onTop).toBe(true);
    await close.click();
    await poll(() => toast.count()).toBe(0);
    expect(await popup.isVisible()).toBe(true);
    await context.close();
  });

  it("shows 'Post Not Found' with a link back to the blog for an unknown case study", async () => {
    const page = await app.newPage();
    expect(await openPage(page, `${app.url}/blog/no-such-post`)).toBe(404);
    expect(await page.getByRole('heading', { name: 'Post Not Found' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL(`${app.url}/blog`);
    await expect.poll(() => page.getByRole('link', { name: /Read case study/ }).count()).toBe(6);
    await page.close();
  });

  it('has no serious or critical accessibility violations on any public route', async () => {
    const page = await app.newPage();
    const found: string[] = [];
    for (const route of PUBLIC_ROUTES) {
      await openPage(page, `${app.url}${route}`);
      for (const v of await seriousA11yViolations(page)) found.push(`${route}: ${v}`);
    }
    expect(found).toEqual([]);
    await page.close();
  });
});
