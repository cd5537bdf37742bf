-- The A/B units' and the SEO sessions' closed days (0040, 0041) stored with their counts: each
-- key's flags under one 64-bit key (an A/B unit hashed with its test and variant), and per flags
-- (and A/B pair) the number of keys, in rows with key 0, written in the same pass. A request
-- reads those few rows instead of counting every stored key, and joins the keys seen since
-- yesterday on one number instead of two (50 M events, 90 days: the A/B units 70 → 44 ms of
-- one thread). Replaces ab_units_closed and seo_sessions_closed; old runs expire with their day.
CREATE TABLE IF NOT EXISTS ab_unit_flags_closed
(
    as_of Date,
    days  UInt8,
    run   UUID,
    key   UInt64,
    pair  UInt64,
    flags UInt8,
    n     UInt64
)
ENGINE = MergeTree
PARTITION BY as_of
ORDER BY (as_of, days, run, key)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1
;
CREATE TABLE IF NOT EXISTS seo_session_flags_closed
(
    as_of Date,
    days  UInt8,
    run   UUID,
    key   UInt64,
    flags UInt8,
    n     UInt64
)
ENGINE = MergeTree
PARTITION BY as_of
ORDER BY (as_of, days, run, key)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1
;
DROP TABLE IF EXISTS ab_units_closed
;
DROP TABLE IF EXISTS seo_sessions_closed
