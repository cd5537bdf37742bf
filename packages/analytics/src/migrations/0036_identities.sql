-- Who gave which e-mail, per day: one row per day, address and visitor from the events that
-- carry an e-mail (form submits, leads, e-mail opens), with the last time it was given and
-- the first form submit that day. The retargeting dashboard reads it for its identified
-- users, the journeys' identified visitors and their last address, and the funnel's first
-- submitter of an address, where it used to read every session's e-mail or the raw form
-- submits of the whole period: a few rows per identified visitor and day instead. Fed like
-- the rollups of 0030 (a re-inserted block with its deduplication token is dropped here
-- too); the view is created before the backfill, which is swapped in partition by partition.
CREATE TABLE IF NOT EXISTS identities
(
    date         Date,
    is_bot       UInt8,
    email        String,
    visitor      UInt64,
    last_seen    SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    first_submit SimpleAggregateFunction(min, Nullable(DateTime64(3, 'UTC')))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, email, visitor)
TTL date + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS identities_mv TO identities AS
SELECT toDate(ts) AS date, is_bot, email, visitor_id AS visitor, max(ts) AS last_seen,
       minOrNullIf(ts, name = 'form_submit') AS first_submit
FROM events
WHERE email != ''
GROUP BY date, is_bot, email, visitor
;
INSERT INTO identities
SELECT toDate(ts) AS date, is_bot, email, visitor_id AS visitor, max(ts) AS last_seen,
       minOrNullIf(ts, name = 'form_submit') AS first_submit
FROM events
WHERE email != ''
GROUP BY date, is_bot, email, visitor
