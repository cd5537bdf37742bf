// Each dimension of the stats query as one SQL expression, used both to group by it and to
// filter on it, so a filter on a breakdown's value always selects that row. `visit:*`
// dimensions are the visit's (its first event's) attributes and `time:*` its start, read from
// the visits row `s`; `event:*` are the event's (`path`, one of the visit's pages or events).
import type { StatsDimension } from '@curb/contracts/stats';

export type DimensionScope = 'visit' | 'event' | 'time';

export interface DimensionSql {
  scope: DimensionScope;
  /** The expression (a String) over the visits row `s`, or an event's `path` (event scope). */
  expr: (timeZone: string) => string;
  /** Rows whose value is empty are left out of a breakdown (a visit without UTM tags has no campaign). */
  skipEmpty?: boolean;
}

const notSet = (column: string) => `if(${column} = '', '(not set)', ${column})`;

/** Hosts and UTM sources of search engines and social networks, matched on whole name parts (`google` in `www.google.co.uk`). */
const SEARCH = ['google', 'bing', 'duckduckgo', 'yahoo', 'baidu', 'yandex', 'ecosia', 'startpage', 'qwant', 'brave', 'naver', 'seznam'];
const SOCIAL = [
  'facebook',
  'fb',
  'instagram',
  'linkedin',
  'lnkd',
  'pinterest',
  'reddit',
  'tiktok',
  'twitter',
  'x',
  't',
  'threads',
  'youtube',
  'nextdoor',
  'snapchat',
  'whatsapp',
  'messenger',
];
export const CHANNEL_SOURCES = { search: SEARCH, social: SOCIAL } as const;

const partsOf = (source: string) => `splitByChar('.', lower(${source}))`;
const anyPart = (source: string, names: readonly string[]) => `hasAny(${partsOf(source)}, [${names.map((n) => `'${n}'`).join(', ')}])`;

/**
 * The visit's channel, after Plausible's rules (ingestion/acquisition): paid before organic,
 * UTM medium before the referrer's kind, a referrer of any other site a referral, nothing at
 * all direct. Definitions in docs/traffic-metrics.md.
 */
export function channelSql(s = 's.'): string {
  const source = `if(${s}utm_source != '', ${s}utm_source, ${s}referrer_domain)`;
  const medium = `lower(${s}utm_medium)`;
  const paid = `match(${medium}, '^(.*cp.*|ppc|retargeting|paid.*)$')`;
  const search = anyPart(source, SEARCH);
  const social = anyPart(source, SOCIAL);
  const email = `(match(${medium}, 'e[-_ ]?mail|newsletter') OR match(lower(${source}), 'e[-_ ]?mail|newsletter'))`;
  return `multiIf(
    position(lower(${s}utm_campaign), 'cross-network') > 0, 'Cross-network',
    ${search} AND ${paid}, 'Paid Search',
    ${social} AND ${paid}, 'Paid Social',
    ${medium} IN ('display', 'banner', 'expandable', 'interstitial', 'cpm'), 'Display',
    ${paid}, 'Paid Other',
    ${social} OR ${medium} IN ('social', 'social-network', 'social-media', 'sm', 'social network', 'social media'), 'Organic Social',
    ${search} OR ${medium} = 'organic', 'Organic Search',
    ${email}, 'Email',
    ${medium} = 'affiliate', 'Affiliates',
    ${medium} IN ('referral', 'app', 'link') OR ${s}referrer_domain != '', 'Referral',
    ${source} = '' AND ${medium} = '', 'Direct',
    'Unassigned')`;
}

/** The visit's source: its UTM source, else its referrer's host, else none. */
export const sourceSql = (s = 's.') =>
  `multiIf(${s}utm_source != '', ${s}utm_source, ${s}referrer_domain != '', ${s}referrer_domain, 'Direct / None')`;

const timeBucket = (fn: string) => (zone: string) => `toString(${fn}(toTimeZone(s.start, '${zone}')))`;

export const DIMENSIONS: Record<StatsDimension, DimensionSql> = {
  'event:page': { scope: 'event', expr: () => 'path' },
  // Built by the query (the goals are data); see goalsSql.
  'event:goal': { scope: 'event', expr: () => 'goal' },
  'visit:entry_page': { scope: 'visit', expr: () => 's.entry_page' },
  'visit:exit_page': { scope: 'visit', expr: () => 's.exit_page' },
  // Decided as the visit is stored (channelSql, sourceSql).
  'visit:channel': { scope: 'visit', expr: () => 's.channel' },
  'visit:source': { scope: 'visit', expr: () => 's.source' },
  'visit:referrer': { scope: 'visit', expr: () => `if(s.referrer != '', s.referrer, 'Direct / None')` },
  'visit:utm_source': { scope: 'visit', expr: () => 's.utm_source', skipEmpty: true },
  'visit:utm_medium': { scope: 'visit', expr: () => 's.utm_medium', skipEmpty: true },
  'visit:utm_campaign': { scope: 'visit', expr: () => 's.utm_campaign', skipEmpty: true },
  'visit:utm_content': { scope: 'visit', expr: () => 's.utm_content', skipEmpty: true },
  'visit:utm_term': { scope: 'visit', expr: () => 's.utm_term', skipEmpty: true },
  'visit:country': { scope: 'visit', expr: () => notSet('s.country') },
  'visit:browser': { scope: 'visit', expr: () => notSet('s.browser') },
  'visit:os': { scope: 'visit', expr: () => notSet('s.os') },
  'visit:device': {
    scope: 'visit',
    expr: () => `multiIf(s.device = 'mobile', 'Mobile', s.device = 'tablet', 'Tablet', s.device = 'desktop', 'Desktop', '(not set)')`,
  },
  'visit:screen_size': { scope: 'visit', expr: () => notSet('s.screen_size') },
  // `time` is replaced by the bucket the period suits before SQL is built.
  time: { scope: 'time', expr: timeBucket('toDate') },
  'time:hour': { scope: 'time', expr: timeBucket('toStartOfHour') },
  'time:day': { scope: 'time', expr: timeBucket('toDate') },
  'time:week': { scope: 'time', expr: timeBucket('toMonday') },
  'time:month': { scope: 'time', expr: timeBucket('toStartOfMonth') },
};
