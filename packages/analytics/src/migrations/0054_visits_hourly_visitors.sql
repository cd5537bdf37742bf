-- Each hour's visitors per visit dimension value in `visits_hourly`, as a HyperLogLog sketch of
-- fixed size (uniqCombined(12): exact up to a few hundred, about 1.6 % standard error beyond), so
-- that a Traffic view counting visitors over a large period merges a few kilobytes per hour
-- instead of reading every visit (stats/rollup.ts decides when; ADR-0285). A sketch cannot take
-- a visitor out again, so only a visit's live versions (sign +1) add theirs: a visit rebuilt
-- under the same hour and value is counted once, one that moved (a late beacon that changed its
-- start or first page) leaves its visitor in the old row too. The exit page moves with every
-- page a visit adds, so its visitors are never read from here.
-- The view is replaced (same name), then every partition is recomputed from the visits,
-- sums included, as 0053 filled them.
ALTER TABLE visits_hourly ADD COLUMN IF NOT EXISTS visitors AggregateFunction(uniqCombined(12), UInt64)
;
DROP VIEW IF EXISTS visits_hourly_mv
;
CREATE MATERIALIZED VIEW IF NOT EXISTS visits_hourly_mv TO visits_hourly AS
SELECT toStartOfHour(toDateTime(start, 'UTC')) AS hour, d.1 AS dimension, d.2 AS value,
       sum(toInt64(sign)) AS visits, sum(sign * toInt64(pageviews)) AS pageviews, sum(sign * toInt64(events)) AS events,
       sum(sign * toInt64(bounce)) AS bounces, sum(sign * duration) AS duration,
       uniqCombinedStateIf(12)(visitor, sign > 0) AS visitors
FROM visits
ARRAY JOIN [
    tuple('', ''),
    tuple('visit:entry_page', entry_page),
    tuple('visit:exit_page', exit_page),
    tuple('visit:channel', toString(channel)),
    tuple('visit:source', toString(source)),
    tuple('visit:referrer', if(referrer != '', referrer, 'Direct / None')),
    tuple('visit:utm_source', toString(utm_source)),
    tuple('visit:utm_medium', toString(utm_medium)),
    tuple('visit:utm_campaign', utm_campaign),
    tuple('visit:utm_content', utm_content),
    tuple('visit:utm_term', utm_term),
    tuple('visit:country', if(country = '', '(not set)', toString(country))),
    tuple('visit:browser', if(browser = '', '(not set)', toString(browser))),
    tuple('visit:os', if(os = '', '(not set)', toString(os))),
    tuple('visit:device', multiIf(device = 'mobile', 'Mobile', device = 'tablet', 'Tablet', device = 'desktop', 'Desktop', '(not set)')),
    tuple('visit:screen_size', if(screen_size = '', '(not set)', toString(screen_size)))
] AS d
GROUP BY hour, dimension, value
;
-- The visits stored before the view began to listen (backfill.ts, month by month).
INSERT INTO visits_hourly
SELECT toStartOfHour(toDateTime(start, 'UTC')) AS hour, d.1 AS dimension, d.2 AS value,
       sum(toInt64(sign)) AS visits, sum(sign * toInt64(pageviews)) AS pageviews, sum(sign * toInt64(events)) AS events,
       sum(sign * toInt64(bounce)) AS bounces, sum(sign * duration) AS duration,
       uniqCombinedStateIf(12)(visitor, sign > 0) AS visitors
FROM visits
ARRAY JOIN [
    tuple('', ''),
    tuple('visit:entry_page', entry_page),
    tuple('visit:exit_page', exit_page),
    tuple('visit:channel', toString(channel)),
    tuple('visit:source', toString(source)),
    tuple('visit:referrer', if(referrer != '', referrer, 'Direct / None')),
    tuple('visit:utm_source', toString(utm_source)),
    tuple('visit:utm_medium', toString(utm_medium)),
    tuple('visit:utm_campaign', utm_campaign),
    tuple('visit:utm_content', utm_content),
    tuple('visit:utm_term', utm_term),
    tuple('visit:country', if(country = '', '(not set)', toString(country))),
    tuple('visit:browser', if(browser = '', '(not set)', toString(browser))),
    tuple('visit:os', if(os = '', '(not set)', toString(os))),
    tuple('visit:device', multiIf(device = 'mobile', 'Mobile', device = 'tablet', 'Tablet', device = 'desktop', 'Desktop', '(not set)')),
    tuple('visit:screen_size', if(screen_size = '', '(not set)', toString(screen_size)))
] AS d
GROUP BY hour, dimension, value
