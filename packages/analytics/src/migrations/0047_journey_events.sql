-- The retargeting journeys' events: each human event with a session id, sorted by day and
-- session in small granules, so a journey's events are a few granules wherever they fall. The
-- events' own sort key (day, name, visitor) scatters a session's events over every name's rows
-- of its day: the journeys read the whole of today's session ids and paths to find 20 sessions,
-- a cost that followed the day's traffic (50 M events: 22 → 13 ms of one thread; 10 M: 12 → 10).
-- A path or name repeats (LowCardinality) and a session's times rise (Delta): 50 M events take
-- 220 MiB here, 7 % of the store. Fed like the rollups of 0030; the view is created before the
-- backfill.
CREATE TABLE IF NOT EXISTS journey_events
(
    ts         DateTime64(3, 'UTC') CODEC(Delta, ZSTD(1)),
    session_id String,
    name       LowCardinality(String),
    path       LowCardinality(String)
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (toDate(ts), session_id, ts)
TTL toDateTime(ts) + INTERVAL 730 DAY
SETTINGS index_granularity = 256, non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS journey_events_mv TO journey_events AS
SELECT ts, session_id, name, path
FROM events WHERE is_bot = 0 AND session_id != ''
;
INSERT INTO journey_events
SELECT ts, session_id, name, path
FROM events WHERE is_bot = 0 AND session_id != ''
