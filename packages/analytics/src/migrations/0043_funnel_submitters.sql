-- The retargeting funnel's first submitter of each address over a run's closed days (0034),
-- written with the run's levels: a request attributes the e-mail opens since yesterday from
-- these and the submits since yesterday, instead of reading the whole period's identities
-- (50 M events, 90 days: ~38 ms of one thread per request). Old runs expire with their day.
CREATE TABLE IF NOT EXISTS funnel_progress_submitters
(
    as_of   Date,
    days    UInt8,
    run     UUID,
    h       UInt64,
    visitor UInt64,
    day     Date
)
ENGINE = MergeTree
PARTITION BY as_of
ORDER BY (as_of, days, run, h)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1
