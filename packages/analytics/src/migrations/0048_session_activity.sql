-- The sessions' latest activity, sorted by time: per stored block, day and session, when it was
-- last seen. The journeys' first pick asks for the latest sessions since yesterday; in the
-- sessions rollup (sorted by day and session) that read every row of today and yesterday, a cost
-- that followed the day's traffic (50 M events, 30 days, late in the day: 22 → 15 ms of one
-- thread, where 10 M events take 12 → 15 ms). Here the latest sessions are the tail of the day.
-- Only the days the pick reads are kept: the view takes the events of today and the two days
-- before, and the rows go three days after theirs. Fed like the rollups of 0030.
CREATE TABLE IF NOT EXISTS session_activity
(
    date      Date,
    last_seen DateTime64(3, 'UTC'),
    session   UInt64,
    sid       String,
    visitor   UInt64,
    email     String
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (date, last_seen)
TTL date + INTERVAL 3 DAY
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS session_activity_mv TO session_activity AS
SELECT toDate(ts) AS date, max(ts) AS last_seen, cityHash64(session_id) AS session, any(session_id) AS sid,
       any(visitor_id) AS visitor, max(email) AS email
FROM events
WHERE is_bot = 0 AND session_id != '' AND toDate(ts) >= toDate(now('UTC')) - 2
GROUP BY date, session_id
;
INSERT INTO session_activity
SELECT toDate(ts) AS date, max(ts) AS last_seen, cityHash64(session_id) AS session, any(session_id) AS sid,
       any(visitor_id) AS visitor, max(email) AS email
FROM events
WHERE is_bot = 0 AND session_id != '' AND toDate(ts) >= toDate(now('UTC')) - 2
GROUP BY date, session_id
