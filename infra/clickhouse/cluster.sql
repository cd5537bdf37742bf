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


-- The dashboards' rollups: a replicated table per shard fed by a view on events_local (each
-- shard aggregates its own rows; sessions stay whole because events are sharded by visitor),
-- and a Distributed table under the name the services query.
CREATE TABLE IF NOT EXISTS curb.events_daily_local ON CLUSTER curb
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
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/curb/events_daily_local', '{replica}')
PARTITION BY toYYYYMM(date)
ORDER BY (date, name, is_bot, source, utm_source, utm_medium, utm_campaign, referrer_domain, test_type, variant)
TTL date + INTERVAL 730 DAY;

CREATE TABLE IF NOT EXISTS curb.events_daily ON CLUSTER curb AS curb.events_daily_local
ENGINE = Distributed(curb, curb, events_daily_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.events_daily_mv ON CLUSTER curb TO curb.events_daily_local AS
SELECT toDate(ts) AS date, name, is_bot,
       multiIf(utm_source != '', toString(utm_source), referrer_domain != '', toString(referrer_domain), 'direct') AS source,
       utm_source, utm_medium, utm_campaign, referrer_domain, test_type, variant,
       count() AS events, uniqState(visitor_id) AS visitors,
       uniqState(if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts)))) AS sessions
FROM curb.events_local
GROUP BY date, name, is_bot, source, utm_source, utm_medium, utm_campaign, referrer_domain, test_type, variant;

CREATE TABLE IF NOT EXISTS curb.sessions_local ON CLUSTER curb
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
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/curb/sessions_local', '{replica}')
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, session)
TTL date + INTERVAL 730 DAY;

CREATE TABLE IF NOT EXISTS curb.sessions ON CLUSTER curb AS curb.sessions_local
ENGINE = Distributed(curb, curb, sessions_local, session);

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.sessions_mv ON CLUSTER curb TO curb.sessions_local AS
SELECT toDate(ts) AS date, is_bot,
       if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts))) AS session,
       any(session_id) AS sid, any(visitor_id) AS visitor, min(ts) AS first_seen, max(ts) AS last_seen,
       count() AS events, countIf(name = 'page_view') AS page_views, max(name = 'engaged') AS engaged, max(email) AS email,
       argMinState(toString(referrer_domain), ts) AS entry_referrer, argMinState(toString(utm_medium), ts) AS entry_medium
FROM curb.events_local
GROUP BY date, is_bot, session;

-- Replaced by page_visitors (migration 0038): on a cluster made from an earlier version of this
-- file, its views and shard tables go from every node (the migration only reaches one).
DROP VIEW IF EXISTS curb.pages_daily_mv ON CLUSTER curb;
DROP TABLE IF EXISTS curb.pages_daily ON CLUSTER curb;
DROP TABLE IF EXISTS curb.pages_daily_local ON CLUSTER curb;

-- Page views and visitors per day and path, visitors as a fixed-size sketch (migration 0038).
CREATE TABLE IF NOT EXISTS curb.page_visitors_local ON CLUSTER curb
(
    date     Date,
    is_bot   UInt8,
    path     String,
    views    SimpleAggregateFunction(sum, UInt64),
    visitors AggregateFunction(uniqCombined(14), UInt64)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/curb/page_visitors_local', '{replica}')
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, path)
TTL date + INTERVAL 730 DAY;

