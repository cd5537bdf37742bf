// Which visits brought the leads, and one lead's journey. A lead (a PostgreSQL record) is tied to
// the visitor ids that gave its address (the identities rollup, ClickHouse migration 0036); its
// visits are those visitors' visits as the Traffic page counts them (the visits table, ClickHouse
// migration 0051). First touch: the lead's earliest visit; last touch: its latest visit that began
// at or before the lead was created. Under the Traffic page's filters a lead counts when that
// touch is a visit the filters keep: the stats layer's own condition, read on the same visit row.
// A journey lists the lead's page views, grouped into visits by the same key.
// Definitions: docs/traffic-metrics.md.
import {
  type AttributionDimension,
  type AttributionMetric,
  type AttributionRow,
  JOURNEY_MAX_PAGES,
  JOURNEY_MAX_VISITS,
  NO_CAMPAIGN,
  type JourneyMilestone,
  type JourneyVisit,
  type Touch,
  type TouchModel,
  UNTRACKED,
} from '@curb/contracts/traffic-attribution';
import type { ClickHouse } from '../clickhouse.ts';
import { perEngine } from '../engine.ts';
import { channelSql, sourceSql } from '../stats/dimensions.ts';
import type { Statement } from '../stats/sql.ts';
import { SESSION_KEY } from '../visits.ts';
import { chTime, isoTime } from './period.ts';

/** What the attribution needs of a lead; the flags come from its audits in PostgreSQL. */
export interface AttributedLead {
  email: string;
  createdAt: number;
  auditRequested: boolean;
  reportOpened: boolean;
  emailOpened: boolean;
}

type EntryRow = {
  started: string;
  landing: string;
  channel: string;
  source: string;
  referrer: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
};

const touchOf = (row: EntryRow): Touch => ({
  startedAt: isoTime(row.started),
  channel: row.channel,
  source: row.source,
  referrer: row.referrer,
  utmSource: row.utm_source,
  utmMedium: row.utm_medium,
  utmCampaign: row.utm_campaign,
  landingPage: row.landing,
});

// A journey's visit: its page views grouped by the visits table's key (SESSION_KEY). Its entry is
// named as the visits table's columns (read as `s`), so its channel and source are the Traffic
// page's own (stats/dimensions.ts); the page views' own columns come in as e_*.
const ENTRY_COLUMNS = `min(ts) AS started, argMin(path, ts) AS landing, argMin(toString(e_referrer_domain), ts) AS referrer_domain,
         argMin(toString(e_utm_source), ts) AS utm_source, argMin(toString(e_utm_medium), ts) AS utm_medium,
         argMin(e_utm_campaign, ts) AS utm_campaign`;
const PAGE_VIEW_COLUMNS = `ts, path, referrer_domain AS e_referrer_domain, utm_source AS e_utm_source, utm_medium AS e_utm_medium,
             utm_campaign AS e_utm_campaign`;
const ENTRY = `started, landing, ${channelSql()} AS channel, ${sourceSql()} AS source,
       s.referrer_domain AS referrer, s.utm_source AS utm_source, s.utm_medium AS utm_medium, s.utm_campaign AS utm_campaign`;
/** A touch: the visit's entry, and whether the filters keep it (1 without filters). */
const TOUCH_TUPLE = 'tuple(started, landing, channel, source, referrer, utm_source, utm_medium, utm_campaign, kept)';
// Looked up once per lead visitor (a hash of the addresses), not once per visit and use.
const CONVERTED = "transform(email, {emails:Array(String)}, {converted:Array(DateTime64(3, 'UTC'))}, toDateTime64(0, 3, 'UTC'))";

const IDS = `SELECT email, visitor FROM identities
  WHERE is_bot = 0 AND has({emails:Array(String)}, email) GROUP BY email, visitor`;
const LEAD_IDS = 'SELECT DISTINCT visitor FROM identities WHERE is_bot = 0 AND email = {email:String}';

