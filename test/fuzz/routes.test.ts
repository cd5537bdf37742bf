// Every public POST/PUT route (and the owner's, signed in) against hostile bodies: random
// unicode, NUL and control characters, lone surrogates, deep nesting, prototype keys, wrong
// types, huge numbers, broken JSON and multipart. No body may earn a 5xx, and a refused one
// (4xx) must change nothing in the stores. Seeded, bounded in cases and time per route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sampleProfile } from '@curb/content';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../services/launcher/src/compose.ts';
import { adminHeaders } from '../admin-login.ts';
import { createTestStores, testConfig } from '../harness.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const TIME_LIMIT_MS = 6000;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

// ---- hostile values ----------------------------------------------------------------------
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '/\udc00x',
    'x\ud83c',
    '\u0007\u001b[31m',
    '\u007f',
    '\u0085',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    '',
    ' ',
    '\r\n\r\n',
    "'; DROP TABLE leads; --",
    '%00',
    '𝒜🏡',
    'x'.repeat(5000),
    'jane@example.com',
    'https://example.com/',
    'http://127.0.0.1/',
    '#1d4ed8',
    'G-AB12CD34EF',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: anyCodeUnit, maxLength: 20 }),
);
const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', 'a\u0000', '\ud800'),
  fc.string({ maxLength: 12 }),
);
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(1e308, -1, 0, 2 ** 53 + 1, -(2 ** 31), true, false, null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 3 }),
  ),
}));

/** Own property even for "__proto__" (plain assignment would set the prototype). */
const put = (target: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

type Edit = { op: 'set' | 'add' | 'delete'; at: number; key: string; value: unknown };
const edits = fc.array(
  fc.record({ op: fc.constantFrom<Edit['op']>('set', 'set', 'add', 'delete'), at: fc.nat(), key: hostileKey, value: hostileValue }),
  { minLength: 1, maxLength: 3 },
);

/** Every object in `root` with the key that leads to it, for edits at any depth. */
function containers(root: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (node: unknown) => {
    if (node && typeof node === 'object') {
      if (!Array.isArray(node)) out.push(node as Record<string, unknown>);
      for (const child of Object.values(node)) walk(child);
    }
  };
  walk(root);
  return out;
}

/** A valid body with one to three fields replaced, added or removed. */
function mutate(seed: object, list: Edit[]): unknown {
  const body = structuredClone(seed) as Record<string, unknown>;
  for (const e of list) {
    const all = containers(body);
    const target = all[e.at % all.length]!;
    const keys = Object.keys(target);
    if (e.op === 'add' || keys.length === 0) put(target, e.key, e.value);
    else if (e.op === 'set') put(target, keys[e.at % keys.length]!, e.value);
    else delete target[keys[e.at % keys.length]!];
  }
  return body;
}

/** A raw body: a mutated valid body (mostly), broken JSON, deep nesting or any value. */
const rawBody = (seed: object) =>
  fc.oneof(
    { weight: 6, arbitrary: edits.map((list) => JSON.stringify(mutate(seed, list))) },
    { weight: 1, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 60 }) },
    { weight: 1, arbitrary: fc.integer({ min: 20, max: 20_000 }).map((n) => `{"a":${'['.repeat(n)}${']'.repeat(n)}}`) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 5000 }).map((n) => `${'{"x":'.repeat(n)}1${'}'.repeat(n)}`) },
  );

// ---- the routes --------------------------------------------------------------------------
type Store = 'leads' | 'messages' | 'audits' | 'settings' | 'funnels' | 'content' | 'trafficFunnels' | 'weeklyMail' | 'accepted';

interface Route {
  method: 'POST' | 'PUT';
  url: string;
  seed: object;
  /** What an accepted request may write: a refused one must leave it as it was. */
  touches: Store[];
  admin?: boolean;
  runs: number;
  /** Cases that must run within the time limit (a route that synthesises speech is slow). */
  minCases?: number;
  contentTypes?: string[];
}

// A site to audit must be reachable: the test network has no DNS, so a loopback address.
const SITE = 'http://127.0.0.1:8080/';
const auditLead = {
  formId: 'inline-audit',
  variant: 'inline-audit',
  source: 'Marketing Audit Page',
  website: SITE,
  businessName: 'Acme Homes',
  email: 'owner@acme-homes.example',
  emailConsent: true,
};
const funnelEdit = {
  name: 'Audit Funnel',
  title: 'Free Marketing Audit',
  subtitle: '',
  description: '',
  isActive: true,
  primaryColor: '#1d4ed8',
  config: {} as object, // filled from the stored funnel in beforeAll
  baseVersion: 1,
};