CREATE TABLE IF NOT EXISTS curb.page_visitors ON CLUSTER curb AS curb.page_visitors_local
ENGINE = Distributed(curb, curb, page_visitors_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.page_visitors_mv ON CLUSTER curb TO curb.page_visitors_local AS
SELECT toDate(ts) AS date, is_bot, path, count() AS views, uniqCombinedState(14)(visitor_id) AS visitors
FROM curb.events_local WHERE name = 'page_view'
GROUP BY date, is_bot, path;

-- The retargeting funnel's steps per visitor and day (migration 0031).
CREATE TABLE IF NOT EXISTS curb.funnel_steps_local ON CLUSTER curb
(
    date       Date,
    is_bot     UInt8,
    visitor    UInt64,
    open_email String,
    steps      SimpleAggregateFunction(groupArrayArray, Array(Tuple(DateTime('UTC'), UInt8)))
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/curb/funnel_steps_local', '{replica}')
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, visitor, open_email)
TTL date + INTERVAL 730 DAY;

CREATE TABLE IF NOT EXISTS curb.funnel_steps ON CLUSTER curb AS curb.funnel_steps_local
ENGINE = Distributed(curb, curb, funnel_steps_local, visitor);

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.funnel_steps_mv ON CLUSTER curb TO curb.funnel_steps_local AS
SELECT toDate(ts) AS date, is_bot, visitor_id AS visitor, if(name = 'email_open', email, '') AS open_email,
       arrayConcat(if(countIf(name = 'page_view') > 0, [(minIf(toDateTime(ts, 'UTC'), name = 'page_view'), toUInt8(1))], []),
                   groupArrayIf((toDateTime(ts, 'UTC'), toUInt8(indexOf(['page_view', 'popup_view', 'form_start', 'form_submit', 'email_open'], name))), name != 'page_view')) AS steps
FROM curb.events_local
WHERE name IN ('page_view', 'popup_view', 'form_start', 'form_submit', 'email_open')
GROUP BY date, is_bot, visitor, open_email;

-- The retargeting breakdowns' rollups (migration 0032).
CREATE TABLE IF NOT EXISTS curb.sources_daily_local ON CLUSTER curb
(
    date     Date,
    is_bot   UInt8,
    name     LowCardinality(String),
    source   LowCardinality(String),
    events   SimpleAggregateFunction(sum, UInt64),
    visitors AggregateFunction(uniqCombined(12), UInt64)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/curb/sources_daily_local', '{replica}')
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, name, source)
TTL date + INTERVAL 730 DAY;

CREATE TABLE IF NOT EXISTS curb.sources_daily ON CLUSTER curb AS curb.sources_daily_local
ENGINE = Distributed(curb, curb, sources_daily_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.sources_daily_mv ON CLUSTER curb TO curb.sources_daily_local AS
SELECT toDate(ts) AS date, is_bot, name,
       multiIf(utm_source != '', toString(utm_source), referrer_domain != '', toString(referrer_domain), 'direct') AS source,
       count() AS events, uniqCombinedState(12)(visitor_id) AS visitors
FROM curb.events_local
GROUP BY date, is_bot, name, source;

CREATE TABLE IF NOT EXISTS curb.traffic_daily_local ON CLUSTER curb
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
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/curb/traffic_daily_local', '{replica}')
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, utm_source, utm_medium, utm_campaign, referrer_domain)
TTL date + INTERVAL 730 DAY;

CREATE TABLE IF NOT EXISTS curb.traffic_daily ON CLUSTER curb AS curb.traffic_daily_local
ENGINE = Distributed(curb, curb, traffic_daily_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.traffic_daily_mv ON CLUSTER curb TO curb.traffic_daily_local AS
SELECT toDate(ts) AS date, is_bot, utm_source, utm_medium, utm_campaign, referrer_domain, count() AS events,
       uniqCombinedState(12)(if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts)))) AS sessions
FROM curb.events_local
GROUP BY date, is_bot, utm_source, utm_medium, utm_campaign, referrer_domain;

-- The A/B dashboard's assignment units per test, variant and day (migration 0035: the unit
-- the tracker drew the variant for, props.ab_unit; the visitor for older events).
CREATE TABLE IF NOT EXISTS curb.ab_units_local ON CLUSTER curb
(
    date         Date,
    is_bot       UInt8,
    test_type    LowCardinality(String),
    variant      LowCardinality(String),
    unit         UInt64,
    saw          SimpleAggregateFunction(max, UInt8),
    did_click    SimpleAggregateFunction(max, UInt8),
    did_convert  SimpleAggregateFunction(max, UInt8),
    variant_text SimpleAggregateFunction(max, String)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/curb/ab_units_local', '{replica}')
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, test_type, variant, unit)
TTL date + INTERVAL 730 DAY;

