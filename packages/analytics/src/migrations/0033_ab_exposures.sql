-- The A/B dashboard's visitors per test, variant and day: whether each saw, clicked and
-- converted, so a period's counts come from one row per visitor and day instead of every
-- A/B event. Fed like the rollups of 0030, so a re-inserted block with its deduplication
-- token is dropped here too.
CREATE TABLE IF NOT EXISTS ab_exposures
(
    date         Date,
    is_bot       UInt8,
    test_type    LowCardinality(String),
    variant      LowCardinality(String),
    visitor      UInt64,
    saw          SimpleAggregateFunction(max, UInt8),
    did_click    SimpleAggregateFunction(max, UInt8),
    did_convert  SimpleAggregateFunction(max, UInt8),
    variant_text SimpleAggregateFunction(max, String)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, test_type, variant, visitor)
TTL date + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS ab_exposures_mv TO ab_exposures AS
SELECT toDate(ts) AS date, is_bot, test_type, variant, visitor_id AS visitor,
       max(name = 'ab_impression') AS saw, max(name = 'ab_click') AS did_click, max(name = 'ab_conversion') AS did_convert,
       maxIf(props['variant_text'], name = 'ab_impression') AS variant_text
FROM events
WHERE name IN ('ab_impression', 'ab_click', 'ab_conversion') AND test_type != '' AND variant != ''
GROUP BY date, is_bot, test_type, variant, visitor
;
INSERT INTO ab_exposures
SELECT toDate(ts) AS date, is_bot, test_type, variant, visitor_id AS visitor,
       max(name = 'ab_impression') AS saw, max(name = 'ab_click') AS did_click, max(name = 'ab_conversion') AS did_convert,
       maxIf(props['variant_text'], name = 'ab_impression') AS variant_text
FROM events
WHERE name IN ('ab_impression', 'ab_click', 'ab_conversion') AND test_type != '' AND variant != ''
GROUP BY date, is_bot, test_type, variant, visitor
