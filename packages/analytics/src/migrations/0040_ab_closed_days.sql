-- The A/B dashboard's closed days (all but yesterday and today) per period, stored once a day
-- like the retargeting dashboard's (0039, runs in closed_days_runs): each unit's flags over the
-- closed days (saw 1, clicked 2, converted 4), so a request counts the stored units per flag
-- and continues only the units seen since yesterday, and each test and variant's names and
-- text. Old runs expire with their day.
CREATE TABLE IF NOT EXISTS ab_units_closed
(
    as_of Date,
    days  UInt8,
    run   UUID,
    pair  UInt64,
    unit  UInt64,
    flags UInt8
)
ENGINE = MergeTree
PARTITION BY as_of
ORDER BY (as_of, days, run, pair, unit)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1
;
CREATE TABLE IF NOT EXISTS ab_pairs_closed
(
    as_of        Date,
    days         UInt8,
    run          UUID,
    pair         UInt64,
    test_type    LowCardinality(String),
    variant      LowCardinality(String),
    variant_text String
)
ENGINE = MergeTree
PARTITION BY as_of
ORDER BY (as_of, days, run, pair)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1
