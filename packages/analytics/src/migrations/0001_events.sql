-- Every tracking event, one wide row each (after Plausible's events_v2 and PostHog's
-- sharded_events). Dashboards filter by time range and event name first, then visitor,
-- hence the sort key. The cluster variant is generated from here (pnpm clickhouse:cluster-ddl).
CREATE TABLE IF NOT EXISTS events
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
SETTINGS index_granularity = 8192, non_replicated_deduplication_window = 1000