const ownerProfile = { ...sampleProfile(), name: 'Jane Porter', email: 'jane@porter.example', phone: '(703) 555-0100' };
const ownerPost = {
  slug: 'spring-checklist',
  title: 'Spring checklist',
  seoTitle: '',
  seoDescription: '',
  excerpt: 'Before the first weekend.',
  category: 'Listings',
  tags: ['Staging'],
  coverImage: '',
  markdown: '## Fix the door\n\n[site](/services)',
  status: 'published',
  publishedAt: '',
};

const ROUTES: Route[] = [
  {
    method: 'POST',
    url: '/api/events',
    touches: ['accepted'],
    seed: { name: 'page_view', path: '/services', referrer: 'https://www.google.com/', utm: { source: 'news' }, props: { q: 'x' } },
    runs: 2500,
    contentTypes: ['application/json', 'text/plain'],
  },
  {
    method: 'POST',
    url: '/api/events',
    touches: ['accepted'],
    seed: {
      events: [
        { name: 'form_submit', email: 'a@b.example', value: 3 },
        { name: 'page_view', sessionId: 's1' },
      ],
    },
    runs: 1000,
  },
  {
    method: 'POST',
    url: '/api/contact',
    touches: ['messages'],
    seed: { name: 'Sam', email: 'sam@example.com', subject: 'Hi', message: 'Call me' },
    runs: 2000,
  },
  {
    method: 'POST',
    url: '/api/contact',
    touches: ['messages'],
    seed: { firstName: 'Ana', lastName: 'Lee', email: 'ana@example.com', phone: '555 0100', subject: 'Team', message: 'Hello' },
    runs: 1000,
  },
  {
    method: 'POST',
    url: '/api/lead',
    touches: ['leads', 'audits'],
    seed: { ...auditLead, websiteData: { companyName: 'Acme LLC' }, campaignData: { utm_source: 'news' } },
    runs: 2000,
  },
  {
    method: 'POST',
    url: '/api/marketing-audit',
    touches: ['leads', 'audits'],
    seed: {
      businessName: 'Ridge Realty',
      email: 'team@ridgerealty.example',
      website: SITE,
      emailConsent: true,
      communicationConsent: false,
      formData: { email: 'team@ridgerealty.example', businessName: 'Ridge Realty' },
      source: 'Services Page',
    },
    runs: 1500,
  },
  {
    method: 'POST',
    url: '/api/chat',
    touches: ['leads', 'messages', 'settings'],
    seed: { messages: [{ role: 'user', content: 'What services do you offer?' }] },
    runs: 1500,
  },
  {
    method: 'POST',
    url: '/api/login',
    touches: ['settings'],
    seed: { email: 'someone@example.com', password: 'not the password' },
    runs: 300,
  },
  { method: 'POST', url: '/api/quick-company-lookup', touches: ['leads', 'audits'], seed: { companyName: 'Acme Homes' }, runs: 800 },
  { method: 'POST', url: '/api/text-to-speech', touches: ['settings'], seed: { text: 'Hello', format: 'wav' }, runs: 150, minCases: 30 },
  { method: 'POST', url: '/api/seo/setup-keywords', touches: ['settings'], seed: { domain: 'example.com' }, admin: true, runs: 800 },
  {
    method: 'PUT',
    url: '/api/settings/seo',
    touches: ['settings'],
    seed: { values: { site_title: 'Jane Porter Realty', site_description: 'Homes in Arlington' }, baseVersion: 0 },
    admin: true,
    runs: 1500,
  },
  {
    method: 'PUT',
    url: '/api/settings/analytics',
    touches: ['settings'],
    seed: { values: { google_analytics_id: 'G-AB12CD34EF' }, baseVersion: 0 },
    admin: true,
    runs: 800,
  },
  { method: 'PUT', url: '/api/admin/funnels/marketing-audit/config', touches: ['funnels'], seed: funnelEdit, admin: true, runs: 1500 },
  {
    method: 'PUT',
    url: '/api/admin/settings/retention',
    touches: ['settings'],
    seed: { eventsDays: 400, baseVersion: 0 },
    admin: true,
    runs: 500,
  },
  // The owner's routes added with the funnel manager, the A/B controls and the privacy page.
  { method: 'POST', url: '/api/admin/funnels/marketing-audit/revert', touches: ['funnels'], seed: { version: 1 }, admin: true, runs: 400 },
  {
    method: 'POST',
    url: '/api/admin/funnels/marketing-audit/email-preview',
    touches: ['funnels'],
    seed: { type: 'confirmation', subject: 'Thanks, {{firstName}}', body: 'We are looking at {{website}}.' },
    admin: true,
    runs: 400,
  },
  {
    method: 'POST',
    url: '/api/admin/ab-tests/audit_popup',
    touches: ['settings'],
    seed: { action: 'split', weights: { A: 60, B: 40 }, baseVersion: 0 },
    admin: true,
    runs: 400,
  },
  {
    method: 'POST',
    url: '/api/admin/access-export',
    touches: ['leads', 'audits'],
    seed: { email: 'someone@example.org' },
    admin: true,
    runs: 300,
  },
  // The owner's profile, content lists and posts.
  { method: 'PUT', url: '/api/admin/profile', touches: ['content'], seed: ownerProfile, admin: true, runs: 800 },
  {
    method: 'PUT',
    url: '/api/admin/content/figures',
    touches: ['content'],
    seed: [{ value: '15+', label: 'Years' }],
    admin: true,
    runs: 400,
  },
  { method: 'POST', url: '/api/admin/posts', touches: ['content'], seed: ownerPost, admin: true, runs: 600 },
  {
    method: 'POST',
    url: '/api/admin/media',
    touches: ['content'],
    seed: { file: 'not a picture' },
    admin: true,
    runs: 400,
    contentTypes: ['multipart/form-data; boundary=x', 'multipart/form-data', 'application/json'],
  },
  // The Traffic page's funnels and weekly e-mail.
  {
    method: 'POST',
    url: '/api/admin/traffic/funnels',
    touches: ['trafficFunnels'],
    seed: {
      name: 'Blog to lead',
      steps: [
        { kind: 'page', value: '/blog/*' },
        { kind: 'event', value: 'lead' },
      ],
    },
    admin: true,
    runs: 400,
  },
  {
    method: 'PUT',
    url: '/api/admin/traffic/weekly-email',
    touches: ['weeklyMail'],
    seed: { enabled: true, recipient: 'owner@example.com', baseVersion: 0 },
    admin: true,
    runs: 400,
  },
  // Each accepted erasure runs ClickHouse mutations: fewer, slower cases.
  {
    method: 'POST',
    url: '/api/admin/erasure',
    touches: ['settings', 'funnels'],
    seed: { email: 'nobody@example.org' },
    admin: true,
    runs: 60,
    minCases: 15,
  },
];

