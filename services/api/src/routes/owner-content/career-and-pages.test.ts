// The career, the pages' search descriptions and the footer's year are the owner's: a new
// install shows the sample's career and descriptions; the owner saves their own roles (added,
// removed, reordered) and descriptions as versions, anything malformed is refused at its field
// with nothing saved, a page without a description gets one built from the owner's content, and
// the year is the one it is where the owner is.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CareerEntry, OwnerProfile, PageTexts, SiteContent } from '@curb/contracts/owner-content';
import { pageSeo, sampleCareer, sampleProfile } from '@curb/content';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';
import { yearIn } from '../../plugins/site-content.ts';

const ROSA: OwnerProfile = {
  ...sampleProfile(),
  name: 'Rosa Delgado',
  title: 'Listing Agent',
  tagline: 'Homes sold with care in the Hill Country.',
  company: 'Delgado Homes',
  email: 'rosa@delgado-homes.example',
  serviceArea: ['Austin', 'Round Rock'],
};

const role = (over: Partial<CareerEntry> = {}): CareerEntry => ({
  role: 'Listing Agent',
  company: 'Delgado Homes',
  years: '2019 – Present',
  location: 'Austin, TX',
  description: 'Lists and sells family homes north of the river.',
  achievements: ['Sold 140 homes'],
  skills: ['Staging'],
  ...over,
});

