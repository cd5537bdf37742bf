-- The retargeting journeys' identified visitors over a run's closed days (0039, runs in
-- closed_days_runs): one stored key per visitor who gave an e-mail, with the address they gave
-- last, so the first pick looks its few thousand recent sessions' visitors up there (held in
-- memory on chDB) and in the identities since yesterday, instead of reading the period's
-- identities per request (50 M events, 90 days: ~500 k rows). Old runs expire with their day.
CREATE TABLE IF NOT EXISTS identified_visitors_closed
(
    as_of Date,
    days  UInt8,
    run   UUID,
    key   UInt64,
    email String
)
ENGINE = MergeTree
PARTITION BY as_of
ORDER BY (as_of, days, run, key)
TTL as_of + INTERVAL 2 DAY
SETTINGS ttl_only_drop_parts = 1
