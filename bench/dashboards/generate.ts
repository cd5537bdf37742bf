// Writes realistic tracking events straight into ClickHouse with one INSERT … SELECT (fast
// enough for 10 M rows on two cores): 1 M sessions of 10 events each over the last 90 days,
// 400 k returning visitors, the retargeting funnel's steps with plausible drop-off, popup A/B exposures,
// UTM and search-engine traffic, identified visitors, e-mail opens and 3 % bots. Past 10 M
// the data grows in one of two shapes: more traffic (sessions and visitors grow with the
// events), or more events per session (the 10 M sessions and visitors, longer visits).
import type { ClickHouse } from '@curb/analytics';

export type GrowthShape = 'traffic' | 'density';
export const GROWTH_SHAPES: readonly GrowthShape[] = ['traffic', 'density'];
const BASE_EVENTS_PER_SESSION = 10;
const DENSITY_SESSIONS = 1_000_000;

/** Events per session for `rows` events: 10, or in the density shape as many as keep 1 M sessions. */
export function eventsPerSession(rows: number, shape: GrowthShape): number {
  return shape === 'density' ? Math.max(BASE_EVENTS_PER_SESSION, Math.round(rows / DENSITY_SESSIONS)) : BASE_EVENTS_PER_SESSION;
}

// r: the session's depth (0-1), decides how far down the funnel it goes.
const GENERATE_SQL = `
INSERT INTO events (event_id, ts, received_at, name, visitor_id, session_id, email, path, page_group, referrer, referrer_domain,
                    utm_source, utm_medium, utm_campaign, test_type, variant, value, currency, props, is_bot, browser, device,
                    country, os, screen_size)
WITH
  intDiv(number, {perSession:UInt64}) AS s,
  number % {perSession:UInt64} AS p,
  (cityHash64(s, 'depth') % 10000) / 10000 AS r,
  cityHash64(s, 'src') % 100 AS src,
  cityHash64(s % {visitors:UInt64}, 'visitor') AS visitor,
  if(cityHash64(visitor, 'ab') % 2 = 0, 'A', 'B') AS abVariant,
  toDateTime64({now:DateTime64(3)}, 3) - toIntervalSecond(cityHash64(s, 'start') % (90 * 86400))
    + toIntervalSecond(p * (5 + cityHash64(number) % 55)) AS at,
  multiIf(
    p = 0, 'page_view', p = 1, 'landing_view', p = 2, 'page_view',
    p = 3, if(r < 0.35, 'popup_view', 'page_view'),
    p = 4, if(r < 0.35, 'ab_impression', 'engaged'),
    p = 5, if(r < 0.12 + if(abVariant = 'B', 0.02, 0), 'form_start', if(r < 0.5, 'ab_click', 'page_view')),
    p = 6, if(r < 0.06 + if(abVariant = 'B', 0.01, 0), 'form_submit', 'marketing_focused'),
    p = 7, if(r < 0.06 + if(abVariant = 'B', 0.01, 0), 'lead', 'high_intent'),
    p = 8, if(r < 0.05, 'ab_conversion', 'page_view'),
    p = 9, if(r < 0.04, 'email_open', 'page_view'),
    -- A longer visit (density shape): more pages read, more engagement.
    if(cityHash64(number, 'more') % 4 = 0, 'engaged', 'page_view')) AS eventName,
  arrayElement(['/', '/services', '/experience', '/blog', '/blog/listing-launch', '/marketing-audit',
                '/real-estate-marketing-report', '/advanced-seo-audit'],
               1 + cityHash64(s, p, 'path') % 8) AS pagePath
SELECT
  generateUUIDv4(number) AS event_id,
  at AS ts, at AS received_at,
  eventName AS name,
  if(eventName = 'email_open', cityHash64(s, 'mailclient'), visitor) AS visitor_id,
  if(eventName = 'email_open', '', concat('s', toString(s))) AS session_id,
  if(eventName IN ('form_submit', 'lead', 'email_open'), concat('owner', toString(s % 60000), '@example.com'), '') AS email,
  pagePath AS path,
  multiIf(pagePath LIKE '%audit%' OR pagePath LIKE '%marketing%', 'Marketing', pagePath LIKE '%service%', 'Services',
          pagePath LIKE '%blog%', 'Content', pagePath LIKE '%experience%', 'About', 'General') AS page_group,
  multiIf(src < 30, 'https://www.google.com/', src < 36, 'https://www.bing.com/', src < 44, 'https://www.facebook.com/',
          src < 48, 'https://duckduckgo.com/', '') AS referrer,
  multiIf(src < 30, 'google.com', src < 36, 'bing.com', src < 44, 'facebook.com', src < 48, 'duckduckgo.com', '') AS referrer_domain,
  multiIf(src >= 48 AND src < 60, 'newsletter', src >= 60 AND src < 68, 'linkedin', src >= 68 AND src < 72, 'google', '') AS utm_source,
  multiIf(src >= 48 AND src < 60, 'email', src >= 60 AND src < 68, 'social', src >= 68 AND src < 72, 'cpc', '') AS utm_medium,
  multiIf(src >= 48 AND src < 60, concat('newsletter-', toString(cityHash64(s) % 12)),
          src >= 60 AND src < 72, 'spring-audit', '') AS utm_campaign,
  if(startsWith(eventName, 'ab_'), 'audit_popup', '') AS test_type,
  if(startsWith(eventName, 'ab_'), abVariant, '') AS variant,
  if(eventName = 'lead', 97, 0) AS value,
  if(eventName = 'lead', 'USD', '') AS currency,
  if(eventName = 'ab_impression',
     map('variant_text', if(abVariant = 'A', 'Get your free audit', 'See what your site is missing')), map()) AS props,
  cityHash64(s, 'bot') % 100 < 3 AS is_bot,
  arrayElement(['Chrome', 'Safari', 'Firefox', 'Edge'], 1 + cityHash64(visitor, 'browser') % 4) AS browser,
  arrayElement(['desktop', 'mobile', 'mobile', 'tablet'], 1 + cityHash64(visitor, 'device') % 4) AS device,
  arrayElement(['US', 'US', 'US', 'CA', 'GB', 'DE', 'AU', ''], 1 + cityHash64(visitor, 'country') % 8) AS country,
  arrayElement(['Windows', 'macOS', 'iOS', 'Android'], 1 + cityHash64(visitor, 'device') % 4) AS os,
  arrayElement(['Desktop', 'Mobile', 'Mobile', 'Tablet'], 1 + cityHash64(visitor, 'device') % 4) AS screen_size
FROM numbers({rows:UInt64})`;

export async function generateEvents(ch: ClickHouse, rows: number, shape: GrowthShape, now = Date.now()): Promise<void> {
  const perSession = eventsPerSession(rows, shape);
  await ch.command(GENERATE_SQL, {
    rows,
    perSession,
    visitors: Math.max(1, Math.round((rows / perSession) * 0.4)),
    now: new Date(now).toISOString().replace('T', ' ').replace('Z', ''),
  });
}
