-- Events per hour: the admin overview's "events in the last 24 hours" counted whole hours
-- from here and only the partial hour at the window's start from the events, where it used to
-- count a day of raw events on every request (its cost grew with the traffic of a day). Fed
-- like the rollups of 0030 (a re-inserted block with its deduplication token is dropped here
-- too); the view is created before the backfill, which is swapped in partition by partition.
CREATE TABLE IF NOT EXISTS events_hourly
(
    hour   DateTime('UTC'),
    is_bot UInt8,
    events SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (hour, is_bot)
TTL hour + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS events_hourly_mv TO events_hourly AS
SELECT toStartOfHour(ts, 'UTC') AS hour, is_bot, count() AS events
FROM events
GROUP BY hour, is_bot
;
INSERT INTO events_hourly
SELECT toStartOfHour(ts, 'UTC') AS hour, is_bot, count() AS events
FROM events
GROUP BY hour, is_bot
