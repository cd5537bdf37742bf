-- Cluster variant: a ReplicatedMergeTree shard table on every node plus a Distributed
-- table named `events` that the services read and write, so the application SQL is the
-- same as on one node. Needs a cluster named `curb` (remote_servers) and {shard}/{replica}
-- macros. Apply this before the services start: their own migration then finds `events`
-- present and leaves it alone.
CREATE DATABASE IF NOT EXISTS curb ON CLUSTER curb;

CREATE TABLE IF NOT EXISTS curb.events_local ON CLUSTER curb
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
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/events_local', '{replica}')
PARTITION BY toYYYYMM(ts)
ORDER BY (toDate(ts), name, visitor_id, ts)
TTL toDateTime(ts) + INTERVAL 730 DAY
SETTINGS index_granularity = 8192;

-- Sharded by visitor so one visitor's funnel stays on one shard (windowFunnel per shard).
CREATE TABLE IF NOT EXISTS curb.events ON CLUSTER curb AS curb.events_local
ENGINE = Distributed(curb, curb, events_local, visitor_id);
