// The headline figures and the testimonials are claims about a person: a new install shows the
// sample's, an owner who has set up their profile has none until they save their own (the
// admin's lists show what the site shows), saves them as versions, and anything malformed is
// refused at its field with nothing saved. The assistant quotes only what the owner saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Figure, OwnerProfile, SiteContent, Testimonial } from '@curb/contracts/owner-content';
import { sampleFigures, sampleProfile, sampleTestimonials } from '@curb/content';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';

const ROSA: OwnerProfile = {
  ...sampleProfile(),
  name: 'Rosa Delgado',
  title: 'Listing Agent',
  company: 'Delgado Homes',
  email: 'rosa@delgado-homes.example',
  serviceArea: ['Austin', 'Round Rock'],
};

const FIGURES: Figure[] = [
  { value: '9', label: 'Years in Austin' },
  { value: '140', label: 'Homes sold' },
];

const SAID: Testimonial[] = [
  { quote: 'Rosa sold our bungalow in a week and kept us calm throughout.', author: 'Lee M.', role: 'Seller', photo: '' },
];

describe("the owner's headline figures and testimonials", () => {
  let app: FastifyInstance;
  let stores: Stores;
  let admin: { cookie: string; origin: string };
  const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });
  const bundle = async () => (await app.inject({ url: '/api/site/content' })).json() as SiteContent;
  const ask = async (question: string) =>
    (
      (await app.inject({ method: 'POST', url: '/api/chat', payload: { messages: [{ role: 'user', content: question }] } })).json() as {
        message: string;
      }
    ).message;

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig(), stores);
    admin = await adminHeaders(app, stores, 'owner@curb.test');
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  it("shows the sample's figures and testimonials while the whole site is the sample", async () => {
    const site = await bundle();
    expect(site.isSample).toBe(true);
    expect(site.figures).toEqual(sampleFigures());
    expect(site.testimonials).toEqual(sampleTestimonials());
    expect((await send('GET', '/api/admin/content/figures')).json()).toEqual(sampleFigures());
    expect((await send('GET', '/api/admin/content/testimonials')).json()).toEqual(sampleTestimonials());
    expect(await ask('What do your clients say about you?')).toContain('Dana K.');
  });

  it('refuses a malformed figure or testimonial at its field and saves nothing', async () => {
    for (const [kind, list, field, says] of [
      ['figures', [FIGURES[0], { value: '', label: 'Homes sold' }], '1.value', /1\.value/],
      ['figures', [{ value: '9', label: 'Years <b>here</b>' }], '0.label', /cannot hold line breaks, control characters or < >/],
      ['figures', Array.from({ length: 9 }, () => FIGURES[0]), '', /too long/],
      ['testimonials', [{ ...SAID[0], quote: '' }], '0.quote', /0\.quote/],
      ['testimonials', [{ ...SAID[0], author: 'x'.repeat(500) }], '0.author', /too long/],
      ['testimonials', [{ ...SAID[0], stars: 5 }], '0.stars', /Unknown field "stars"/],
    ] as const) {
      const res = await send('PUT', `/api/admin/content/${kind}`, list);
      expect(res.statusCode, `${kind} ${field}`).toBe(400);
      const body = res.json() as { message: string; field?: string };
      expect(body.message, `${kind} ${field}`).toMatch(says);
      if (field) expect(body.field, `${kind} ${field}`).toBe(field);
    }
    expect(await stores.sql`SELECT subject FROM owner_content`).toEqual([]);
    expect((await bundle()).figures).toEqual(sampleFigures());
  });

  it("shows none of the sample's figures or testimonials once the owner has set up their profile", async () => {
    expect((await send('PUT', '/api/admin/profile', ROSA)).statusCode).toBe(200);
    const site = await bundle();
    expect(site.isSample).toBe(false);
    expect(site.figures).toEqual([]);
    expect(site.testimonials).toEqual([]);
    // The admin's lists show what the site shows: nothing to mistake for the owner's own.
    expect((await send('GET', '/api/admin/content/figures')).json()).toEqual([]);
    expect((await send('GET', '/api/admin/content/testimonials')).json()).toEqual([]);
    expect(await ask('What do your clients say about you?')).not.toMatch(/Dana K\.|doubled that quarter/);
    const aboutAnswer = await ask('How many years of experience do you have?');
    expect(aboutAnswer).not.toMatch(/15\+|\$75M/);
    // The rest of the sample stays an example to edit.
    expect(site.services.length).toBeGreaterThan(0);
  });

  it('saves their own figures and testimonials as versions, and a restore brings the earlier ones back', async () => {
    expect((await send('PUT', '/api/admin/content/figures', FIGURES)).json()).toEqual(FIGURES);
    expect((await send('PUT', '/api/admin/content/testimonials', SAID)).json()).toEqual(SAID);
    let site = await bundle();
    expect(site.figures).toEqual(FIGURES);
    expect(site.testimonials).toEqual(SAID);
    expect(await ask('What do your clients say about you?')).toContain('Rosa sold our bungalow in a week');

    // Emptied on purpose: the site says nothing rather than the sample's.
    expect((await send('PUT', '/api/admin/content/figures', [])).statusCode).toBe(200);
    site = await bundle();
    expect(site.figures).toEqual([]);
    const versions = (await send('GET', '/api/admin/content-versions/figures')).json() as { version: number }[];
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect((await send('POST', '/api/admin/content-versions/figures/1/restore')).json()).toEqual(FIGURES);
    expect((await bundle()).figures).toEqual(FIGURES);
  });
});
