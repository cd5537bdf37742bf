import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AdminPost, MediaItem, OwnerProfile, PostEdit, PublishedPost, SiteContent } from '@curb/contracts/owner-content';
import { sampleProfile } from '@curb/content';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';
import { runChecks } from '@curb/audit/checks/registry';
import { buildReport } from '@curb/audit/report/build';
import { contextOf } from '../../../../../test/audit/checks/harness.ts';

async function multipart(file: Buffer, filename = 'photo.jpg', type = 'image/jpeg', alt?: string) {
  const form = new FormData();
  if (alt !== undefined) form.append('alt', alt);
  form.append('file', new Blob([new Uint8Array(file)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

const newOwner = (): OwnerProfile => ({
  ...sampleProfile(),
  name: 'Priya Natarajan',
  initials: '',
  email: 'priya@harbourhomes.example',
  phone: '(415) 555-0199',
  bookingUrl: 'https://cal.example/priya',
  company: 'Harbour Homes',
});

const post = (over: Partial<PostEdit> = {}): PostEdit => ({
  slug: 'spring-open-house',
  title: 'Spring open house checklist',
  seoTitle: '',
  seoDescription: '',
  excerpt: 'What to fix before the first weekend.',
  category: 'Listings',
  tags: ['Staging'],
  coverImage: '',
  markdown: '## Before the weekend\n\nFix the **front door**.',
  status: 'published',
  publishedAt: '',
  ...over,
});

describe('the owner makes the site theirs', () => {
  let app: FastifyInstance;
  let stores: Stores;
  let admin: { cookie: string; origin: string };
  const config = testConfig();
  const get = (url: string) => app.inject({ url, headers: admin });
  const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = async (...args: Parameters<typeof multipart>) => {
    const form = await multipart(...args);
    return app.inject({ method: 'POST', url: '/api/admin/media', payload: form.payload, headers: { ...admin, ...form.headers } });
  };
  const bundle = async () => (await app.inject({ url: '/api/site/content' })).json() as SiteContent;

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(config, stores);
    admin = await adminHeaders(app, stores, 'owner@curb.test');
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  it('shows the sample until the owner saves a profile', async () => {
    const site = await bundle();
    expect(site.isSample).toBe(true);
    expect(site.profile.name).toBe('Morgan Ellis');
    expect(site.posts).toHaveLength(6);
    expect(site.services.length).toBeGreaterThan(0);
    const first = (await app.inject({ url: `/api/site/posts/${site.posts[0]!.slug}` })).json() as PublishedPost;
    expect(first.html).toContain('<h2>The challenge</h2>');
    expect((await get('/api/admin/profile')).json()).toMatchObject({ isSample: true, profile: { name: 'Morgan Ellis' } });
  });

  it('keeps the admin routes for the owner', async () => {
    expect((await app.inject({ url: '/api/admin/profile' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: '/api/admin/content/figures', payload: [] })).statusCode).toBe(401);
  });

  it('refuses a bad phone, e-mail or colour at the field and saves nothing', async () => {
    for (const [field, value] of [
      ['phone', 'call me'],
      ['email', 'priya at home'],
      ['brandColour', 'red'],
      ['bookingUrl', 'javascript:alert(1)'],
    ] as const) {
      const res = await send('PUT', '/api/admin/profile', { ...newOwner(), [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toMatch(/should be/);
    }
    const res = await send('PUT', '/api/admin/profile', {
      ...newOwner(),
      officeAddress: { ...newOwner().officeAddress, city: 'A<script>' },
    });
    expect(res.json()).toMatchObject({ field: 'officeAddress.city' });
    expect(await stores.sql`SELECT * FROM owner_content`).toEqual([]);
    expect((await bundle()).isSample).toBe(true);
  });

  it('saves the profile as versions, shows it at once and restores an earlier one', async () => {
    const saved = await send('PUT', '/api/admin/profile', newOwner());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ isSample: false, profile: { name: 'Priya Natarajan' } });
    const site = await bundle();
    expect(site).toMatchObject({
      isSample: false,
      profile: { name: 'Priya Natarajan', initials: 'PN', email: 'priya@harbourhomes.example' },
    });

    await send('PUT', '/api/admin/profile', { ...newOwner(), name: 'Priya N. Shah' });
    expect((await bundle()).profile.name).toBe('Priya N. Shah');
    const versions = (await get('/api/admin/content-versions/profile')).json() as { version: number; changedBy: string }[];
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions[0]!.changedBy).toBe('owner@curb.test');

    const restored = await send('POST', '/api/admin/content-versions/profile/1/restore');
    expect(restored.json().profile.name).toBe('Priya Natarajan');
    expect((await bundle()).profile.name).toBe('Priya Natarajan');
    expect((await get('/api/admin/content-versions/profile')).json()[0]).toMatchObject({ version: 3, revertedTo: 1 });
    expect((await send('POST', '/api/admin/content-versions/profile/99/restore')).statusCode).toBe(404);
  });

  it('saves a list, refuses a bad item at its field, and restores', async () => {
    const figures = [{ value: '12', label: 'Years in the Bay Area' }];
    expect((await send('PUT', '/api/admin/content/figures', figures)).json()).toEqual(figures);
    expect((await bundle()).figures).toEqual(figures);
    const bad = await send('PUT', '/api/admin/content/figures', [...figures, { value: '', label: 'Homes sold' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('1.value');
    expect((await bundle()).figures).toEqual(figures);
    expect((await send('PUT', '/api/admin/content/nothing', [])).statusCode).toBe(404);
    expect((await get('/api/admin/content/services')).json().length).toBeGreaterThan(0);
  });

  let image: MediaItem;

  it('uploads a photo: upright, without its EXIF, in the widths it has, served immutable', async () => {
    // 1500x1000 stored sideways (EXIF orientation 6): upright it is 1000 wide.
    const photo = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Camera Owner' } } })
      .toBuffer();
    const res = await upload(photo, 'me.jpg', 'image/jpeg', 'Priya');
    expect(res.statusCode).toBe(201);
    image = res.json() as MediaItem;
    expect(image).toMatchObject({ width: 1000, height: 1500, widths: [320, 640, 960], alt: 'Priya', ref: `media:${image.id}` });
    const files = readdirSync(join(config.DATA_DIR, 'media', image.id)).sort();
    expect(files).toEqual(['320.webp', '640.webp', '960.webp']);
    const served = await app.inject({ url: `/media/u/${image.id}/640.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 960 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('Secret Camera Owner')).toBe(false);
    expect((await app.inject({ url: `/media/u/${image.id}/1280.webp` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/media/u/${image.id}/..%2F..%2Fetc.webp` })).statusCode).toBe(404);
    expect((await get('/api/admin/media')).json()).toEqual([image]);

    await send('PUT', '/api/admin/profile', { ...newOwner(), photo: image.ref });
    expect((await bundle()).profile.photo).toBe(`/media/u/${image.id}/960.webp`);
  });

  it("the report's PDF names the owner of the profile, with their uploaded photo", async () => {
    const pdfOfNewReport = async () => {
      const reportId = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
      const ctx = contextOf();
      const report = buildReport({ reportId, businessName: 'Jane Smith Realty', ctx, run: runChecks(ctx), generatedAt: new Date() });
      await stores.sql`
        INSERT INTO audits (report_id, business_name, email, website, source, status, report)
        VALUES (${reportId}, 'Jane Smith Realty', 'jane@example.com', 'https://janesmithrealty.com/', 'test', 'done',
                ${stores.sql.json(report as never)})`;
      const pdf = await app.inject({ url: `/api/audit-report/${reportId}/pdf` });
      expect(pdf.statusCode).toBe(200);
      const images = execFileSync('pdfimages', ['-list', '-'], { input: pdf.rawPayload }).toString();
      return {
        text: execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload }).toString(),
        images: images.split('\n').filter((line) => /^\s*\d+\s+\d+\s+image\b/.test(line)).length,
      };
    };
    const withPhoto = await pdfOfNewReport();
    for (const owner of ['Priya Natarajan', '(415) 555-0199', 'priya@harbourhomes.example', 'cal.example/priya']) {
      expect(withPhoto.text).toContain(owner);
    }
    // (The audited fixture site lists a phone of its own; the owner's traces are their name and address.)
    expect(withPhoto.text).not.toMatch(/Morgan|morgan@/);
    // Without the photo the PDF draws initials instead: one image fewer.
    await send('PUT', '/api/admin/profile', { ...newOwner(), photo: '' });
    const withoutPhoto = await pdfOfNewReport();
    expect(withPhoto.images).toBeGreaterThan(withoutPhoto.images);
    await send('PUT', '/api/admin/profile', { ...newOwner(), photo: image.ref });
  });

  it('refuses a file that is not an image, and one over the size limit, writing nothing', async () => {
    const before = readdirSync(join(config.DATA_DIR, 'media'));
    const text = await upload(Buffer.from('<script>alert(1)</script>'), 'evil.jpg', 'image/jpeg');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ field: 'file', message: expect.stringMatching(/not an image/) });
    const huge = await upload(Buffer.alloc(50 * 1024 * 1024, 1), 'huge.png', 'image/png');
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ field: 'file', message: expect.stringMatching(/larger than 10 MB/) });
    expect(readdirSync(join(config.DATA_DIR, 'media'))).toEqual(before);
    expect((await get('/api/admin/media')).json()).toHaveLength(1);
  });

  let created: AdminPost;

  it('publishes a post with an image; its page is rendered safe, the sample posts give way', async () => {
    const markdown = [
      '## Staging',
      `![The front porch](media:${image.id})`,
      '<script>alert(1)</script>',
      '[click](javascript:alert(1)) and [site](/services) and [mail](mailto:priya@harbourhomes.example)',
      '![tracker](https://evil.example/pixel.png)',
      '<img src=x onerror=alert(1)>',
    ].join('\n\n');
    const res = await send('POST', '/api/admin/posts', post({ markdown, coverImage: image.ref }));
    expect(res.statusCode).toBe(201);
    created = res.json() as AdminPost;
    expect(created.publishedAt).toBe(new Date().toISOString().slice(0, 10));
    const site = await bundle();
    expect(site.posts.map((p) => p.slug)).toEqual(['spring-open-house']);
    expect(site.posts[0]!.coverImage).toBe(`/media/u/${image.id}/960.webp`);

    const page = (await app.inject({ url: '/api/site/posts/spring-open-house' })).json() as PublishedPost;
    expect(page.html).toContain(`src="/media/u/${image.id}/960.webp"`);
    expect(page.html).toContain(`/media/u/${image.id}/320.webp 320w`);
    expect(page.html).not.toMatch(/<script|<img src=x|<[^>]*onerror|href="javascript|evil\.example/);
    expect(page.html).toContain('&lt;script&gt;');
    expect(page.html).toContain('href="/services"');
    expect(page.html).toContain('href="mailto:priya@harbourhomes.example"');
    expect((await app.inject({ url: '/api/site/posts/transaction-management-system' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/site/posts/..%2Fadmin' })).statusCode).toBe(400);
  });

  it('refuses a colliding slug at the field, keeps drafts off the site, and deletes', async () => {
    const clash = await send('POST', '/api/admin/posts', post({ title: 'Another' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ field: 'slug' });
    const badSlug = await send('POST', '/api/admin/posts', post({ slug: 'Not A Slug' }));
    expect(badSlug.json()).toMatchObject({ field: 'slug' });

    const draft = (await send('POST', '/api/admin/posts', post({ slug: 'draft-notes', status: 'draft' }))).json() as AdminPost;
    expect((await app.inject({ url: '/api/site/posts/draft-notes' })).statusCode).toBe(404);
    expect((await get('/api/admin/posts')).json()).toHaveLength(2);
    const renamed = await send('PUT', `/api/admin/posts/${draft.id}`, post({ slug: 'spring-open-house', status: 'draft' }));
    expect(renamed.statusCode).toBe(409);

    const edited = await send('PUT', `/api/admin/posts/${created.id}`, {
      ...post(),
      title: 'Spring checklist, updated',
      publishedAt: '2026-03-01',
    });
    expect(edited.json()).toMatchObject({ version: 2, title: 'Spring checklist, updated' });
    await send('POST', `/api/admin/content-versions/post:${created.id}/1/restore`);
    expect((await get(`/api/admin/posts/${created.id}`)).json()).toMatchObject({ version: 3, title: 'Spring open house checklist' });

    expect((await send('DELETE', `/api/admin/posts/${draft.id}`)).statusCode).toBe(204);
    expect((await get(`/api/admin/posts/${draft.id}`)).statusCode).toBe(404);
    expect((await get('/api/admin/content-versions/post:nope')).statusCode).toBe(404);
  });

  it('the assistant speaks for the new owner and knows the published post', async () => {
    const ask = async (question: string) =>
      (await app.inject({ method: 'POST', url: '/api/chat', payload: { messages: [{ role: 'user', content: question }] } })).json() as {
        message: string;
        sources: { path: string }[];
      };
    const contact = await ask('How can I contact you?');
    expect(contact.message).toContain('priya@harbourhomes.example');
    expect(contact.message).toContain('(415) 555-0199');
    expect((await ask('Hello')).message).toContain("I'm Priya Natarajan's assistant");
    const post = await ask('Tell me about the spring open house checklist');
    expect(post.sources.map((s) => s.path)).toContain('/blog/spring-open-house');
    for (const q of ['How can I contact you?', 'Who are you?', 'Which magazines featured you?']) {
      expect((await ask(q)).message).not.toMatch(/Morgan|morgan@|555-0142/);
    }
  });
});

describe('the contact card', () => {
  let app: FastifyInstance;
  let stores: Stores;

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig(), stores);
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  it('is written from the profile at each download', async () => {
    const sample = await app.inject({ url: '/media/contact.vcf' });
    expect(sample.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(sample.body).toContain('FN:Morgan Ellis');
    const admin = await adminHeaders(app, stores, 'owner@curb.test');
    const payload = { ...newOwner(), name: 'Priya Natarajan', company: 'Harbour Homes, Inc; Bay' };
    expect((await app.inject({ method: 'PUT', url: '/api/admin/profile', headers: admin, payload })).statusCode).toBe(200);
    const card = await app.inject({ url: '/media/contact.vcf' });
    expect(card.headers['content-disposition']).toBe('attachment; filename="priya-natarajan.vcf"');
    expect(card.body.split('\r\n')).toEqual(
      expect.arrayContaining([
        'FN:Priya Natarajan',
        'N:Natarajan;Priya;;;',
        'ORG:Harbour Homes\\, Inc\\; Bay',
        'EMAIL;TYPE=INTERNET,WORK:priya@harbourhomes.example',
        'TEL;TYPE=CELL:(415) 555-0199',
      ]),
    );
    expect(card.body).not.toContain('Morgan');
  });
});
