-- The retargeting dashboard's two breakdowns over a whole period (events by name and
-- traffic source; sessions by UTM tags and referrer), each from a rollup with only the
-- columns it groups by. Their distinct counts are uniqCombined(12) sketches: a state of a
-- few KB that merges in constant time (exact for small counts, about 1.6 % off for
-- hundreds of thousands), where uniq's sets of up to 65,536 ids made 90 days of merging
-- the dashboard's slowest part. Fed like the rollups of 0030, so a re-inserted block with
-- its deduplication token is dropped here too.
CREATE TABLE IF NOT EXISTS sources_daily
(
    date     Date,
    is_bot   UInt8,
    name     LowCardinality(String),
    source   LowCardinality(String),
    events   SimpleAggregateFunction(sum, UInt64),
    visitors AggregateFunction(uniqCombined(12), UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, name, source)
TTL date + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS sources_daily_mv TO sources_daily AS
SELECT toDate(ts) AS date, is_bot, name,
       multiIf(utm_source != '', toString(utm_source), referrer_domain != '', toString(referrer_domain), 'direct') AS source,
       count() AS events, uniqCombinedState(12)(visitor_id) AS visitors
FROM events
GROUP BY date, is_bot, name, source
;
INSERT INTO sources_daily
SELECT toDate(ts) AS date, is_bot, name,
       multiIf(utm_source != '', toString(utm_source), referrer_domain != '', toString(referrer_domain), 'direct') AS source,
       count() AS events, uniqCombinedState(12)(visitor_id) AS visitors
FROM events
GROUP BY date, is_bot, name, source
;
-- Sessions as in the sessions rollup: the session id, else the visitor's day.
CREATE TABLE IF NOT EXISTS traffic_daily
(
    date            Date,
    is_bot          UInt8,
    utm_source      LowCardinality(String),
    utm_medium      LowCardinality(String),
    utm_campaign    String,
    referrer_domain LowCardinality(String),
    events          SimpleAggregateFunction(sum, UInt64),
    sessions        AggregateFunction(uniqCombined(12), UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, utm_source, utm_medium, utm_campaign, referrer_domain)
TTL date + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_daily_mv TO traffic_daily AS
SELECT toDate(ts) AS date, is_bot, utm_source, utm_medium, utm_campaign, referrer_domain, count() AS events,
       uniqCombinedState(12)(if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts)))) AS sessions
FROM events
GROUP BY date, is_bot, utm_source, utm_medium, utm_campaign, referrer_domain
;
INSERT INTO traffic_daily
SELECT toDate(ts) AS date, is_bot, utm_source, utm_medium, utm_campaign, referrer_domain, count() AS events,
       uniqCombinedState(12)(if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts)))) AS sessions
FROM events
GROUP BY date, is_bot, utm_source, utm_medium, utm_campaign, referrer_domain