// ---- the product and what "changed nothing" means ----------------------------------------
let app: Awaited<ReturnType<typeof composeApp>>;
let stores: Stores;
let admin: { cookie: string; origin: string };
let address = 0;
/** Each case from its own address, so per-address rate limits do not hide the handlers. */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/** Each store's state as one value, read only for the stores a route may write (its cases are many). */
const STATE: Record<Store, () => Promise<unknown>> = {
  leads: async () => (await stores.sql`SELECT count(*) AS n FROM leads`)[0]!.n,
  messages: async () => (await stores.sql`SELECT count(*) AS n FROM contact_messages`)[0]!.n,
  audits: async () => (await stores.sql`SELECT count(*) AS n FROM audits`)[0]!.n,
  settings: async () =>
    (
      await stores.sql`SELECT md5(coalesce(string_agg(category || '/' || key || '=' || value, ',' ORDER BY category, key), '')) AS v
        FROM settings`
    )[0]!.v,
  funnels: async () => (await stores.sql`SELECT md5(coalesce(string_agg(f::text, ',' ORDER BY f.id), '')) AS v FROM funnels f`)[0]!.v,
  content: async () =>
    (
      await stores.sql`SELECT md5((SELECT coalesce(string_agg(c::text, ',' ORDER BY c.subject), '') FROM owner_content c) ||
        (SELECT coalesce(string_agg(p::text, ',' ORDER BY p.id), '') FROM posts p) ||
        (SELECT count(*)::text FROM owner_content_versions) || (SELECT count(*)::text FROM media)) AS v`
    )[0]!.v,
  trafficFunnels: async () =>
    (await stores.sql`SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t.id), '')) AS v FROM traffic_funnels t`)[0]!.v,
  weeklyMail: async () => (await stores.sql`SELECT md5(coalesce(string_agg(w::text, ','), '')) AS v FROM weekly_traffic_mail w`)[0]!.v,
  accepted: async () => ((await app.inject('/api/events/metrics')).json() as { accepted: number }).accepted,
};

