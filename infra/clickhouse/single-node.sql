-- Single-node ClickHouse: the same DDL the services apply themselves at start
-- (packages/analytics/src/migrations). Kept here for operators who provision by hand.
CREATE DATABASE IF NOT EXISTS curb;

CREATE TABLE IF NOT EXISTS curb.events
(
    event_id        UUID,
    ts              DateTime64(3, 'UTC'),
    received_at     DateTime64(3, 'UTC') DEFAULT now64(3),
    name            LowCardinality(String),
    visitor_id      UInt64,
    session_id      String,
    email           String,
    path            String,
    page_group      LowCardinality(String),
    referrer        String,
    referrer_domain LowCardinality(String),
    utm_source      LowCardinality(String),
    utm_medium      LowCardinality(String),
    utm_campaign    String,
    utm_content     String,
    utm_term        String,
    test_type       LowCardinality(String),
    variant         LowCardinality(String),
    value           Float64,
    currency        LowCardinality(String),
    props           Map(String, String),
    is_bot          UInt8,
    browser         LowCardinality(String),
    device          LowCardinality(String)
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (toDate(ts), name, visitor_id, ts)
TTL toDateTime(ts) + INTERVAL 730 DAY
SETTINGS index_granularity = 8192, non_replicated_deduplication_window = 1000;


-- The dashboards' rollups (packages/analytics/src/migrations/0030_dashboard_rollups.sql).
CREATE TABLE IF NOT EXISTS curb.events_daily
(
    date            Date,
    name            LowCardinality(String),
    is_bot          UInt8,
    source          LowCardinality(String),
    utm_source      LowCardinality(String),
    utm_medium      LowCardinality(String),
    utm_campaign    String,
    referrer_domain LowCardinality(String),
    test_type       LowCardinality(String),
    variant         LowCardinality(String),
    events          SimpleAggregateFunction(sum, UInt64),
    visitors        AggregateFunction(uniq, UInt64),
    sessions        AggregateFunction(uniq, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (date, name, is_bot, source, utm_source, utm_medium, utm_campaign, referrer_domain, test_type, variant)
TTL date + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.events_daily_mv TO curb.events_daily AS
SELECT toDate(ts) AS date, name, is_bot,
       multiIf(utm_source != '', toString(utm_source), referrer_domain != '', toString(referrer_domain), 'direct') AS source,
       utm_source, utm_medium, utm_campaign, referrer_domain, test_type, variant,
       count() AS events, uniqState(visitor_id) AS visitors,
       uniqState(if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts)))) AS sessions
FROM curb.events
GROUP BY date, name, is_bot, source, utm_source, utm_medium, utm_campaign, referrer_domain, test_type, variant;

CREATE TABLE IF NOT EXISTS curb.sessions
(
    date           Date,
    is_bot         UInt8,
    session        UInt64,
    sid            SimpleAggregateFunction(any, String),
    visitor        SimpleAggregateFunction(any, UInt64),
    first_seen     SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
    last_seen      SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    events         SimpleAggregateFunction(sum, UInt64),
    page_views     SimpleAggregateFunction(sum, UInt64),
    engaged        SimpleAggregateFunction(max, UInt8),
    email          SimpleAggregateFunction(max, String),
    entry_referrer AggregateFunction(argMin, String, DateTime64(3, 'UTC')),
    entry_medium   AggregateFunction(argMin, String, DateTime64(3, 'UTC'))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, session)
TTL date + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.sessions_mv TO curb.sessions AS
SELECT toDate(ts) AS date, is_bot,
       if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts))) AS session,
       any(session_id) AS sid, any(visitor_id) AS visitor, min(ts) AS first_seen, max(ts) AS last_seen,
       count() AS events, countIf(name = 'page_view') AS page_views, max(name = 'engaged') AS engaged, max(email) AS email,
       argMinState(toString(referrer_domain), ts) AS entry_referrer, argMinState(toString(utm_medium), ts) AS entry_medium
