-- The retargeting funnel's closed days become a snapshot like the others (dashboards/closed-days.ts,
-- runs in closed_days_runs, ADR-0210): each user's level under one 64-bit key, and per level the
-- number of users in rows with key 0, written in the same pass (as 0042). Replaces the funnel's own
-- runs, levels and first submitters (0034, 0043; a request takes the submitters of the addresses
-- opened since from the period's identities) and the journeys' identified visitors (0044; the pick
-- reads its visitors' addresses from the identities), which are dropped below.
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

;
-- The dictionaries an older version defined over those tables on chDB (one per period): a table
-- a dictionary reads cannot be dropped. Its own dictionaries are named after the new tables.
DROP DICTIONARY IF EXISTS funnel_levels_7
;
DROP DICTIONARY IF EXISTS funnel_levels_30
;
DROP DICTIONARY IF EXISTS funnel_levels_90
;
DROP DICTIONARY IF EXISTS funnel_submitters_7
;
DROP DICTIONARY IF EXISTS funnel_submitters_30
;
DROP DICTIONARY IF EXISTS funnel_submitters_90
;
DROP DICTIONARY IF EXISTS identified_visitors_closed_7
;
DROP DICTIONARY IF EXISTS identified_visitors_closed_30
;
DROP DICTIONARY IF EXISTS identified_visitors_closed_90
;
DROP TABLE IF EXISTS funnel_progress
;
DROP TABLE IF EXISTS funnel_progress_runs
;
DROP TABLE IF EXISTS funnel_progress_submitters
;
DROP TABLE IF EXISTS identified_visitors_closed