CREATE TABLE IF NOT EXISTS curb.ab_units ON CLUSTER curb AS curb.ab_units_local
ENGINE = Distributed(curb, curb, ab_units_local, unit);

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.ab_units_mv ON CLUSTER curb TO curb.ab_units_local AS
SELECT toDate(ts) AS date, is_bot, test_type, variant,
       cityHash64(if(props['ab_unit'] != '', props['ab_unit'], concat('visitor:', toString(visitor_id)))) AS unit,
       max(name = 'ab_impression') AS saw, max(name = 'ab_click') AS did_click, max(name = 'ab_conversion') AS did_convert,
       maxIf(props['variant_text'], name = 'ab_impression') AS variant_text
FROM curb.events_local
WHERE name IN ('ab_impression', 'ab_click', 'ab_conversion') AND test_type != '' AND variant != ''
GROUP BY date, is_bot, test_type, variant, unit;

-- Who gave which e-mail, per day and visitor (migration 0036): identified users, the
-- journeys' identities and the funnel's first submitter of an address.
CREATE TABLE IF NOT EXISTS curb.identities_local ON CLUSTER curb
(
    date         Date,
    is_bot       UInt8,
    email        String,
    visitor      UInt64,
    last_seen    SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    first_submit SimpleAggregateFunction(min, Nullable(DateTime64(3, 'UTC')))
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/curb/identities_local', '{replica}')
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, email, visitor)
TTL date + INTERVAL 730 DAY;

CREATE TABLE IF NOT EXISTS curb.identities ON CLUSTER curb AS curb.identities_local
ENGINE = Distributed(curb, curb, identities_local, visitor);

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.identities_mv ON CLUSTER curb TO curb.identities_local AS
SELECT toDate(ts) AS date, is_bot, email, visitor_id AS visitor, max(ts) AS last_seen,
       minOrNullIf(ts, name = 'form_submit') AS first_submit
FROM curb.events_local
WHERE email != ''
GROUP BY date, is_bot, email, visitor;