FROM curb.events
GROUP BY date, is_bot, session;

CREATE TABLE IF NOT EXISTS curb.pages_daily
(
    date     Date,
    is_bot   UInt8,
    path     String,
    views    SimpleAggregateFunction(sum, UInt64),
    visitors AggregateFunction(uniq, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, path)
TTL date + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.pages_daily_mv TO curb.pages_daily AS
SELECT toDate(ts) AS date, is_bot, path, count() AS views, uniqState(visitor_id) AS visitors
FROM curb.events WHERE name = 'page_view'
GROUP BY date, is_bot, path;

-- The retargeting funnel's steps per visitor and day (migration 0031).
CREATE TABLE IF NOT EXISTS curb.funnel_steps
(
    date       Date,
    is_bot     UInt8,
    visitor    UInt64,
    open_email String,
    steps      SimpleAggregateFunction(groupArrayArray, Array(Tuple(DateTime('UTC'), UInt8)))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, visitor, open_email)
TTL date + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.funnel_steps_mv TO curb.funnel_steps AS
SELECT toDate(ts) AS date, is_bot, visitor_id AS visitor, if(name = 'email_open', email, '') AS open_email,
       arrayConcat(if(countIf(name = 'page_view') > 0, [(minIf(toDateTime(ts, 'UTC'), name = 'page_view'), toUInt8(1))], []),
                   groupArrayIf((toDateTime(ts, 'UTC'), toUInt8(indexOf(['page_view', 'popup_view', 'form_start', 'form_submit', 'email_open'], name))), name != 'page_view')) AS steps
FROM curb.events
WHERE name IN ('page_view', 'popup_view', 'form_start', 'form_submit', 'email_open')
GROUP BY date, is_bot, visitor, open_email;

-- The retargeting breakdowns' rollups (migration 0032).
CREATE TABLE IF NOT EXISTS curb.sources_daily
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
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.sources_daily_mv TO curb.sources_daily AS
SELECT toDate(ts) AS date, is_bot, name,
       multiIf(utm_source != '', toString(utm_source), referrer_domain != '', toString(referrer_domain), 'direct') AS source,
       count() AS events, uniqCombinedState(12)(visitor_id) AS visitors
FROM curb.events
GROUP BY date, is_bot, name, source;

CREATE TABLE IF NOT EXISTS curb.traffic_daily
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
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.traffic_daily_mv TO curb.traffic_daily AS
SELECT toDate(ts) AS date, is_bot, utm_source, utm_medium, utm_campaign, referrer_domain, count() AS events,
       uniqCombinedState(12)(if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts)))) AS sessions
FROM curb.events
GROUP BY date, is_bot, utm_source, utm_medium, utm_campaign, referrer_domain;

-- The A/B dashboard's visitors per test, variant and day (migration 0033).
CREATE TABLE IF NOT EXISTS curb.ab_exposures
(
    date         Date,
    is_bot       UInt8,
    test_type    LowCardinality(String),
    variant      LowCardinality(String),
    visitor      UInt64,
    saw          SimpleAggregateFunction(max, UInt8),
    did_click    SimpleAggregateFunction(max, UInt8),
    did_convert  SimpleAggregateFunction(max, UInt8),
    variant_text SimpleAggregateFunction(max, String)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, test_type, variant, visitor)
TTL date + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.ab_exposures_mv TO curb.ab_exposures AS
SELECT toDate(ts) AS date, is_bot, test_type, variant, visitor_id AS visitor,
       max(name = 'ab_impression') AS saw, max(name = 'ab_click') AS did_click, max(name = 'ab_conversion') AS did_convert,
       maxIf(props['variant_text'], name = 'ab_impression') AS variant_text
FROM curb.events
WHERE name IN ('ab_impression', 'ab_click', 'ab_conversion') AND test_type != '' AND variant != ''
GROUP BY date, is_bot, test_type, variant, visitor;
