-- The A/B dashboard's units per test, variant and day: the unit a variant was assigned to
-- (props.ab_unit: the consented visitor, else the session), so the unit assigned is the unit
-- counted and the z-test, interval and SRM see independent units. Events from before the
-- tracker sent ab_unit fall back to the visitor. Replaces ab_exposures (one row per visitor).
-- The view is created before the backfill, which is swapped in partition by partition
-- (backfill.ts), as in 0030.
CREATE TABLE IF NOT EXISTS ab_units
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
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, test_type, variant, unit)
TTL date + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS ab_units_mv TO ab_units AS
SELECT toDate(ts) AS date, is_bot, test_type, variant,
       cityHash64(if(props['ab_unit'] != '', props['ab_unit'], concat('visitor:', toString(visitor_id)))) AS unit,
       max(name = 'ab_impression') AS saw, max(name = 'ab_click') AS did_click, max(name = 'ab_conversion') AS did_convert,
       maxIf(props['variant_text'], name = 'ab_impression') AS variant_text
FROM events
WHERE name IN ('ab_impression', 'ab_click', 'ab_conversion') AND test_type != '' AND variant != ''
GROUP BY date, is_bot, test_type, variant, unit
;
INSERT INTO ab_units
SELECT toDate(ts) AS date, is_bot, test_type, variant,
       cityHash64(if(props['ab_unit'] != '', props['ab_unit'], concat('visitor:', toString(visitor_id)))) AS unit,
       max(name = 'ab_impression') AS saw, max(name = 'ab_click') AS did_click, max(name = 'ab_conversion') AS did_convert,
       maxIf(props['variant_text'], name = 'ab_impression') AS variant_text
FROM events
WHERE name IN ('ab_impression', 'ab_click', 'ab_conversion') AND test_type != '' AND variant != ''
GROUP BY date, is_bot, test_type, variant, unit
;
DROP VIEW IF EXISTS ab_exposures_mv
;
DROP TABLE IF EXISTS ab_exposures
