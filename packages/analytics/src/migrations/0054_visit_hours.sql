-- `visits_hourly` (ClickHouse migration 0053) again, with each row's visitors as a HyperLogLog
-- sketch of fixed size: uniqCombined(12), exact up to a few hundred visitors, about 1.6 %
-- standard error beyond. A Traffic view counting visitors over a busy period
-- merges one sketch per hour and value instead of reading every visit (stats/rollup.ts decides
-- when; ADR-0285). Stored in granules of 128 rows rather than 8192: a query reads a few hundred
-- rows of one dimension, and each sketch read costs its full size (at 8192 a day's 24 sketches
-- cost as much as counting the visits of a month).
--
-- A sketch cannot take a visitor out again, so only a visit's live versions (sign +1) add theirs:
-- a visit rebuilt under the same hour and value is counted once; one that moved (a late beacon
-- that changed its start or its first event) leaves its visitor in the old row too. The exit page
-- moves with every page a visit adds, so its visitors are never read from here.
--
-- A new table under a new name (the cluster DDL never creates a dropped name again), filled from
-- the visits month by month; then the old table and its view go.
CREATE TABLE IF NOT EXISTS visit_hours
(
    hour      DateTime('UTC'),
    dimension LowCardinality(String),
    value     String,
    visits    SimpleAggregateFunction(sum, Int64),
    pageviews SimpleAggregateFunction(sum, Int64),
    events    SimpleAggregateFunction(sum, Int64),
    bounces   SimpleAggregateFunction(sum, Int64),
    duration  SimpleAggregateFunction(sum, Float64),
    visitors  AggregateFunction(uniqCombined(12), UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (dimension, hour, value)
TTL hour + INTERVAL 730 DAY
SETTINGS index_granularity = 128, non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS visit_hours_mv TO visit_hours AS
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
INSERT INTO visit_hours
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
DROP VIEW IF EXISTS visits_hourly_mv
;
DROP TABLE IF EXISTS visits_hourly
