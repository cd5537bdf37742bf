-- The SEO dashboard's closed days (its 7-day week but yesterday and today), stored once a day
-- like the other dashboards' (0039, runs in closed_days_runs): each session's flags (organic 1,
-- engaged 2, page views up to 2 times 4), so a request counts the stored sessions per flags and
-- continues only the sessions seen since yesterday. Old runs expire with their day.
CREATE TABLE IF NOT EXISTS seo_sessions_closed
(
    as_of   Date,
    days    UInt8,
    run     UUID,
    session UInt64,
    flags   UInt8
)
ENGINE = MergeTree
PARTITION BY as_of
ORDER BY (as_of, days, run, session)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1
