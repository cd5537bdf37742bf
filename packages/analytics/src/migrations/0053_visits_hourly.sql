-- The Traffic figures that are sums over visits (visits, page views, events, bounces, time on
-- the site) per hour and visit dimension value, so that a query the query layer can answer from
-- here (stats/rollup.ts) reads a few rows per hour and value instead of every visit of the
-- period: one that asks no visitor count, broken down by time and at most one visit dimension,
-- filtered on that dimension only. Hours, not days: the owner's days are cut in their time zone,
-- and a UTC hour lies within one local hour and day in every zone whose offset is whole hours.
--
-- One row per (hour, dimension, value); `dimension` '' is the totals row. Each dimension's value
-- is the expression the query layer groups visits by (stats/dimensions.ts), written as the visit
-- is read here. Fed from `visits` as the builder writes it: every sum is weighted by sign, so a
-- rebuilt visit's cancelling row takes its old version out, under the old value if the visit
-- moved (a later exit page, an earlier start). No visitor state: a unique-visitor state cannot
-- forget a cancelled version, and an exact one costs as much to merge as the visits cost to read
-- (ADR-0283), so visitor counts stay on the visits.
CREATE TABLE IF NOT EXISTS visits_hourly
(
    hour      DateTime('UTC'),
    dimension LowCardinality(String),
    value     String,
    visits    SimpleAggregateFunction(sum, Int64),
    pageviews SimpleAggregateFunction(sum, Int64),
    events    SimpleAggregateFunction(sum, Int64),
    bounces   SimpleAggregateFunction(sum, Int64),
    duration  SimpleAggregateFunction(sum, Float64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (dimension, hour, value)
TTL hour + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS visits_hourly_mv TO visits_hourly AS
SELECT toStartOfHour(toDateTime(start, 'UTC')) AS hour, d.1 AS dimension, d.2 AS value,
       sum(toInt64(sign)) AS visits, sum(sign * toInt64(pageviews)) AS pageviews, sum(sign * toInt64(events)) AS events,
       sum(sign * toInt64(bounce)) AS bounces, sum(sign * duration) AS duration
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
       sum(sign * toInt64(bounce)) AS bounces, sum(sign * duration) AS duration
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
