/// <reference lib="dom" />
// A new owner makes the site theirs without touching code: on a fresh install they sign in,
// fill the first-run setup (name, phone, e-mail, a photo they upload), switch the lead's
// confirmation on and publish a post with a picture. Then a visitor at 1280 and 390 px finds
// the new owner, and nothing of the sample person, on the home page, the post (reached by
// clicking), the contact card, the report's call to action, the PDF and the confirmation mail.
// The review rating search engines read is the sample's on the new install, claims nothing once
// a new person has set up the site, and is the owner's own once they give it in their profile.
// The owner writes their career (two roles, reordered) and the Experience page's search
// description; a visitor clicking to that page finds both, in the page and in its head as served.
// The sample's headline figures and testimonial are gone from the new person's site until they
// add their own, which a visitor then finds on the home page, the Experience page and the report
// page a campaign sends them to.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFigures, sampleProfile, sampleTestimonials } from '@curb/content';
import type { Browser } from 'playwright-core';
import { startSampleSites, type SampleSites } from '../../scripts/demo/sample-sites.ts';
import { ADMIN_ENV } from '../browser/admin-session.ts';
import { launchBrowser, startBrowserApp, type BrowserApp } from '../browser/harness.ts';
import { atEachWidth, Journey, nextVisitor, openAdminPage, outboxMail, signInAsOwner, WIDTHS } from './journey.ts';

/** The sign-in page asks who is signed in first; a visitor who is not gets a 401. */
const SIGNED_OUT = /status of 401 .*\/api\/auth\/user/;
/** The setup's first try carries a phone number that is not one, refused on purpose. */
const REFUSED_PROFILE = /status of 400 .*\/api\/admin\/profile/;
/** So is a company's name with markup in it. */
const REFUSED_CAREER = /status of 400 .*\/api\/admin\/content\/career/;

const OWNER = {
  name: 'Dana Whitaker',
  title: 'Listing Marketing Lead',
  phone: '(571) 555-0199',
  email: 'dana@whitaker-homes.example',
};
/** Whatever the sample person leaves behind: their name and their address. */
const SAMPLE_TRACES = /Morgan Ellis|morgan@/;
/** The sample's phone; the audited sample site happens to list the same one, so it is looked for only where the owner's is. */
const SAMPLE_PHONE = '555-0142';
/** A trace of the sample with the text around it (to say where it is), or null. */
const sampleTrace = (text: string) => new RegExp(`.{0,80}(${SAMPLE_TRACES.source}).{0,80}`, 's').exec(text)?.[0] ?? null;
/** The review figures the owner gives on the Profile page. */
const RATING = { value: '4.6', reviews: '212' };
/** The JSON-LD blocks of a page's HTML. */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
/** Every review rating a page's structured data claims. */
const ratingsOf = (html: string) => jsonLdOf(html).flatMap((d) => (d.aggregateRating ? [d.aggregateRating] : []));
/** The owner's roles as they add them: the older first, then moved below the current one. */
const CAREER = [
  { role: 'Marketing Coordinator', company: 'Blue Ridge Realty', years: '2014 – 2019', description: 'Ran listing launches.' },
  { role: 'Listing Marketing Lead', company: 'Whitaker Homes', years: '2019 – Present', description: 'Leads listing marketing.' },
];
const EXPERIENCE_DESCRIPTION =
  'Dana Whitaker leads listing marketing at Whitaker Homes: ten years of staging, photography and launch plans.';
/** The content of a page's meta tag by its name or property, as served. */
const metaOf = (html: string, attribute: 'name' | 'property', key: string) =>
  /\bcontent="([^"]*)"/.exec(new RegExp(`<meta\\b[^>]*\\b${attribute}="${key}"[^>]*>`).exec(html)?.[0] ?? '')?.[1];
/** The owner's own headline figures and what a client said of them. */
const FIGURES = [
  { value: '10', label: 'Years Marketing Listings' },
  { value: '320', label: 'Homes Launched' },
];
const TESTIMONIAL = { quote: 'Dana had our townhouse photographed, staged and listed in four days.', author: 'Chris P.', role: 'Seller' };
/**
 * What the sample says of the sample person: their figures, their client's words, and the company,
 * tagline, licence and biography the first-run setup does not ask a new owner about.
 */
