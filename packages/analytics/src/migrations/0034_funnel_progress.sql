-- The retargeting funnel's progress per user over a period's closed days (all but today and
-- yesterday), computed once a day per period and reused by every dashboard request: the
-- request only continues the chains of the users seen since yesterday. `run` tells one
-- computation from another (two processes may compute the same day at once); a run counts
-- only once its row in funnel_progress_runs exists, written after its levels. Events can
-- still reach a closed day after midnight (a delayed spool flush, an import): the run's
-- fingerprint of the closed days' step counts then no longer matches and the next request
-- computes a new run. Old runs expire with their day.
CREATE TABLE IF NOT EXISTS funnel_progress
(
    as_of Date,
    days  UInt8,
    run   UUID,
    key   UInt64,
    level UInt8
)
ENGINE = MergeTree
PARTITION BY as_of
ORDER BY (as_of, days, run, key)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1
;
CREATE TABLE IF NOT EXISTS funnel_progress_runs
(
    as_of       Date,
    days        UInt8,
    fingerprint UInt64,
    run         UUID,
    levels      Array(UInt64),
    created_at  DateTime64(3, 'UTC') DEFAULT now64(3)
)
ENGINE = MergeTree
ORDER BY (as_of, days, fingerprint)
TTL toDate(as_of) + INTERVAL 2 DAY
