-- The retargeting funnel's closed days become a snapshot like the others (dashboards/closed-days.ts,
-- runs in closed_days_runs, record 0210): each user's level under one 64-bit key, and per level the
-- number of users in rows with key 0, written in the same pass (as 0042). Replaces the funnel's own
-- runs, levels and first submitters (0034, 0043; a request takes the submitters of the addresses
-- opened since from the period's identities) and the journeys' identified visitors (0044; the pick
-- reads its visitors' addresses from the identities). Old runs expire with their day. Those tables
-- are no longer written and empty within two days; they stay, because on chDB the dictionaries an
-- older version defined over them (funnel_levels_7, …) forbid dropping them.
CREATE TABLE IF NOT EXISTS funnel_levels_closed
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
