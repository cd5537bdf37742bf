// The owner's weekly Traffic e-mail on real PostgreSQL and chDB, through a real SMTP server on
// loopback: due on Monday morning in the owner's time zone, last week's figures against the week
// before (checked against a plain count of the generated events), the new leads, sent once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRows, type TestEvent } from '../events.ts';
import { buildVisits } from '@curb/analytics/visits';
import { leads, settings, weeklyTrafficMail } from '@curb/db';
import type { Stores } from '@curb/runtime';
import { transportsFor } from '../../services/worker/src/mail/transports.ts';
import { lastWeek, runWeeklyTrafficMail } from '../../services/worker/src/jobs/weekly-traffic-mail.ts';
import { startSmtp, type TestSmtp } from '../audit/smtp.ts';
import { createTestStores, silentLog, testConfig } from '../harness.ts';

const ZONE = 'America/New_York';
// Monday 23 November 2026, 08:00 in New York (UTC−5): last week is 16–22 November there.
const MONDAY_8AM = Date.parse('2026-11-23T13:00:00Z');
const WEEK_START = Date.parse('2026-11-16T05:00:00Z');
const WEEK_END = Date.parse('2026-11-23T05:00:00Z');
const BEFORE_START = Date.parse('2026-11-09T05:00:00Z');
const HOUR = 3_600_000;

let stores: Stores;
let smtp: TestSmtp;
const events: TestEvent[] = [];
const at = (ms: number) => (MONDAY_8AM - ms) / 60_000;

// Visits over both weeks, on each side of the New York midnights, a bot, and some this week.
let n = 0;
for (let hour = -24 * 15; hour < 10; hour += 7) {
  const ts = WEEK_START + hour * HOUR;
  const visitor = 1 + (n % 13);
  const session = `s${n++}`;
  events.push({ name: 'page_view', visitor, session, minutesAgo: at(ts), path: '/' });
  if (n % 3 === 0) events.push({ name: 'page_view', visitor, session, minutesAgo: at(ts + 60_000), path: '/services' });
  if (n % 5 === 0) events.push({ name: 'engaged', visitor, session, minutesAgo: at(ts + 90_000) });
}
events.push({ name: 'page_view', visitor: 500, minutesAgo: at(WEEK_START + 30 * HOUR), bot: true });

/** Visitors, visits and pageviews in [from, to): human page views only. */
function plain(from: number, to: number) {
  const views = events.filter((e) => {
    const ts = MONDAY_8AM - (e.minutesAgo ?? 0) * 60_000;
    return !e.bot && e.name === 'page_view' && ts >= from && ts < to;
  });
  return [new Set(views.map((e) => e.visitor)).size, new Set(views.map((e) => e.session)).size, views.length];
}

async function lead(name: string, email: string, createdAt: number) {
  const id = await leads.insert(stores.sql, {
    formId: 'inline-audit',
    source: 'Inline Audit',
    businessName: name,
    firstName: null,
    lastName: null,
    email,
    website: null,
    fields: {},
    enrichment: null,
    emailConsent: true,
    communicationConsent: false,
    submissionId: null,
  });
  await stores.sql`UPDATE leads SET created_at = ${new Date(createdAt)} WHERE id = ${id!}`;
}

const deps = () => {
  const config = testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Curb Appeal <site@example.com>' });
  return { sql: stores.sql, ch: stores.ch, config, log: silentLog, transports: transportsFor(config) };
};

beforeAll(async () => {
  smtp = await startSmtp();
  stores = await createTestStores();
  await stores.ch.insert('events', eventRows(events, MONDAY_8AM));
  await buildVisits(stores.ch, { all: true });
  await settings.save(stores.sql, 'traffic', 'time_zone', ZONE);
  await lead('Harbor <b>Homes</b>', 'harbor@example.com', WEEK_START + 50 * HOUR);
  await lead('Summit Realty', 'summit@example.com', WEEK_END - HOUR);
  await lead('Old Lead', 'old@example.com', BEFORE_START + 10 * HOUR);
  await lead('Too Late', 'late@example.com', WEEK_END + HOUR);
});
afterAll(async () => {
  await stores?.close();
  await smtp?.close();
});

describe('the weekly Traffic e-mail', () => {
  it('is due from Monday 7:00 in the owner’s time zone, for the week before', () => {
    expect(lastWeek(MONDAY_8AM, ZONE)).toEqual({ monday: '2026-11-16', sunday: '2026-11-22', due: true });
    expect(lastWeek(MONDAY_8AM - 2 * HOUR, ZONE).due).toBe(false);
    // 06:00 Monday in UTC is still Sunday in New York: the week before that one.
    expect(lastWeek(Date.parse('2026-11-23T04:00:00Z'), ZONE)).toMatchObject({ monday: '2026-11-09', due: true });
  });

  it('is off by default and sends nothing', async () => {
    expect(await weeklyTrafficMail.read(stores.sql)).toEqual({ enabled: false, recipient: '', lastWeek: null });
    expect(await runWeeklyTrafficMail(deps(), MONDAY_8AM)).toBe('off-or-sent');
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends the figures against the week before and the new leads, once', async () => {
    await weeklyTrafficMail.save(stores.sql, true, 'owner@example.com');
    expect(await runWeeklyTrafficMail(deps(), MONDAY_8AM - 2 * HOUR)).toBe('not-due');
    expect(await runWeeklyTrafficMail(deps(), MONDAY_8AM)).toBe('sent');
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toMatchObject({ text: 'owner@example.com' });
    const [visitors, visits, pageviews] = plain(WEEK_START, WEEK_END);
    const [visitorsBefore, visitsBefore, pageviewsBefore] = plain(BEFORE_START, WEEK_START);
    expect(visits).toBeGreaterThan(0);
    expect(mail.subject).toContain(`Your week 2026-11-16 to 2026-11-22: ${visitors} visitors`);
    const text = mail.text ?? '';
    expect(text).toContain(`Visitors: ${visitors} (week before: ${visitorsBefore},`);
    expect(text).toContain(`Visits: ${visits} (week before: ${visitsBefore},`);
    expect(text).toContain(`Pageviews: ${pageviews} (week before: ${pageviewsBefore},`);
    expect(text).toContain('Leads: 2 (week before: 1, +100 %)');
    expect(text).toContain('- Summit Realty <summit@example.com>, Inline Audit, 2026-11-23');
    expect(text).toContain('- Harbor <b>Homes</b> <harbor@example.com>');
    expect(text).not.toContain('Too Late');
    expect(text).not.toContain('Old Lead');
    expect(mail.html).toContain('Harbor &lt;b&gt;Homes&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Homes');
    // The hourly job comes again: the week is mailed already.
    expect(await runWeeklyTrafficMail(deps(), MONDAY_8AM + HOUR)).toBe('off-or-sent');
    expect(smtp.messages).toHaveLength(1);
  });

  it('leaves the week unclaimed when no transport takes it, so the retry sends it', async () => {
    await stores.sql`UPDATE weekly_traffic_mail SET last_week = NULL`;
    const failing = { ...deps(), transports: [{ name: 'smtp' as const, send: () => Promise.reject(new Error('refused')) }] };
    await expect(runWeeklyTrafficMail(failing, MONDAY_8AM)).rejects.toThrow(/no mail transport/);
    expect((await weeklyTrafficMail.read(stores.sql)).lastWeek).toBeNull();
    expect(await runWeeklyTrafficMail(deps(), MONDAY_8AM)).toBe('sent');
    expect(smtp.messages).toHaveLength(2);
  });
});