async function snapshot(touches: Store[]): Promise<string> {
  const values = await Promise.all(touches.map((store) => STATE[store]()));
  return JSON.stringify(touches.map((store, i) => [store, values[i]]));
}

const tally = new Map<string, { cases: number; ok: number; refused: number }>();

beforeAll(async () => {
  stores = await createTestStores();
  app = await composeApp(testConfig({ AUDIT_ALLOW_PRIVATE_NETWORKS: 'true' }), stores);
  admin = await adminHeaders(app, stores);
  const current = (await app.inject({ url: '/api/admin/funnels/marketing-audit/config', headers: admin })).json() as {
    config: object;
    version: number;
  };
  funnelEdit.config = current.config;
  funnelEdit.baseVersion = current.version;
}, 120_000);

afterAll(async () => {
  const rows = [...tally].map(
    ([route, t]) =>
      `${route.padEnd(52)} ${String(t.cases).padStart(6)} cases  ${String(t.ok).padStart(5)} 2xx  ${String(t.refused).padStart(5)} ` +
      `4xx  0 5xx`,
  );
  console.log(`Fuzzed routes (seed ${SEED}):\n${rows.join('\n')}`);
  await app?.close();
  await stores?.close();
});

describe('hostile bodies never earn a 5xx, and a refused one changes nothing', () => {
  it.each(
    ROUTES.map((r, i) => [`${r.method} ${r.url}${ROUTES.findIndex((o) => o.url === r.url) === i ? '' : ' (second shape)'}`, r] as const),
  )(
    '%s',
    async (label, route) => {
      const stats = { cases: 0, ok: 0, refused: 0 };
      tally.set(label, stats);
      const contentType = fc.constantFrom(...(route.contentTypes ?? ['application/json']));
      // The time limit interrupts the property without waiting for the case in flight: its
      // write must land before the next route counts rows.
      let inFlight: Promise<unknown> = Promise.resolve();
      await fc.assert(
        fc.asyncProperty(rawBody(route.seed), contentType, (payload, type) => {
          const run = fuzzCase(payload, type);
          inFlight = run.catch(() => undefined);
          return run;
        }),
        { seed: SEED, numRuns: route.runs, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false, endOnFailure: true },
      );
      await inFlight;
      expect(stats.cases).toBeGreaterThan(route.minCases ?? Math.min(route.runs, 100));

      async function fuzzCase(payload: string, type: string): Promise<void> {
        const before = await snapshot(route.touches);
        const res = await app.inject({
          method: route.method,
          url: route.url,
          payload,
          remoteAddress: nextAddress(),
          headers: { 'content-type': type, 'user-agent': UA, ...(route.admin ? admin : {}) },
        });
        stats.cases += 1;
        if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${JSON.stringify(payload).slice(0, 300)}: ${res.body}`);
        if (res.statusCode >= 400) {
          stats.refused += 1;
          const after = await snapshot(route.touches);
          if (after !== before)
            throw new Error(`${res.statusCode} changed the stores for ${JSON.stringify(payload).slice(0, 300)}: ${before} -> ${after}`);
        } else stats.ok += 1;
      }
    },
    60_000,
  );

  it('refuses broken multipart recordings with a 4xx', async () => {
    const stats = { cases: 0, ok: 0, refused: 0 };
    tally.set('POST /api/speech-to-text (multipart)', stats);
    const part = fc.oneof(
      fc.string({ unit: anyCodeUnit, maxLength: 200 }),
      fc
        .tuple(hostileString, hostileString, fc.string({ maxLength: 50 }))
        .map(
          ([name, filename, data]) =>
            `--B\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: audio/wav\r\n\r\n` +
            `${data}\r\n--B--\r\n`,
        ),
      fc
        .string({ maxLength: 50 })
        .map((data) => `--B\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\n\r\nRIFF${data}`),
    );
    const type = fc.constantFrom(
      'multipart/form-data; boundary=B',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=C',
    );
    await fc.assert(
      fc.asyncProperty(part, type, async (payload, contentType) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/speech-to-text',
          payload,
          remoteAddress: nextAddress(),
          headers: { 'content-type': contentType },
        });
        stats.cases += 1;
        if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${JSON.stringify(payload).slice(0, 300)}: ${res.body}`);
        if (res.statusCode >= 400) stats.refused += 1;
        else stats.ok += 1;
      }),
      { seed: SEED, numRuns: 800, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false, endOnFailure: true },
    );
  }, 60_000);
});