/** The statements on `engine`: a subquery over the events is GLOBAL IN on a cluster, and each JOIN's left side is a subquery. */
export const attributionSql = perEngine((engine) => ({
  /**
   * Per lead address: its first visit, and its last visit by the time it became a lead (bound per
   * address as parallel arrays), each with whether it meets `kept` (the stats layer's filter
   * condition over the visits row `s`). Only the leads' visitors' visits are read; FINAL leaves
   * each visit's latest version alone.
   */
  touches: (kept: string) => `
WITH ids AS (${IDS})
SELECT v.email AS email,
       argMin(${TOUCH_TUPLE}, started) AS first,
       argMaxIf(${TOUCH_TUPLE}, started, started <= converted) AS last,
       countIf(started <= converted) AS before
FROM (
  SELECT i.email AS email, i.converted AS converted, x.*
  FROM (
    SELECT s.visitor AS visitor, s.start AS started, s.entry_page AS landing, s.channel AS channel, s.source AS source,
           s.referrer_domain AS referrer, s.utm_source AS utm_source, s.utm_medium AS utm_medium, s.utm_campaign AS utm_campaign,
           toUInt8(${kept}) AS kept
    FROM visits AS s FINAL
    WHERE s.visitor ${engine.inSubquery} (SELECT visitor FROM ids)
  ) AS x INNER JOIN (SELECT email, visitor, ${CONVERTED} AS converted FROM ids) AS i ON i.visitor = x.visitor
) AS v
GROUP BY v.email
${engine.readSettings}`,
  /** The leads' visitors that booked a consultation (visitor_consultations), for the leads with no recorded visit too. */
  consulted: `
WITH ids AS (${IDS})
SELECT DISTINCT i.email AS email
FROM (
  SELECT DISTINCT visitor FROM visitor_consultations WHERE visitor ${engine.inSubquery} (SELECT visitor FROM ids)
) AS e INNER JOIN ids AS i ON i.visitor = e.visitor
${engine.readSettings}`,
  /** One lead's visits, latest first, with their pages in order. */
  journeyVisits: `
SELECT ${ENTRY}, pages
FROM (
  SELECT visit, ${ENTRY_COLUMNS},
         arraySlice(arraySort(x -> x.2, groupArray((path, ts))), 1, ${JOURNEY_MAX_PAGES}) AS pages
  FROM (
    SELECT ${SESSION_KEY} AS visit, ${PAGE_VIEW_COLUMNS}
    FROM events WHERE is_bot = 0 AND name = 'page_view' AND visitor_id ${engine.inSubquery} (${LEAD_IDS})
  )
  GROUP BY visit
) AS s
ORDER BY started DESC LIMIT ${JOURNEY_MAX_VISITS}
${engine.readSettings}`,
  /** One lead's own steps: e-mail opens and report views carry the address; consultations come from its visitors. */
  journeyMilestones: `
SELECT name, ts, path FROM events
WHERE is_bot = 0 AND (
  (email = {email:String} AND name IN ('email_open', 'report_view'))
  OR (name IN ('consultation_initiated', 'consultation_booked') AND visitor_id ${engine.inSubquery} (${LEAD_IDS}))
)
ORDER BY ts LIMIT 500
${engine.readSettings}`,
}));

type EntryTuple = [string, string, string, string, string, string, string, string];
type TouchTuple = [...EntryTuple, kept: number];
type TouchRow = {
  email: string;
  first: TouchTuple;
  last: TouchTuple;
  before: number | string;
};

const entry = ([started, landing, channel, source, referrer, utm_source, utm_medium, utm_campaign]: EntryTuple | TouchTuple): EntryRow => ({
  started,
  landing,
  channel,
  source,
  referrer,
  utm_source,
  utm_medium,
  utm_campaign,
});

export interface LeadTouches {
  first: Touch | null;
  last: Touch | null;
  consulted: boolean;
  /** Under the Traffic page's filters, whether each touch is a visit they keep (a lead without a visit has none); null without filters. */
  kept: Record<TouchModel, boolean> | null;
}

const NONE_KEPT: Record<TouchModel, boolean> = { first: false, last: false };

/**
 * Per lead address (lower-case), its first and last touch, whether it booked a consultation,
 * and which touches the Traffic page's `filters` keep (visitFilters of the stats layer).
 */
