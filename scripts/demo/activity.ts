// Realistic visitor activity sent to a running product through its public endpoints, as
// browsers would send it: tracker beacons to POST /api/events and audit requests to
// POST /api/marketing-audit. Nothing is written to a table directly, so every admin
// figure it produces went through validation, the spool and the dashboards' SQL.
// Every visitor who converts in the beacons is one audit request with the same e-mail, and
// each asks for an audit of a sample site served on loopback, so A/B, retargeting, funnels
// and audits count the same leads and the audits finish without the internet.
import { randomUUID } from 'node:crypto';
import { popupVariantDefaults } from '@curb/content';
import type { TrackedEvent } from '@curb/contracts/events';
import { RATE_LIMITS, RATE_WINDOW_MS } from '@curb/contracts/limits';
import { EVENTS, LEAD_VALUE_USD, VARIANT_TEXT_PROP } from '@curb/contracts/tracking';
import { startSampleSites, type SampleSites } from './sample-sites.ts';

export interface DemoOptions {
  /** Visitor sessions to simulate. */
  visitors: number;
  /** Audit requests to post (the forms allow 10 a minute per address: more wait their turn). */
  leads: number;
  /** Seed of the pseudo-random choices, so a run can be repeated. */
  seed?: number;
  /** How far back the sessions reach; the collector takes client times up to 24 h old. */
  spanMs?: number;
  log?: (line: string) => void;
}

export interface DemoResult {
  sessions: number;
  events: number;
  leads: Array<{ businessName: string; email: string; website: string; reportId: string }>;
  /** The sample sites the audits read: keep them up until the audits finish, then close. */
  sites: SampleSites;
}

/** A product that refuses loopback sites: the demo's audits could only fail there. */
export class LoopbackRefusedError extends Error {}

export const DEMO_TEST_TYPE = 'audit_popup';
/** What each popup variant shows a visitor until the owner rewrites it: the demo's exposures name the text the site shows. */
export const DEMO_VARIANTS = { A: popupVariantDefaults('A').title, B: popupVariantDefaults('B').title } as const;

/** Browsers with the screen width their tracker reports (desktop, laptop, phone, phone). */
const BROWSERS = [
  {
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    screenWidth: 1920,
  },
  {
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Safari/605.1.15',
    screenWidth: 1440,
  },
  {
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
      'Version/19.0 Mobile/15E148 Safari/604.1',
    screenWidth: 390,
  },
  {
    userAgent: 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
    screenWidth: 412,
  },
];

interface Channel {
  weight: number;
  referrer?: string;
  utm?: TrackedEvent['utm'];
}
const CHANNELS: Channel[] = [
  { weight: 35, referrer: 'https://www.google.com/' },
  { weight: 20, utm: { source: 'facebook', medium: 'cpc', campaign: 'spring-listings' } },
  { weight: 10, utm: { source: 'newsletter', medium: 'email', campaign: 'monthly-market-update' } },
  { weight: 10, referrer: 'https://www.linkedin.com/' },
  { weight: 25 },
];

const BUSINESSES = [
  'Harbor Point Realty',
  'Maple & Main Homes',
  'Capitol Hill Properties',
  'Riverbend Real Estate',
  'Northside Luxury Group',
  'Arlington Key Realty',
  'Blue Door Brokers',
  'Summit Ridge Homes',
  'Georgetown Living',
  'Old Town Property Co',
  'Potomac View Realty',
  'Cedar Lane Homes',
  'Union Station Realty',
  'Foggy Bottom Estates',
  'Brookland Home Team',
  'Falls Church Realty',
  'Alexandria Nest',
  'Navy Yard Residential',
  'Shaw Street Homes',
  'Tenleytown Realty',
];