-- Events per hour (migration 0037): the admin overview's last 24 hours.
CREATE TABLE IF NOT EXISTS curb.events_hourly_local ON CLUSTER curb
(
    hour   DateTime('UTC'),
    is_bot UInt8,
    events SimpleAggregateFunction(sum, UInt64)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/curb/events_hourly_local', '{replica}')
PARTITION BY toYYYYMM(hour)
ORDER BY (hour, is_bot)
TTL hour + INTERVAL 730 DAY;

CREATE TABLE IF NOT EXISTS curb.events_hourly ON CLUSTER curb AS curb.events_hourly_local
ENGINE = Distributed(curb, curb, events_hourly_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.events_hourly_mv ON CLUSTER curb TO curb.events_hourly_local AS
SELECT toStartOfHour(ts, 'UTC') AS hour, is_bot, count() AS events
FROM curb.events_local
GROUP BY hour, is_bot;

-- The retargeting journeys' events, by day and session in small granules (migration 0047).
CREATE TABLE IF NOT EXISTS curb.journey_events_local ON CLUSTER curb
(
    ts         DateTime64(3, 'UTC') CODEC(Delta, ZSTD(1)),
    session_id String,
    name       LowCardinality(String),
    path       LowCardinality(String)
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/journey_events_local', '{replica}')
PARTITION BY toYYYYMM(ts)
ORDER BY (toDate(ts), session_id, ts)
TTL toDateTime(ts) + INTERVAL 730 DAY
SETTINGS index_granularity = 256;

CREATE TABLE IF NOT EXISTS curb.journey_events ON CLUSTER curb AS curb.journey_events_local
ENGINE = Distributed(curb, curb, journey_events_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.journey_events_mv ON CLUSTER curb TO curb.journey_events_local AS
SELECT ts, session_id, name, path
FROM curb.events_local WHERE is_bot = 0 AND session_id != '';

-- The sessions' latest activity since the day before yesterday, sorted by time (migration 0048).
CREATE TABLE IF NOT EXISTS curb.session_activity_local ON CLUSTER curb
(
    date      Date,
    last_seen DateTime64(3, 'UTC'),
    session   UInt64,
    sid       String,
    visitor   UInt64,
    email     String
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/session_activity_local', '{replica}')
PARTITION BY toYYYYMM(date)
ORDER BY (date, last_seen)
TTL date + INTERVAL 3 DAY;

CREATE TABLE IF NOT EXISTS curb.session_activity ON CLUSTER curb AS curb.session_activity_local
ENGINE = Distributed(curb, curb, session_activity_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS curb.session_activity_mv ON CLUSTER curb TO curb.session_activity_local AS
SELECT toDate(ts) AS date, max(ts) AS last_seen, cityHash64(session_id) AS session, any(session_id) AS sid,
       any(visitor_id) AS visitor, max(email) AS email
FROM curb.events_local
WHERE is_bot = 0 AND session_id != '' AND toDate(ts) >= toDate(now('UTC')) - 2
GROUP BY date, session_id;

-- The retargeting funnel's progress over a period's closed days, computed once a day
-- (migration 0034).
CREATE TABLE IF NOT EXISTS curb.funnel_progress_local ON CLUSTER curb
(
    as_of Date,
    days  UInt8,
    run   UUID,
    key   UInt64,
    level UInt8
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/funnel_progress_local', '{replica}')
PARTITION BY as_of
ORDER BY (as_of, days, run, key)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1;

CREATE TABLE IF NOT EXISTS curb.funnel_progress ON CLUSTER curb AS curb.funnel_progress_local
ENGINE = Distributed(curb, curb, funnel_progress_local, key);

-- Each address's first submitter over a run's closed days (migration 0043).
CREATE TABLE IF NOT EXISTS curb.funnel_progress_submitters_local ON CLUSTER curb
(
    as_of   Date,
    days    UInt8,
    run     UUID,
    h       UInt64,
    visitor UInt64,
    day     Date
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/funnel_progress_submitters_local', '{replica}')
PARTITION BY as_of
ORDER BY (as_of, days, run, h)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1;

CREATE TABLE IF NOT EXISTS curb.funnel_progress_submitters ON CLUSTER curb AS curb.funnel_progress_submitters_local
ENGINE = Distributed(curb, curb, funnel_progress_submitters_local, rand());

CREATE TABLE IF NOT EXISTS curb.funnel_progress_runs_local ON CLUSTER curb
(
    as_of       Date,
    days        UInt8,
    fingerprint UInt64,
    run         UUID,
    levels      Array(UInt64),
    created_at  DateTime64(3, 'UTC') DEFAULT now64(3)
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/funnel_progress_runs_local', '{replica}')
ORDER BY (as_of, days, fingerprint)
TTL toDate(as_of) + INTERVAL 2 DAY;

CREATE TABLE IF NOT EXISTS curb.funnel_progress_runs ON CLUSTER curb AS curb.funnel_progress_runs_local
ENGINE = Distributed(curb, curb, funnel_progress_runs_local, rand());

-- The retargeting dashboard's sums and distinct-count states over a period's closed days,
-- computed once a day (migration 0039).

CREATE TABLE IF NOT EXISTS curb.closed_days_runs_local ON CLUSTER curb
(
    as_of       Date,
    days        UInt8,
    kind        LowCardinality(String),
    fingerprint UInt64,
    run         UUID,
    created_at  DateTime64(3, 'UTC') DEFAULT now64(3)
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/closed_days_runs_local', '{replica}')
ORDER BY (as_of, days, kind, fingerprint)
TTL as_of + INTERVAL 2 DAY;

CREATE TABLE IF NOT EXISTS curb.closed_days_runs ON CLUSTER curb AS curb.closed_days_runs_local
ENGINE = Distributed(curb, curb, closed_days_runs_local, rand());

CREATE TABLE IF NOT EXISTS curb.sources_closed_local ON CLUSTER curb
(
    as_of    Date,
    days     UInt8,
    run      UUID,
    name     LowCardinality(String),
    source   LowCardinality(String),
    events   UInt64,
    visitors AggregateFunction(uniqCombined(12), UInt64)
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/sources_closed_local', '{replica}')
PARTITION BY as_of
ORDER BY (as_of, days, run)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1;

CREATE TABLE IF NOT EXISTS curb.sources_closed ON CLUSTER curb AS curb.sources_closed_local
ENGINE = Distributed(curb, curb, sources_closed_local, rand());

CREATE TABLE IF NOT EXISTS curb.traffic_closed_local ON CLUSTER curb
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
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/traffic_closed_local', '{replica}')
PARTITION BY as_of
ORDER BY (as_of, days, run)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1;

CREATE TABLE IF NOT EXISTS curb.traffic_closed ON CLUSTER curb AS curb.traffic_closed_local
ENGINE = Distributed(curb, curb, traffic_closed_local, rand());

CREATE TABLE IF NOT EXISTS curb.users_closed_local ON CLUSTER curb
(
    as_of               Date,
    days                UInt8,
    run                 UUID,
    identified          AggregateFunction(uniqExact, UInt64),
    identified_visitors AggregateFunction(uniqExact, UInt64),
    visitors            AggregateFunction(uniq, UInt64)
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/users_closed_local', '{replica}')
PARTITION BY as_of
ORDER BY (as_of, days, run)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1;

CREATE TABLE IF NOT EXISTS curb.users_closed ON CLUSTER curb AS curb.users_closed_local
ENGINE = Distributed(curb, curb, users_closed_local, rand());

-- The A/B dashboard's units and names over a period's closed days, computed once a day
-- (migrations 0040 and 0042: each unit's flags and the units per pair and flags).

CREATE TABLE IF NOT EXISTS curb.ab_unit_flags_closed_local ON CLUSTER curb
(
    as_of Date,
    days  UInt8,
    run   UUID,
    key   UInt64,
    pair  UInt64,
    flags UInt8,
    n     UInt64
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/ab_unit_flags_closed_local', '{replica}')
PARTITION BY as_of
ORDER BY (as_of, days, run, key)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1;

CREATE TABLE IF NOT EXISTS curb.ab_unit_flags_closed ON CLUSTER curb AS curb.ab_unit_flags_closed_local
ENGINE = Distributed(curb, curb, ab_unit_flags_closed_local, rand());

CREATE TABLE IF NOT EXISTS curb.ab_pairs_closed_local ON CLUSTER curb
(
    as_of        Date,
    days         UInt8,
    run          UUID,
    pair         UInt64,
    test_type    LowCardinality(String),
    variant      LowCardinality(String),
    variant_text String
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/ab_pairs_closed_local', '{replica}')
PARTITION BY as_of
ORDER BY (as_of, days, run, pair)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1;

CREATE TABLE IF NOT EXISTS curb.ab_pairs_closed ON CLUSTER curb AS curb.ab_pairs_closed_local
ENGINE = Distributed(curb, curb, ab_pairs_closed_local, rand());

-- The SEO dashboard's sessions over its closed days, computed once a day (migrations 0041 and 0042).
CREATE TABLE IF NOT EXISTS curb.seo_session_flags_closed_local ON CLUSTER curb
(
    as_of Date,
    days  UInt8,
    run   UUID,
    key   UInt64,
    flags UInt8,
    n     UInt64
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/seo_session_flags_closed_local', '{replica}')
PARTITION BY as_of
ORDER BY (as_of, days, run, key)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1;

CREATE TABLE IF NOT EXISTS curb.seo_session_flags_closed ON CLUSTER curb AS curb.seo_session_flags_closed_local
ENGINE = Distributed(curb, curb, seo_session_flags_closed_local, rand());

-- Replaced by the two above with their counts (migration 0042): gone from every node.
DROP TABLE IF EXISTS curb.ab_units_closed ON CLUSTER curb;
DROP TABLE IF EXISTS curb.ab_units_closed_local ON CLUSTER curb;
DROP TABLE IF EXISTS curb.seo_sessions_closed ON CLUSTER curb;
DROP TABLE IF EXISTS curb.seo_sessions_closed_local ON CLUSTER curb;

-- The retargeting journeys' identified visitors and their last address over a run's closed days
-- (migration 0044).
CREATE TABLE IF NOT EXISTS curb.identified_visitors_closed_local ON CLUSTER curb
(
    as_of Date,
    days  UInt8,
    run   UUID,
    key   UInt64,
    email String
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/curb/identified_visitors_closed_local', '{replica}')
PARTITION BY as_of
ORDER BY (as_of, days, run, key)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1;

CREATE TABLE IF NOT EXISTS curb.identified_visitors_closed ON CLUSTER curb AS curb.identified_visitors_closed_local
ENGINE = Distributed(curb, curb, identified_visitors_closed_local, rand());

-- Whether each session row entered from a search engine, with its earliest time (migration
-- 0045): written by the shards' view through the column's default, and computed for the rows
-- stored before it until they are rewritten.
ALTER TABLE curb.sessions_local ON CLUSTER curb ADD COLUMN IF NOT EXISTS organic_entry SimpleAggregateFunction(min, UInt64)
    DEFAULT bitShiftLeft(toUInt64(toUnixTimestamp64Milli(first_seen)), 1)
        + (multiSearchAny(concat('.', finalizeAggregation(entry_referrer)),
               ['.google.', '.bing.', '.duckduckgo.', '.yahoo.', '.baidu.', '.yandex.', '.ecosia.', '.startpage.', '.qwant.',
                '.search.brave.', '.naver.', '.seznam.'])
           OR finalizeAggregation(entry_medium) = 'organic');

ALTER TABLE curb.sessions ON CLUSTER curb ADD COLUMN IF NOT EXISTS organic_entry SimpleAggregateFunction(min, UInt64);

ALTER TABLE curb.sessions_local ON CLUSTER curb MATERIALIZE COLUMN organic_entry;

-- The funnel's steps numbered as the dashboards read them (migration 0046): written by the
-- shards' view through the columns' defaults, and computed for the rows stored before them until
-- they are rewritten.
ALTER TABLE curb.funnel_steps_local ON CLUSTER curb ADD COLUMN IF NOT EXISTS first_view SimpleAggregateFunction(min, UInt64)
    DEFAULT arrayFold((first, x) -> if(x.2 = 1, least(first, toUInt64(x.1) * 8 + 1), first), steps, toUInt64(18446744073709551615));

ALTER TABLE curb.funnel_steps_local ON CLUSTER curb ADD COLUMN IF NOT EXISTS other_steps SimpleAggregateFunction(groupArrayArray, Array(UInt64))
    DEFAULT arrayMap(x -> toUInt64(x.1) * 8 + x.2, arrayFilter(x -> x.2 != 1, steps));

ALTER TABLE curb.funnel_steps ON CLUSTER curb ADD COLUMN IF NOT EXISTS first_view SimpleAggregateFunction(min, UInt64);

ALTER TABLE curb.funnel_steps ON CLUSTER curb ADD COLUMN IF NOT EXISTS other_steps SimpleAggregateFunction(groupArrayArray, Array(UInt64));

ALTER TABLE curb.funnel_steps_local ON CLUSTER curb MATERIALIZE COLUMN first_view;

ALTER TABLE curb.funnel_steps_local ON CLUSTER curb MATERIALIZE COLUMN other_steps;
