-- Rollups the dashboards read instead of scanning millions of events (after Plausible's
-- sessions table): per day and traffic source, per session, and per page. Each is fed by a
-- materialized view on `events`; a block the collector re-inserts with its deduplication
-- token is dropped for the views too (deduplicate_blocks_in_dependent_materialized_views).
-- Each view is created first; then its table is filled from the events stored before it (the
-- INSERT … SELECT below is run by the migration runner partition by partition, backfill.ts).

-- Events per day, name, traffic source and A/B variant, with visitors and sessions.
CREATE TABLE IF NOT EXISTS events_daily
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
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS events_daily_mv TO events_daily AS
SELECT toDate(ts) AS date, name, is_bot,
       multiIf(utm_source != '', toString(utm_source), referrer_domain != '', toString(referrer_domain), 'direct') AS source,
       utm_source, utm_medium, utm_campaign, referrer_domain, test_type, variant,
       count() AS events, uniqState(visitor_id) AS visitors,
       uniqState(if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts)))) AS sessions
FROM events
GROUP BY date, name, is_bot, source, utm_source, utm_medium, utm_campaign, referrer_domain, test_type, variant
;
INSERT INTO events_daily
SELECT toDate(ts) AS date, name, is_bot,
       multiIf(utm_source != '', toString(utm_source), referrer_domain != '', toString(referrer_domain), 'direct') AS source,
       utm_source, utm_medium, utm_campaign, referrer_domain, test_type, variant,
       count() AS events, uniqState(visitor_id) AS visitors,
       uniqState(if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts)))) AS sessions
FROM events
GROUP BY date, name, is_bot, source, utm_source, utm_medium, utm_campaign, referrer_domain, test_type, variant
;
-- One row per session and day (a session over midnight has two; queries group by session).
-- Events without a session id form a session per visitor and day. (sid and visitor are
-- named apart from the event columns they come from, which the session key also reads.)
CREATE TABLE IF NOT EXISTS sessions
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
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS sessions_mv TO sessions AS
SELECT toDate(ts) AS date, is_bot,
       if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts))) AS session,
       any(session_id) AS sid, any(visitor_id) AS visitor, min(ts) AS first_seen, max(ts) AS last_seen,
       count() AS events, countIf(name = 'page_view') AS page_views, max(name = 'engaged') AS engaged, max(email) AS email,
       argMinState(toString(referrer_domain), ts) AS entry_referrer, argMinState(toString(utm_medium), ts) AS entry_medium
FROM events
GROUP BY date, is_bot, session
;
INSERT INTO sessions
SELECT toDate(ts) AS date, is_bot,
       if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts))) AS session,
       any(session_id), any(visitor_id), min(ts), max(ts), count(), countIf(name = 'page_view'), max(name = 'engaged'), max(email),
       argMinState(toString(referrer_domain), ts), argMinState(toString(utm_medium), ts)
FROM events
GROUP BY date, is_bot, session
;
-- Page views and visitors per day and path (funnel landing pages).
CREATE TABLE IF NOT EXISTS pages_daily
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
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS pages_daily_mv TO pages_daily AS
SELECT toDate(ts) AS date, is_bot, path, count() AS views, uniqState(visitor_id) AS visitors
FROM events WHERE name = 'page_view'
GROUP BY date, is_bot, path
;
INSERT INTO pages_daily
SELECT toDate(ts) AS date, is_bot, path, count(), uniqState(visitor_id)
FROM events WHERE name = 'page_view'
GROUP BY date, is_bot, path