/** mulberry32: small, fast, good enough for picking demo values. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function post(baseUrl: string, path: string, body: unknown, userAgent: string): Promise<Response> {
  return fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent, origin: new URL(baseUrl).origin },
    body: JSON.stringify(body),
  });
}

export async function sendDemoActivity(baseUrl: string, options: DemoOptions): Promise<DemoResult> {
  const rnd = random(options.seed ?? 20_261_122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const log = options.log ?? (() => {});
  const span = Math.min(options.spanMs ?? 23 * 3_600_000, 23 * 3_600_000);
  const now = Date.now();
  const channelTotal = CHANNELS.reduce((s, c) => s + c.weight, 0);
  const channel = () => {
    let r = rnd() * channelTotal;
    return CHANNELS.find((c) => (r -= c.weight) < 0) ?? CHANNELS.at(-1)!;
  };

  const batches: Array<{ userAgent: string; events: TrackedEvent[] }> = [];
  const converted: Array<{ email: string; businessName: string; userAgent: string }> = [];
  let events = 0;

  for (let v = 0; v < options.visitors; v++) {
    const sessionId = randomUUID();
    // Every demo visit comes from this one machine: without the first-party id (sent after
    // consent) the server's cookieless id would fold them all into a handful of visitors.
    const visitorId = randomUUID();
    const { userAgent, screenWidth } = pick(BROWSERS);
    const from = channel();
    // As the tracker does: the session's referrer and campaign (read on its landing page) and
    // the screen width go with every event of the session, not only its first page view, so
    // a goal or a lead is attributed to the channel that brought the visit.
    const session: Partial<TrackedEvent> = {
      visitorId,
      screenWidth,
      ...(from.referrer && { referrer: from.referrer }),
      ...(from.utm && { utm: from.utm }),
    };
    let ts = now - Math.floor(rnd() * span) - 60_000;
    const list: TrackedEvent[] = [];
    const add = (name: string, extra: Partial<TrackedEvent> = {}) => {
      ts += 3_000 + Math.floor(rnd() * 40_000);
      list.push({ name, ts: Math.min(ts, now), eventId: randomUUID(), sessionId, ...session, ...extra });
    };
    const view = (path: string) => add(EVENTS.pageView, { path });

    const landing = rnd() < 0.55 ? '/' : pick(['/marketing-audit', '/services', '/real-estate-marketing-report', '/blog']);
    view(landing);
    if (landing === '/marketing-audit') add(EVENTS.landingView, { path: landing });
    const pages = Math.floor(rnd() * 4);
    for (let p = 0; p < pages; p++) view(pick(['/services', '/experience', '/blog', '/marketing-audit', '/']));
    if (pages >= 2 && rnd() < 0.5) add(EVENTS.engaged, { path: '/' });

    if (rnd() < 0.6) {
      const variant = rnd() < 0.5 ? 'A' : 'B';
      add(EVENTS.popupView, { path: '/', props: { popup: 'audit-popup' } });
      add(EVENTS.abImpression, { path: '/', testType: DEMO_TEST_TYPE, variant, props: { [VARIANT_TEXT_PROP]: DEMO_VARIANTS[variant] } });
      const clickRate = variant === 'B' ? 0.45 : 0.3;
      if (rnd() < clickRate) {
        add(EVENTS.abClick, { path: '/', testType: DEMO_TEST_TYPE, variant });
        add(EVENTS.formStart, { path: '/', props: { form: 'popup-image' } });
        // A conversion in the beacons is a lead posted below: no more of them than leads.
        if (converted.length < options.leads && rnd() < (variant === 'B' ? 0.65 : 0.5)) {
          const businessName = `${pick(BUSINESSES)}${v % 3 === 0 ? ` ${v}` : ''}`;
          const email = `${businessName
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '.')
            .replace(/^\.|\.$/g, '')}.${v}@example.com`;
          add(EVENTS.formSubmit, { path: '/', email, props: { form: 'popup-image' } });
          add(EVENTS.lead, { path: '/', email, value: LEAD_VALUE_USD });
          add(EVENTS.abConversion, { path: '/', testType: DEMO_TEST_TYPE, variant, email });
          add(EVENTS.conversion, { path: '/', email });
          converted.push({ email, businessName, userAgent });
        }
      }
    }
    events += list.length;
    batches.push({ userAgent, events: list });
  }

  // Beacons: one request per session (the tracker batches per page), a few in flight.
  for (let i = 0; i < batches.length; i += 8) {
    await Promise.all(
      batches.slice(i, i + 8).flatMap(({ userAgent, events: list }) => {
        const chunks = [];
        for (let c = 0; c < list.length; c += 100) chunks.push(list.slice(c, c + 100));
        return chunks.map(async (chunk) => {
          const res = await post(baseUrl, '/api/events', { events: chunk }, userAgent);
          if (res.status !== 202) throw new Error(`POST /api/events answered ${res.status}: ${await res.text()}`);
        });
      }),
    );
  }
  log(`${options.visitors} visitor sessions, ${events} events sent`);

  const sites = await startSampleSites(
    converted.map((lead) => lead.businessName),
    rnd,
  );
  const leads: DemoResult['leads'] = [];
  try {
    for (const [i, lead] of converted.entries()) {
      const website = sites.urls[i]!;
      const body = { businessName: lead.businessName, email: lead.email, website, emailConsent: true, source: 'Audit Popup' };
      for (;;) {
        const res = await post(baseUrl, '/api/marketing-audit', body, lead.userAgent);
        if (res.status === 429) {
          const wait = Number(res.headers.get('retry-after') ?? 10);
          log(`form limit reached: waiting ${wait} s`);
          await new Promise((r) => setTimeout(r, wait * 1000));
          continue;
        }
        const text = await res.text();
        if (res.status === 400 && /private or reserved network/.test(text)) {
          throw new LoopbackRefusedError('The product refuses to audit sites on this machine (AUDIT_ALLOW_PRIVATE_NETWORKS is off).');
        }
        if (!res.ok) throw new Error(`POST /api/marketing-audit answered ${res.status}: ${text}`);
        leads.push({
          businessName: lead.businessName,
          email: lead.email,
          website,
          reportId: (JSON.parse(text) as { reportId: string }).reportId,
        });
        break;
      }
    }
  } catch (err) {
    await sites.close();
    throw err;
  }
  log(`${leads.length} audit requests posted`);
  return { sessions: options.visitors, events, leads, sites };
}

/** Reads of one report a minute the API allows an address; the demo stays under it. */
const POLL_GAP_MS = Math.ceil(RATE_WINDOW_MS / RATE_LIMITS.reportView) + 100;