export async function leadTouches(
  ch: ClickHouse,
  leads: readonly AttributedLead[],
  filters: Statement | null = null,
): Promise<Map<string, LeadTouches>> {
  const out = new Map<string, LeadTouches>();
  if (!leads.length) return out;
  // An address that became a lead twice counts from its latest conversion in the period.
  const converted = new Map<string, number>();
  for (const l of leads) converted.set(l.email.toLowerCase(), Math.max(converted.get(l.email.toLowerCase()) ?? 0, l.createdAt));
  const params = { emails: [...converted.keys()], converted: [...converted.values()].map(chTime) };
  const [rows, consulted] = await Promise.all([
    ch.query<TouchRow>(attributionSql(ch.engine).touches(filters?.sql ?? '1'), { ...filters?.params, ...params }),
    ch.query<{ email: string }>(attributionSql(ch.engine).consulted, { emails: params.emails }),
  ]);
  const booked = new Set(consulted.map((r) => r.email));
  for (const email of params.emails) out.set(email, { first: null, last: null, consulted: booked.has(email), kept: filters && NONE_KEPT });
  for (const row of rows) {
    // No visit before the conversion (the lead came by another device): the first visit stands in.
    const last = Number(row.before) > 0 ? row.last : row.first;
    out.set(row.email, {
      first: touchOf(entry(row.first)),
      last: touchOf(entry(last)),
      consulted: booked.has(row.email),
      kept: filters && { first: Number(row.first[8]) === 1, last: Number(last[8]) === 1 },
    });
  }
  return out;
}

const dimensionOf: Record<AttributionDimension, (t: Touch) => string> = {
  channel: (t) => t.channel,
  source: (t) => t.source,
  campaign: (t) => t.utmCampaign || NO_CAMPAIGN,
  landing_page: (t) => t.landingPage,
};

/**
 * The leads' counts per value of `dimension` of their first or last touch, most leads first.
 * Under filters, only the leads whose touch they keep.
 */
export function attributeLeads(
  leads: readonly AttributedLead[],
  touches: Map<string, LeadTouches>,
  model: TouchModel,
  dimension: AttributionDimension,
): { rows: AttributionRow[]; totals: Record<AttributionMetric, number> } {
  const empty = (): Record<AttributionMetric, number> => ({
    leads: 0,
    auditRequests: 0,
    reportsOpened: 0,
    emailsOpened: 0,
    consultations: 0,
  });
  const rows = new Map<string, Record<AttributionMetric, number>>();
  const totals = empty();
  for (const lead of leads) {
    const t = touches.get(lead.email.toLowerCase());
    if (t?.kept && !t.kept[model]) continue;
    const touch = model === 'first' ? t?.first : t?.last;
    const value = touch ? dimensionOf[dimension](touch) : UNTRACKED;
    const row = rows.get(value) ?? empty();
    rows.set(value, row);
    for (const counts of [row, totals]) {
      counts.leads += 1;
      counts.auditRequests += Number(lead.auditRequested);
      counts.reportsOpened += Number(lead.reportOpened);
      counts.emailsOpened += Number(lead.emailOpened);
      counts.consultations += Number(t?.consulted ?? false);
    }
  }
  return {
    rows: [...rows].map(([value, counts]) => ({ value, ...counts })).sort((a, b) => b.leads - a.leads || a.value.localeCompare(b.value)),
    totals,
  };
}

type VisitRow = EntryRow & { pages: Array<[string, string]> };

/** One lead's visits, oldest first, each with its pages in order, and its own steps (mail opens, report views, consultations). */
export async function leadJourneyEvents(
  ch: ClickHouse,
  email: string,
): Promise<{ visits: JourneyVisit[]; milestones: JourneyMilestone[] }> {
  const address = email.toLowerCase();
  const [visits, milestones] = await Promise.all([
    ch.query<VisitRow>(attributionSql(ch.engine).journeyVisits, { email: address }),
    ch.query<{ name: JourneyMilestone['kind']; ts: string; path: string }>(attributionSql(ch.engine).journeyMilestones, { email: address }),
  ]);
  return {
    visits: visits.reverse().map((v) => ({ ...touchOf(v), pages: v.pages.map(([path, at]) => ({ path, at: isoTime(at) })) })),
    milestones: milestones.map((m) => ({ kind: m.name, at: isoTime(m.ts), detail: m.path })),
  };
}