const SAMPLE_CLAIMS = new RegExp(
  [
    ...sampleFigures().map((f) => f.label),
    ...sampleTestimonials().flatMap((t) => [t.author, t.quote]),
    ...[sampleProfile()].flatMap((p) => [p.company, p.tagline, p.licence, ...p.biography]),
  ]
    .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|'),
);
const POST = {
  title: 'Three Staging Moves That Sold a Split-Level in Six Days',
  slug: 'three-staging-moves-that-sold-a-split-level-in-six-days',
  excerpt: 'What we changed in one weekend, and what the buyers said about it.',
};

// --- A real picture, made here: a PNG of a colour gradient ------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** An RGB PNG of `width` × `height` whose colours run from `from` to `to` across it. */
function gradientPng(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      for (let c = 0; c < 3; c++) rows[row + 1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

describe('make it yours: a new owner’s identity and content, everywhere a visitor looks', () => {
  let app: BrowserApp;
  let browser: Browser;
  let dataDir: string;
  let sites: SampleSites;
  let site: string;

  beforeAll(async () => {
    sites = await startSampleSites(['Harbor Point Homes'], () => 0.3);
    site = sites.urls[0]!;
    dataDir = mkdtempSync(join(tmpdir(), 'curb-make-it-yours-'));
    app = await startBrowserApp({ ...ADMIN_ENV, DATA_DIR: dataDir, TRUST_PROXY: 'loopback' });
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await sites?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The page as the browser holds it (head, structured data, embedded content) carries no trace of the sample. */
  async function noSampleTraces(j: Journey, where: string): Promise<void> {
    const html = await j.page.content();
    expect(sampleTrace(html), `${where} (${j.width.name})`).toBeNull();
    expect(await j.page.title(), `${where} title`).not.toMatch(SAMPLE_TRACES);
  }

  it('the owner sets up their profile on first sign-in and publishes a post with a picture', async () => {
    // A new install claims the sample's figures, as it shows the rest of the sample.
    const fresh = await (await fetch(`${app.url}/`)).text();
    expect(ratingsOf(fresh)).toEqual([
      expect.objectContaining({ '@type': 'AggregateRating', ratingValue: 4.9, reviewCount: 127 }),
      expect.objectContaining({ '@type': 'AggregateRating', ratingValue: 4.9, reviewCount: 127 }),
    ]);
    const j = await Journey.start(browser, 'make-it-yours-owner', WIDTHS[0], { allow: [SIGNED_OUT, REFUSED_PROFILE, REFUSED_CAREER] });
    try {
      await signInAsOwner(j, app.url);
      // Every admin page says the site still shows the sample, naming it from the data.
      const banner = j.page.getByTestId('sample-profile-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Your site still shows the sample profile (Morgan Ellis). Set up your profile');

      const setup = j.page.getByRole('form', { name: 'Profile setup' });
      await setup.getByRole('textbox', { name: 'Name', exact: true }).fill(OWNER.name);
      await setup.getByRole('textbox', { name: 'Title', exact: true }).fill(OWNER.title);
      await setup.getByRole('textbox', { name: 'E-mail', exact: true }).fill(OWNER.email);
      await setup.getByRole('textbox', { name: 'Booking link', exact: true }).fill('');
      await setup.getByRole('textbox', { name: 'Service area', exact: true }).fill('Arlington, VA\nAlexandria, VA');
      await setup
        .getByLabel('Photo', { exact: true })
        .setInputFiles({ name: 'dana.png', mimeType: 'image/png', buffer: gradientPng(720, 720, [30, 64, 175], [220, 38, 38]) });
      // The preview turns to the upload once it is stored (the sample's picture shows until then).
      await expect.poll(() => setup.getByTestId('photo-preview').getAttribute('src'), { timeout: 30_000 }).toMatch(/^\/media\/u\//);
      await expect.poll(() => setup.getByTestId('photo-preview').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

      // A phone number that is not one is refused at its field, and nothing is saved.
      await setup.getByRole('textbox', { name: 'Phone', exact: true }).fill('call me');
      await setup.getByRole('button', { name: 'Save and continue' }).click();
      const phone = setup.getByRole('textbox', { name: 'Phone', exact: true });
      await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
      const phoneError = await phone.evaluate(
        (input) => document.getElementById(input.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent,
      );
      expect(phoneError).toMatch(/phone/i);
      expect(phoneError).toContain('7 to 15 digits');
      await j.step('phone refused at its field');
      expect(await banner.isVisible()).toBe(true);

      await phone.fill(OWNER.phone);
      await setup.getByRole('button', { name: 'Save and continue' }).click();
      await j.page.getByTestId('toast').filter({ hasText: 'Profile saved' }).first().waitFor();
      await banner.waitFor({ state: 'detached' });
      await setup.waitFor({ state: 'detached' });
      await j.step('profile saved');
      // The sample's review figures and prices were not carried over to the new person.
      const afterSetup = await (await fetch(`${app.url}/`)).text();
      expect(ratingsOf(afterSetup)).toEqual([]);
      expect(jsonLdOf(afterSetup).filter((d) => 'priceRange' in d)).toEqual([]);
      // Nor the sample person's headline figures or their client's words.
      expect(afterSetup).not.toMatch(SAMPLE_CLAIMS);
      // With none of their own yet, no empty figure rows are drawn in the hero, and no About
      // section at all: the setup asks for no biography, figures or licence.
      const heroHtml = /<section id="hero"[\s\S]*?<\/section>/.exec(afterSetup)?.[0] ?? '';
      expect(heroHtml).toContain(OWNER.name);
      expect(heroHtml).not.toContain('<dl');
      expect(afterSetup).not.toContain('id="about"');
      expect(afterSetup).not.toContain('href="/#about"');
      expect(afterSetup).not.toContain('aria-label="Headline figures"');
      expect(await (await fetch(`${app.url}/real-estate-marketing-report`)).text()).not.toMatch(SAMPLE_CLAIMS);

      // The owner gives their review figures on the Profile page; one out of range is refused at its field.
      await openAdminPage(j, 'Profile');
      const profile = j.page.getByRole('form', { name: 'Profile' });
      const ratingField = profile.getByRole('textbox', { name: 'Average rating', exact: true });
      expect(await ratingField.inputValue()).toBe('');
      await ratingField.fill('6');
      await profile.getByRole('textbox', { name: 'Number of reviews', exact: true }).fill(RATING.reviews);
      await profile.getByRole('button', { name: 'Save profile' }).click();
      await expect.poll(() => ratingField.getAttribute('aria-invalid')).toBe('true');
      const ratingError = await ratingField.evaluate(
        (input) => document.getElementById(input.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent,
      );
      expect(ratingError).toContain('from 1.0 to 5.0');
      expect(ratingsOf(await (await fetch(`${app.url}/`)).text())).toEqual([]);
      await ratingField.fill(RATING.value);
      await profile.getByRole('button', { name: 'Save profile' }).click();
      await j.page.getByTestId('toast').filter({ hasText: 'Profile saved' }).first().waitFor();
      await expect.poll(() => ratingField.getAttribute('aria-invalid')).toBeNull();
      await j.step('review rating saved');

      // The lead's confirmation mail is off until the owner switches it on.
      await openAdminPage(j, 'Funnel Manager');
      await j.page.getByRole('article', { name: 'Free Marketing Audit' }).getByRole('button', { name: 'Edit' }).click();
      const dialog = j.page.getByRole('dialog', { name: 'Edit Free Marketing Audit' });
      await dialog.getByRole('tab', { name: 'Email Templates' }).click();
      await dialog.getByTestId('template-confirmation').getByLabel('Send the confirmation').check();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await j.page.getByTestId('toast').filter({ hasText: 'Funnel Updated' }).first().waitFor();
      await dialog.waitFor({ state: 'detached' });

      // A post with a picture in its body, published.
      await openAdminPage(j, 'Site Content');
      await j.page.getByRole('button', { name: 'New post' }).click();
      const post = j.page.getByRole('form', { name: 'Post' });
      await post.getByRole('textbox', { name: 'Title', exact: true }).fill(POST.title);
      expect(await post.getByRole('textbox', { name: 'Address', exact: true }).inputValue()).toBe(POST.slug);
      await post.getByRole('textbox', { name: 'Excerpt', exact: true }).fill(POST.excerpt);
      await post.getByRole('textbox', { name: 'Search title', exact: true }).fill('Staging a split-level to sell in six days');
      await post.getByText('41 / 70').waitFor();
      const body = post.getByRole('textbox', { name: 'Body (Markdown)', exact: true });
      await body.fill('We had one weekend.\n\n');
      await post.locator('input[name="insertImage"]').setInputFiles({
        name: 'living-room.png',
        mimeType: 'image/png',
        buffer: gradientPng(1400, 900, [250, 204, 21], [22, 163, 74]),
      });
      await expect.poll(() => body.inputValue(), { timeout: 30_000 }).toMatch(/!\[living-room\]\(media:[0-9a-f-]{36}\)/);
      await body.fill(`${await body.inputValue()}The buyers said the light sold it.`);
      await post.getByRole('button', { name: 'Preview', exact: true }).click();
      await expect
        .poll(() =>
          post
            .getByTestId('post-preview')
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      await j.step('post previewed');
      await post.getByRole('button', { name: 'Publish', exact: true }).click();
      await j.page.getByTestId('toast').filter({ hasText: 'Post published' }).first().waitFor();
      await j.step('post published');

      // The career: none of the sample person's roles; the owner adds two and puts the current one first.
      await j.page.getByRole('tab', { name: 'Career', exact: true }).click();
      const career = j.page.getByRole('form', { name: 'Career' });
      await career.getByRole('button', { name: 'Save career' }).waitFor();
      expect(await career.locator('ol > li').count()).toBe(0);
      for (const [index, entry] of CAREER.entries()) {
        await career.getByRole('button', { name: 'Add role' }).click();
        const item = career.locator('ol > li').nth(index);
        await item.getByRole('textbox', { name: 'Role', exact: true }).fill(entry.role);
        await item.getByRole('textbox', { name: 'Company', exact: true }).fill(entry.company);
        await item.getByRole('textbox', { name: 'Years', exact: true }).fill(entry.years);
        await item.getByRole('textbox', { name: 'Description', exact: true }).fill(entry.description);
      }
      await career.getByRole('button', { name: `Move ${CAREER[1]!.role} up` }).click();
      // Markup in a company's name is refused at its field, and nothing is saved.
      const company = career.locator('ol > li').nth(0).getByRole('textbox', { name: 'Company', exact: true });
      await company.fill('<b>Whitaker</b> Homes');
      await career.getByRole('button', { name: 'Save career' }).click();
      await expect.poll(() => company.getAttribute('aria-invalid')).toBe('true');
      expect(await career.getByRole('alert').first().textContent()).toContain('cannot hold line breaks, control characters or < >');
      await j.step('career refused at its field');
      await company.fill(CAREER[1]!.company);
      await career.getByRole('button', { name: 'Save career' }).click();
      await j.page.getByTestId('toast').filter({ hasText: 'Career saved' }).first().waitFor();
      await j.step('career saved');

      // The headline figures and testimonials start empty (the sample's were not the owner's); they add their own.
      await j.page.getByRole('tab', { name: 'Headline figures', exact: true }).click();
      const figures = j.page.getByRole('form', { name: 'Headline figures' });
      await figures.getByRole('button', { name: 'Save headline figures' }).waitFor();
      expect(await figures.locator('ol > li').count()).toBe(0);
      for (const [index, figure] of FIGURES.entries()) {
        await figures.getByRole('button', { name: 'Add figure' }).click();
        const item = figures.locator('ol > li').nth(index);
        await item.getByRole('textbox', { name: 'Figure', exact: true }).fill(figure.value);
        await item.getByRole('textbox', { name: 'What it counts', exact: true }).fill(figure.label);
      }
      await figures.getByRole('button', { name: 'Save headline figures' }).click();
      await j.page.getByTestId('toast').filter({ hasText: 'Headline figures saved' }).first().waitFor();
      await j.page.getByRole('tab', { name: 'Testimonials', exact: true }).click();
      const testimonials = j.page.getByRole('form', { name: 'Testimonials' });
      await testimonials.getByRole('button', { name: 'Save testimonials' }).waitFor();
      expect(await testimonials.locator('ol > li').count()).toBe(0);
      await testimonials.getByRole('button', { name: 'Add testimonial' }).click();
      const said = testimonials.locator('ol > li').first();
      await said.getByRole('textbox', { name: 'Quote', exact: true }).fill(TESTIMONIAL.quote);
      await said.getByRole('textbox', { name: 'Who said it', exact: true }).fill(TESTIMONIAL.author);
      await said.getByRole('textbox', { name: 'Their role or company', exact: true }).fill(TESTIMONIAL.role);
      await testimonials.getByRole('button', { name: 'Save testimonials' }).click();
      await j.page.getByTestId('toast').filter({ hasText: 'Testimonials saved' }).first().waitFor();
      await j.step('figures and testimonials saved');

      // The Experience page's search description: a short one is only warned about.
      await j.page.getByRole('tab', { name: 'Search descriptions', exact: true }).click();
      const descriptions = j.page.getByRole('form', { name: 'Search descriptions' });
      const experience = descriptions.getByRole('textbox', { name: 'Experience', exact: true });
      // Empty, it shows the description built from the owner's content.
      await expect
        .poll(() => experience.getAttribute('placeholder'))
        .toContain('The career of Dana Whitaker: 2 roles, now Listing Marketing Lead');
      await experience.fill('My career.');
      await descriptions.getByText('10 characters: a search result shows more').waitFor();
      await experience.fill(EXPERIENCE_DESCRIPTION);
      await descriptions.getByText(`${EXPERIENCE_DESCRIPTION.length} characters: a good length`).waitFor();
      await j.step('description written');
      await descriptions.getByRole('button', { name: 'Save search descriptions' }).click();
      await j.page.getByTestId('toast').filter({ hasText: 'Search descriptions saved' }).first().waitFor();
      const served = await (await fetch(`${app.url}/experience`)).text();
      expect(metaOf(served, 'name', 'description')).toBe(EXPERIENCE_DESCRIPTION);
      expect(metaOf(served, 'property', 'og:description')).toBe(EXPERIENCE_DESCRIPTION);
      await j.step('description saved');
      await j.finish(1);
    } finally {
      await j.context.close().catch(() => {});
    }
  }, 120_000);

  it('a visitor meets the new owner on the home page, the post, the contact card, the report, its PDF and the mail', async () => {
    await atEachWidth(
      browser,
      'make-it-yours-visitor',
      async (v) => {
        await v.arrive(`${app.url}/`);
        await v.page.getByText(OWNER.name).first().waitFor();
        // The hero shows the photo the owner uploaded, in the widths written for it.
        const photo = v.page.locator('main img[src^="/media/u/"]').first();
        await expect
          .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 })
          .toBeGreaterThan(0);
        await noSampleTraces(v, 'home page');
        expect(await v.page.content()).not.toContain(SAMPLE_PHONE);
        // The owner's headline figures, in the hero and the about section, and none of the sample's.
        const hero = v.page.locator('#hero dl');
        expect(await hero.locator('dt').allTextContents()).toEqual(FIGURES.map((f) => f.label));
        expect(await hero.locator('dd').allTextContents()).toEqual(FIGURES.map((f) => f.value));
        expect(await v.page.getByTestId('headline-figure').allTextContents()).toEqual(FIGURES.map((f) => `${f.value}${f.label}`));
        expect(await v.page.content()).not.toMatch(SAMPLE_CLAIMS);
        // The owner's own rating, in the structured data as served and as the browser holds it, and on the Client Rating card.
        const rating = { '@type': 'AggregateRating', ratingValue: Number(RATING.value), reviewCount: Number(RATING.reviews) };
        const served = await (await fetch(`${app.url}/`)).text();
        expect(ratingsOf(served)).toEqual([expect.objectContaining(rating), expect.objectContaining(rating)]);
        expect(ratingsOf(await v.page.content())).toEqual([expect.objectContaining(rating), expect.objectContaining(rating)]);
        const ratingCard = v.page.locator('#achievements li').filter({ hasText: 'Client Rating' });
        expect(await ratingCard.textContent()).toContain(
          `${RATING.value}Client RatingAverage rating from ${RATING.reviews} client reviews.`,
        );
        await v.step('home page');

        // The contact card: the QR code's download on a wide screen, Save Contact on a phone.
        let card: string | null;
        if (v.isPhone) card = await v.page.getByTestId('save-contact').getAttribute('href');
        else {
          await v.page.getByTestId('show-contact-qr').click();
          const modal = v.page.getByRole('dialog', { name: 'Contact QR Code' });
          await modal.getByRole('img', { name: `QR code of ${OWNER.name}'s contact card` }).waitFor();
          card = await modal.getByRole('link', { name: 'Download vCard' }).getAttribute('href');
          await modal.getByRole('button', { name: 'Close', exact: true }).click();
        }
        const vcard = await (await fetch(new URL(card!, app.url))).text();
        expect(vcard).toContain(`FN:${OWNER.name}`);
        expect(vcard).toContain(OWNER.email);
        expect(vcard).toMatch(/TEL[^:]*:[^\r\n]*571[^\r\n]*555[^\r\n]*0199/);
        expect(sampleTrace(vcard)).toBeNull();
        expect(vcard).not.toContain(SAMPLE_PHONE);

        // The Experience page, reached by clicking: the owner's roles in their order, their description in the head.
        await v.navigate('Experience');
        await v.page.waitForURL(/\/experience$/);
        await expect.poll(() => v.page.locator('main ol h3').allTextContents()).toEqual([CAREER[1]!.role, CAREER[0]!.role]);
        expect(await v.page.locator('main ol').textContent()).toContain(`${CAREER[1]!.years}`);
        expect(await v.page.title()).toBe(`Experience | ${OWNER.name}`);
        const head = (selector: string) => v.page.locator(`head ${selector}`).first().getAttribute('content');
        await expect.poll(() => head('meta[name="description"]')).toBe(EXPERIENCE_DESCRIPTION);
        expect(await head('meta[property="og:description"]')).toBe(EXPERIENCE_DESCRIPTION);
        // The footer's year is this year where the owner is (UTC, as they set no time zone).
        expect(await v.page.getByRole('contentinfo').textContent()).toContain(`© ${new Date().getUTCFullYear()} ${OWNER.name}`);
        await noSampleTraces(v, 'experience');
        // The page's key figures are the owner's, with their count of roles.
        const keyFigures = v.page.locator('main dl').first().locator('dt');
        expect(await keyFigures.allTextContents()).toEqual([...FIGURES.map((f) => f.label), 'Roles']);
        expect(await v.page.content()).not.toMatch(SAMPLE_CLAIMS);
        await v.step('experience');

        // The report page a campaign sends visitors to quotes the owner's client, not the sample's.
        await v.arrive(`${app.url}/real-estate-marketing-report`);
        const quote = v.page.getByRole('region', { name: 'Testimonial' });
        await quote.scrollIntoViewIfNeeded();
        expect(await quote.locator('blockquote').textContent()).toBe(`“${TESTIMONIAL.quote}”`);
        expect(await quote.locator('figcaption').textContent()).toBe(`— ${TESTIMONIAL.author}, ${TESTIMONIAL.role}`);
        expect(await v.page.content()).not.toMatch(SAMPLE_CLAIMS);
        await v.step("the owner's testimonial");

        // The post, reached from the blog by clicking.
        await v.navigate('Blog');
        await v.page.getByRole('link', { name: POST.title }).first().click();
        await v.page.waitForURL(new RegExp(`/blog/${POST.slug}$`));
        await expect.poll(() => v.page.locator('main h1').first().textContent()).toBe(POST.title);
        const picture = v.page.getByRole('main').getByRole('img', { name: 'living-room' });
        await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
        expect(await picture.getAttribute('src')).toMatch(/^\/media\/u\/[0-9a-f-]{36}\/\d+\.webp$/);
        await noSampleTraces(v, 'post');
        await v.step('post');

        // An audit request: its report's call to action, its PDF and the confirmation mail.
        const lead = `lead+${v.width.name}@harbor-point.example`;
        await v.navigate('Free Audit');
        await v.page.waitForURL(/\/marketing-audit$/);
        const form = v.page.getByRole('main');
        await form.getByLabel('Your Business Name').fill('Harbor Point Homes');
        await form.getByLabel('Website URL').fill(site);
        await form.getByLabel('Email Address').fill(lead);
        await form.getByLabel(/I agree to receive my audit report/).check();
        await form.locator('button[type="submit"]').click();
        await v.page.waitForURL(/\/audit-report\/[A-Za-z0-9_-]{22}$/, { timeout: 10_000 });
        await v.page.getByTestId('audit-report').waitFor({ timeout: 60_000 });
        await v.page.getByTestId('nav-actions').click();
        const cta = v.page.getByTestId('schedule-call');
        expect(await cta.getAttribute('href')).toMatch(new RegExp(`^mailto:${OWNER.email.replace('.', '\\.')}\\?`));
        await noSampleTraces(v, 'report');
        await v.step('report');

        const download = v.page.waitForEvent('download', { timeout: 60_000 });
        await v.page.getByTestId('export-pdf').click();
        const pdf = readFileSync((await (await download).path())!);
        const pdfText = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
        expect(pdfText).toContain(OWNER.name);
        expect(sampleTrace(pdfText)).toBeNull();
        await v.step('pdf');

        const mail = await outboxMail(dataDir, lead, /We received your audit request/);
        const whole = `${JSON.stringify(mail.from)} ${JSON.stringify(mail.replyTo)} ${mail.text} ${mail.html}`;
        expect(whole).toContain(OWNER.name);
        expect(JSON.stringify(mail.replyTo)).toContain(OWNER.email);
        expect(sampleTrace(whole)).toBeNull();
        // Two documents: the home page, and the report page the campaign's link opened.
        await v.finish(2);
      },
      () => ({ clientAddress: nextVisitor() }),
    );
  }, 300_000);
});