/**
 * Waits until every demo audit is ready or failed, however long the queue takes (audits run a
 * few at a time, each with a lab run): it gives up only when no audit has moved for `stallMs`.
 * The caller keeps the sample sites up until this returns, so no audit is failed by a site
 * that closed under it. Reports are read one at a time, under the API's per-address limit.
 */
export async function waitForAudits(
  baseUrl: string,
  leads: DemoResult['leads'],
  options: { stallMs: number; log?: (line: string) => void },
): Promise<{ ready: number; failed: number; pending: number }> {
  const states = new Map<string, string>();
  let lastMove = Date.now();
  let reported = -1;
  for (;;) {
    for (const lead of leads) {
      const before = states.get(lead.reportId);
      if (before === 'ready' || before === 'failed') continue;
      await new Promise((r) => setTimeout(r, POLL_GAP_MS));
      const res = await fetch(new URL(`/api/audit-report/${lead.reportId}`, baseUrl));
      if (res.status === 429) {
        await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 5) * 1000));
        continue;
      }
      const body = (await res.json().catch(() => ({}))) as { status?: string; progress?: number; stage?: string };
      // A stage or progress change counts as movement: a long lab run is not a stall.
      const now = body.status === 'pending' ? `pending ${body.progress ?? 0} ${body.stage ?? ''}` : (body.status ?? before ?? 'pending');
      if (now !== before) lastMove = Date.now();
      states.set(lead.reportId, now);
    }
    const count = (status: string) => [...states.values()].filter((s) => s === status).length;
    const done = count('ready') + count('failed');
    if (done !== reported) options.log?.(`audits finished: ${done} of ${leads.length}`);
    reported = done;
    if (done === leads.length || Date.now() - lastMove > options.stallMs)
      return { ready: count('ready'), failed: count('failed'), pending: leads.length - done };
  }
}
