-- The retargeting dashboard's sums and distinct-count states over a period's closed days (all
-- but yesterday and today), merged once a day per period and reused by every request, which
-- merges them with the rollup rows since yesterday (dashboards/closed-days.ts). A run counts
-- only once its row in closed_days_runs exists, written after its rows; its fingerprint of the
-- closed days' event counts tells a run that late events have outdated. Old runs expire with
-- their day.
CREATE TABLE IF NOT EXISTS closed_days_runs
(
    as_of       Date,
    days        UInt8,
    kind        LowCardinality(String),
    fingerprint UInt64,
    run         UUID,
    created_at  DateTime64(3, 'UTC') DEFAULT now64(3)
)
ENGINE = MergeTree
ORDER BY (as_of, days, kind, fingerprint)
TTL as_of + INTERVAL 2 DAY
;
-- Events and visitors per event name and source (sources_daily).
CREATE TABLE IF NOT EXISTS sources_closed
(
    as_of    Date,
    days     UInt8,
    run      UUID,
    name     LowCardinality(String),
    source   LowCardinality(String),
    events   UInt64,
    visitors AggregateFunction(uniqCombined(12), UInt64)
)
ENGINE = MergeTree
PARTITION BY as_of
ORDER BY (as_of, days, run)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1
;
-- Events and sessions per campaign and referrer (traffic_daily).
CREATE TABLE IF NOT EXISTS traffic_closed
(
    as_of           Date,
    days            UInt8,
    run             UUID,
    utm_source      LowCardinality(String),
    utm_medium      LowCardinality(String),
    utm_campaign    String,
    referrer_domain LowCardinality(String),
    events          UInt64,
    sessions        AggregateFunction(uniqCombined(12), UInt64)
)
ENGINE = MergeTree
PARTITION BY as_of
ORDER BY (as_of, days, run)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1
;
-- Identified addresses and visitors (identities), all visitors (sessions): one row per run.
CREATE TABLE IF NOT EXISTS users_closed
(
    as_of               Date,
    days                UInt8,
    run                 UUID,
    identified          AggregateFunction(uniqExact, UInt64),
    identified_visitors AggregateFunction(uniqExact, UInt64),
    visitors            AggregateFunction(uniq, UInt64)
)
ENGINE = MergeTree
PARTITION BY as_of
ORDER BY (as_of, days, run)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1
