// What an owner would change is their data, not the product's: the review rating (a new install
// carries the sample's figures, the owner saves theirs with the profile as a version, a figure out
// of range is refused at its field with nothing saved, the assistant answers from what was saved)
// and the brand colour of the pages the server writes itself (the unsubscribe page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { OwnerProfile, SiteContent } from '@curb/contracts/owner-content';
import { sampleProfile } from '@curb/content';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';

/** A new owner's profile without any review figures (the sample's are not theirs). */
function newOwner(): OwnerProfile {
  const { ratingValue: _value, reviewCount: _count, priceRange: _prices, ...profile } = sampleProfile();
  return { ...profile, name: 'Rosa Delgado', initials: '', email: 'rosa@delgado-homes.example', company: 'Delgado Homes' };
}

describe("the owner's review rating and brand colour", () => {
  let app: FastifyInstance;
  let stores: Stores;
  let admin: { cookie: string; origin: string };
  const send = (method: 'PUT' | 'POST', url: string, payload?: unknown) =>
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

  it('starts with the sample figures on a new install', async () => {
    const site = await bundle();
    expect(site.isSample).toBe(true);
    expect(site.profile).toMatchObject({ ratingValue: 4.9, reviewCount: 127, priceRange: 'Free audit; consulting by quote' });
    expect(await ask("What's your client rating?")).toMatch(/4\.9/);
  });

  it('refuses a rating outside 1.0-5.0 or a count that is not a positive whole number, at the field, saving nothing', async () => {
    for (const [field, value, says] of [
      ['ratingValue', 0.5, /ratingValue should be your average review rating from 1\.0 to 5\.0/],
      ['ratingValue', 5.1, /ratingValue should be/],
      ['ratingValue', 'excellent', /ratingValue should be/],
      ['ratingValue', null, /ratingValue should be/],
      ['reviewCount', 0, /reviewCount should be the number of reviews, a whole number of 1 or more/],
      ['reviewCount', -3, /reviewCount should be/],
      ['reviewCount', 12.5, /reviewCount should be/],
      ['reviewCount', '40', /reviewCount should be/],
      ['reviewCount', 1e12, /reviewCount should be/],
    ] as const) {
      const res = await send('PUT', '/api/admin/profile', { ...newOwner(), ratingValue: 4.5, reviewCount: 12, [field]: value });
      expect(res.statusCode, `${field} ${String(value)}`).toBe(400);
      expect(res.json(), `${field} ${String(value)}`).toMatchObject({ field, message: expect.stringMatching(says) });
    }
    expect(await stores.sql`SELECT * FROM owner_content`).toEqual([]);
    expect((await bundle()).profile).toMatchObject({ name: 'Morgan Ellis', ratingValue: 4.9, reviewCount: 127 });
  });

  it('saves the figures with the profile as a version, and a restore brings the earlier ones back', async () => {
    const none = await send('PUT', '/api/admin/profile', newOwner());
    expect(none.statusCode).toBe(200);
    expect((await bundle()).profile).not.toHaveProperty('ratingValue');
    expect(await ask("What's your client rating?")).not.toMatch(/4\.9|127/);

    const rated = await send('PUT', '/api/admin/profile', { ...newOwner(), ratingValue: 4.7, reviewCount: 38 });
    expect(rated.json().profile).toMatchObject({ ratingValue: 4.7, reviewCount: 38 });
    expect((await bundle()).profile).toMatchObject({ name: 'Rosa Delgado', ratingValue: 4.7, reviewCount: 38 });
    expect(await ask("What's your client rating?")).toMatch(/4\.7 average rating from 38 client reviews/);

    // The bounds themselves are ratings an owner may have.
    for (const [ratingValue, reviewCount] of [
      [1, 1],
      [5, 10_000_000],
    ]) {
      expect((await send('PUT', '/api/admin/profile', { ...newOwner(), ratingValue, reviewCount })).statusCode).toBe(200);
    }

    const restored = await send('POST', '/api/admin/content-versions/profile/2/restore');
    expect(restored.statusCode).toBe(200);
    expect((await bundle()).profile).toMatchObject({ ratingValue: 4.7, reviewCount: 38 });
    const first = await send('POST', '/api/admin/content-versions/profile/1/restore');
    expect(first.statusCode).toBe(200);
    expect((await bundle()).profile).not.toHaveProperty('reviewCount');
  });

  it('saves the prices the structured data states, refusing markup at the field', async () => {
    const bad = await send('PUT', '/api/admin/profile', { ...newOwner(), priceRange: '<b>cheap</b>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'priceRange', message: 'priceRange cannot hold line breaks, control characters or < >.' });
    const long = await send('PUT', '/api/admin/profile', { ...newOwner(), priceRange: 'x'.repeat(101) });
    expect(long.json()).toMatchObject({ field: 'priceRange', message: 'priceRange is too long (at most 100 characters).' });
    expect((await bundle()).profile).not.toHaveProperty('priceRange');
    await send('PUT', '/api/admin/profile', { ...newOwner(), priceRange: 'Free consultation; listings from 2.5%' });
    expect((await bundle()).profile.priceRange).toBe('Free consultation; listings from 2.5%');
  });

  it('writes the unsubscribe page in the saved brand colour', async () => {
    const before = await app.inject({ url: `/api/unsubscribe/${'0'.repeat(32)}` });
    expect(before.body).toContain(`style="color:${sampleProfile().brandColour}"`);
    await send('PUT', '/api/admin/profile', { ...newOwner(), brandColour: '#0f766e' });
    const page = await app.inject({ url: `/api/unsubscribe/${'0'.repeat(32)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('no more e-mails from Rosa Delgado');
    expect(page.body).toContain('<a href="/" style="color:#0f766e">Back to the site</a>');
  });
});
