-- Visits stored as they happen (after Plausible's sessions table), so the Traffic views read one
-- row per visit instead of grouping a period's raw events into visits on every request (30 days
-- of 10 M events: 3.3 M events into 330 k visits, 0.3–1.5 s of CPU per statement).
--
-- `visit_touches`: the sessions each stored block of events touched, with the time it was stored
-- (the column's default, taken as the view writes). The visit builder (visits.ts) reads what was
-- stored since its last run and rebuilds those visits, then notes how far it got in
-- `visit_builds`, where a builder that starts again goes on from. Both are kept two days.
CREATE TABLE IF NOT EXISTS visit_touches
(
    stored_at DateTime64(3, 'UTC') DEFAULT now64(3),
    date      Date,
    session   UInt64
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(date)
ORDER BY stored_at
TTL toDateTime(stored_at) + INTERVAL 2 DAY
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS visit_touches_mv TO visit_touches AS
SELECT toDate(ts) AS date, if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts))) AS session
FROM events
WHERE is_bot = 0
GROUP BY date, session
;
CREATE TABLE IF NOT EXISTS visit_builds
(
    stored_at DateTime64(3, 'UTC')
)
ENGINE = MergeTree
ORDER BY stored_at
TTL toDateTime(stored_at) + INTERVAL 2 DAY
;
-- One row per visit and version: the builder cancels a visit's stored row (sign -1, a copy of
-- it) and writes the new one (sign +1) in one insert, so a sum weighted by sign counts each
-- visit once, in its latest form, without grouping by visit; merges drop the cancelled pairs.
-- A visit is sorted under the day it started. Its source and channel are decided as it is
-- stored, as are its conversions (a lead, a booked consultation, the forms it submitted). Its events, each distinct (path, name, form) with
-- how many there were (ev_*), answer the page and goal breakdowns and the event filters; the
-- page views per path (pages, page_views) are those of ev_* kept apart for the page breakdown.
CREATE TABLE IF NOT EXISTS visits
(
    sign            Int8,
    start           DateTime64(3, 'UTC'),
    session         UInt64,
    visitor         UInt64,
    last_seen       DateTime64(3, 'UTC'),
    pageviews       UInt32,
    events          UInt32,
    bounce          UInt8,
    duration        Float64,
    entry_page      String,
    exit_page       String,
    referrer        String,
    referrer_domain LowCardinality(String),
    utm_source      LowCardinality(String),
    utm_medium      LowCardinality(String),
    utm_campaign    String,
    utm_content     String,
    utm_term        String,
    country         LowCardinality(String),
    browser         LowCardinality(String),
    os              LowCardinality(String),
    device          LowCardinality(String),
    screen_size     LowCardinality(String),
    source          LowCardinality(String),
    channel         LowCardinality(String),
    lead            UInt8,
    consultation    UInt8,
    submitted       Array(LowCardinality(String)),
    pages           Array(String),
    page_views      Array(UInt32),
    ev_path         Array(String),
    ev_name         Array(LowCardinality(String)),
    ev_form         Array(String),
    ev_count        Array(UInt32)
)
ENGINE = CollapsingMergeTree(sign)
PARTITION BY toYYYYMM(start)
ORDER BY (toDate(start), session)
TTL toDateTime(start) + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000
;
-- The sessions of the events stored before the view began to listen: the builder's first run
-- turns them into visits.
INSERT INTO visit_touches
SELECT toDate(ts) AS date, if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts))) AS session
FROM events
WHERE is_bot = 0
GROUP BY date, session