describe("the owner's career, page descriptions and footer year", () => {
  let app: FastifyInstance;
  let stores: Stores;
  let admin: { cookie: string; origin: string };
  const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });
  const bundle = async () => (await app.inject({ url: '/api/site/content' })).json() as SiteContent;
  const llms = async () => (await app.inject({ url: '/llms.txt' })).body;
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
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts with the sample's career and descriptions, and this year", async () => {
    const site = await bundle();
    expect(site.career).toEqual(sampleCareer());
    expect(site.career.map((r) => r.role)).toHaveLength(7);
    expect(site.pageTexts).toEqual({ descriptions: {} });
    expect(site.year).toBe(new Date().getUTCFullYear());
    expect((await send('GET', '/api/admin/content/career')).json()).toEqual(sampleCareer());
    expect((await send('GET', '/api/admin/page-texts')).json()).toEqual({ descriptions: {} });
    // The sample's own descriptions stay on the sample.
    expect(await llms()).toContain(pageSeo.find((p) => p.path === '/services')!.description);
  });

  it('refuses a malformed career at the field and saves nothing', async () => {
    for (const [career, field, says] of [
      [[role({ role: '' })], '0.role', /0\.role/],
      [[role(), role({ company: '<script>x</script>' })], '1.company', /cannot hold line breaks, control characters or < >/],
      [[role({ years: 'x'.repeat(61) })], '0.years', /too long \(at most 60 characters\)/],
      [[role({ description: 'Sold <b>140</b> homes' })], '0.description', /cannot hold/],
      [[role({ skills: Array.from({ length: 13 }, (_, i) => `skill ${i}`) })], '0.skills', /0\.skills/],
      [[{ ...role(), salary: '100k' }], '0.salary', /Unknown field "salary"/],
    ] as const) {
      const res = await send('PUT', '/api/admin/content/career', career);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ field, message: expect.stringMatching(says) });
    }
    const tooMany = await send(
      'PUT',
      '/api/admin/content/career',
      Array.from({ length: 31 }, () => role()),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(await stores.sql`SELECT subject FROM owner_content`).toEqual([]);
    expect((await bundle()).career).toEqual(sampleCareer());
  });

  it("shows none of the sample person's career once the owner has set up their profile", async () => {
    expect((await send('PUT', '/api/admin/profile', ROSA)).statusCode).toBe(200);
    expect((await bundle()).career).toEqual([]);
    expect((await send('GET', '/api/admin/content/career')).json()).toEqual([]);
    expect(await ask('Which companies have you worked for?')).not.toMatch(/Capital Keys|Potomac Home Partners/);
    expect(await llms()).toContain('The career of Rosa Delgado in Austin and Round Rock.');
    // The rest of the sample stays an example to edit.
    expect((await bundle()).services.length).toBeGreaterThan(0);
  });

  it('saves roles added, removed and reordered as versions, and a restore brings the earlier list back', async () => {
    const [first, second] = sampleCareer();
    const mine = [role(), { ...second!, location: '' }, first!];
    const saved = await send('PUT', '/api/admin/content/career', mine);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(mine);
    expect((await bundle()).career).toEqual(mine);

    // A NUL byte is replaced at the edge, so the rest of what the owner typed is kept.
    const typed = await send('PUT', '/api/admin/content/career', [role({ description: 'Sold 140\u0000homes' })]);
    expect(typed.json()).toEqual([role({ description: 'Sold 140\ufffdhomes' })]);

    const reordered = [mine[2]!, mine[0]!];
    expect((await send('PUT', '/api/admin/content/career', reordered)).statusCode).toBe(200);
    expect((await bundle()).career.map((r) => r.role)).toEqual([first!.role, 'Listing Agent']);

    const versions = (await send('GET', '/api/admin/content-versions/career')).json() as { version: number }[];
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect((await send('POST', '/api/admin/content-versions/career/1/restore')).json()).toEqual(mine);
    expect((await bundle()).career).toEqual(mine);
    // The assistant answers from the roles saved.
    expect(await ask('What is your work experience?')).toMatch(/most recent role is Listing Agent at Delgado Homes/);
  });

  it('refuses a description that is too long, holds markup or names no page, and saves nothing', async () => {
    for (const [body, field, says] of [
      [{ descriptions: { services: 'x'.repeat(301) } }, 'descriptions.services', /too long \(at most 300 characters\)/],
      [{ descriptions: { blog: 'Read <b>this</b>' } }, 'descriptions.blog', /cannot hold line breaks, control characters or < >/],
      [{ descriptions: { home: 'two\nlines' } }, 'descriptions.home', /cannot hold/],
      [{ descriptions: { contact: 'A page that has no description' } }, 'descriptions.contact', /Unknown field "contact"/],
      [{ descriptions: { home: 42 } }, 'descriptions.home', /must be text/],
    ] as const) {
      const res = await send('PUT', '/api/admin/page-texts', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ field, message: expect.stringMatching(says) });
    }
    expect((await send('PUT', '/api/admin/page-texts', { descriptions: {}, titles: {} })).statusCode).toBe(400);
    expect(await stores.sql`SELECT subject FROM owner_content WHERE subject = 'pages'`).toEqual([]);
  });

  it("builds a page's description from the owner's content until they write their own", async () => {
    const built = await llms();
    expect(built).toContain('The career of Rosa Delgado: 3 roles, now Listing Agent at Delgado Homes.');
    expect(built).toContain('Case studies and articles by Rosa Delgado in Austin and Round Rock.');
    expect(built).not.toContain(pageSeo.find((p) => p.path === '/services')!.description);

    // A short description is the owner's choice: the admin warns, the server keeps it.
    const texts: PageTexts = { descriptions: { services: 'Listing homes in Austin.', blog: '' } };
    const saved = await send('PUT', '/api/admin/page-texts', texts);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(texts);
    expect((await bundle()).pageTexts).toEqual(texts);
    const written = await llms();
    expect(written).toContain('/services): Listing homes in Austin.');
    // An empty one is no description: the built one stands.
    expect(written).toContain('Case studies and articles by Rosa Delgado in Austin and Round Rock.');

    expect((await send('PUT', '/api/admin/page-texts', { descriptions: {} })).statusCode).toBe(200);
    expect(await llms()).not.toContain('Listing homes in Austin.');
    const versions = (await send('GET', '/api/admin/content-versions/pages')).json() as { version: number }[];
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect((await send('POST', '/api/admin/content-versions/pages/1/restore')).json()).toEqual(texts);
    expect(await llms()).toContain('/services): Listing homes in Austin.');
  });

  it("dates the footer in the owner's time zone", async () => {
    // New Year's Day at 05:00 UTC is still New Year's Eve in Los Angeles.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T05:00:00Z') });
    const setZone = async (time_zone: string) => {
      const { version } = (await send('GET', '/api/admin/settings/traffic')).json() as { version: number };
      const res = await send('PUT', '/api/settings/traffic', { values: { time_zone }, baseVersion: version });
      expect(res.statusCode).toBe(200);
      // A save of the content reads the bundle again at once.
      await send('PUT', '/api/admin/page-texts', { descriptions: {} });
    };
    await setZone('America/Los_Angeles');
    expect((await bundle()).year).toBe(2025);
    await setZone('UTC');
    expect((await bundle()).year).toBe(2026);
    await setZone('');
    expect((await bundle()).year).toBe(2026);
  });
});

describe('the year where the owner is', () => {
  it('is the calendar year in their time zone, UTC for a zone the runtime does not know', () => {
    const eve = new Date('2026-12-31T12:00:00Z');
    expect(yearIn('UTC', eve)).toBe(2026);
    expect(yearIn('Pacific/Kiritimati', eve)).toBe(2027);
    expect(yearIn('America/New_York', new Date('2027-01-01T03:00:00Z'))).toBe(2026);
    expect(yearIn('Mars/Olympus_Mons', eve)).toBe(2026);
  });
});
