// The owner's weekly Traffic e-mail: on Monday morning in the owner's time zone, last week's
// visitors, visits, pageviews and leads against the week before, and the new leads by name.
// An hourly job looks whether it is due, so a change of time zone or of the setting applies the
// next hour; the week is claimed in the transaction that sends it, so it goes out once.
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_TIME_ZONE } from '@curb/contracts/stats';
import type { ClickHouse } from '@curb/analytics';
import { runStats, isTimeZone } from '@curb/analytics/stats/index';
import { addDays, dayOf, dayRange, startOfDay } from '@curb/analytics/stats/periods';
import { leadAttribution, settings, weeklyTrafficMail, type Sql } from '@curb/db';
import { weeklyTrafficMailMessage, type WeekFigures } from '../mail/weekly-traffic.ts';
import type { MailConfig, Transport } from '../mail/transports.ts';
import { handOver } from './mail-send.ts';

/** The hour (owner's time) from which Monday's mail is due. */
export const WEEKLY_MAIL_HOUR = 7;
/** The most new leads the mail lists by name (the count covers them all). */
export const WEEKLY_MAIL_LEADS = 50;

export interface WeeklyMailDeps {
  sql: Sql;
  ch: ClickHouse;
  config: MailConfig;
  log: FastifyBaseLogger;
  transports?: Transport[];
}

export type WeeklyMailOutcome = 'sent' | 'not-due' | 'off-or-sent';

async function ownerTimeZone(sql: Sql): Promise<string> {
  const zone = await settings.find(sql, 'traffic', 'time_zone');
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The last whole week (Monday to Sunday, owner's days) before `now`'s week, and whether its mail is due. */
export function lastWeek(now: number, zone: string): { monday: string; sunday: string; due: boolean } {
  const today = dayOf(now, zone);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const thisMonday = addDays(today, -weekday);
  const hour = (now - startOfDay(today, zone)) / 3_600_000;
  return { monday: addDays(thisMonday, -7), sunday: addDays(thisMonday, -1), due: weekday > 0 || hour >= WEEKLY_MAIL_HOUR };
}

/** Last week's figures against the week before, from the Traffic page's query layer and the lead records. */
export async function weekFigures(
  deps: Pick<WeeklyMailDeps, 'sql' | 'ch'>,
  monday: string,
  sunday: string,
  zone: string,
): Promise<WeekFigures> {
  const stats = await runStats(
    deps.ch,
    { metrics: ['visitors', 'visits', 'pageviews'], date_range: [monday, sunday], comparison: 'previous_period' },
    { timeZone: zone },
  );
  const row = stats.results[0];
  const week = dayRange(monday, sunday, zone, Number.POSITIVE_INFINITY);
  const before = dayRange(addDays(monday, -7), addDays(monday, -1), zone, Number.POSITIVE_INFINITY);
  const [leads, leadsBefore, newLeads] = await Promise.all([
    leadAttribution.created(deps.sql, new Date(week.from), new Date(week.to)),
    leadAttribution.created(deps.sql, new Date(before.from), new Date(before.to)),
    leadAttribution.newest(deps.sql, new Date(week.from), new Date(week.to), WEEKLY_MAIL_LEADS),
  ]);
  const n = (v: number | null | undefined) => Number(v ?? 0);
  return {
    monday,
    sunday,
    figures: [
      { label: 'Visitors', now: n(row?.metrics[0]), before: n(row?.comparison?.metrics[0]) },
      { label: 'Visits', now: n(row?.metrics[1]), before: n(row?.comparison?.metrics[1]) },
      { label: 'Pageviews', now: n(row?.metrics[2]), before: n(row?.comparison?.metrics[2]) },
      { label: 'Leads', now: leads.length, before: leadsBefore.length },
    ],
    newLeads: newLeads.map((l) => ({ name: l.name, email: l.email, source: l.source, createdAt: l.createdAt.toISOString() })),
  };
}

/**
 * Sends last week's mail when it is due, on, and not sent yet; a transport failure throws (pg-boss
 * retries) and leaves the week unclaimed.
 */
export async function runWeeklyTrafficMail(deps: WeeklyMailDeps, now = Date.now()): Promise<WeeklyMailOutcome> {
  const zone = await ownerTimeZone(deps.sql);
  const { monday, sunday, due } = lastWeek(now, zone);
  if (!due) return 'not-due';
  const setting = await weeklyTrafficMail.read(deps.sql);
  if (!setting.enabled || !setting.recipient || (setting.lastWeek !== null && setting.lastWeek >= monday)) return 'off-or-sent';
  const figures = await weekFigures(deps, monday, sunday, zone);
  return deps.sql.begin(async (tx) => {
    const recipient = await weeklyTrafficMail.claimWeek(tx, monday);
    if (!recipient) return 'off-or-sent' as const;
    const result = await handOver(deps, weeklyTrafficMailMessage(deps.config, recipient, figures), { job: 'weekly-traffic-mail' });
    if ('errors' in result) throw new Error(`no mail transport accepted the weekly e-mail (${result.errors.join('; ')})`);
    return 'sent' as const;
  });
}
