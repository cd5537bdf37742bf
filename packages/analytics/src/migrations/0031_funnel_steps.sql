-- The retargeting funnel's steps per visitor and day, so the funnel reads a few rows per
-- visitor instead of every page view. windowFunnel only needs, of the first step
-- (page_view), the earliest of each day: a later one can never start a longer chain
-- because the dashboard's window spans its whole period. The other steps are rare and
-- kept as they are. An e-mail open keeps its e-mail: the query credits it to the visitor
-- who submitted that address in the period. Fed like the other rollups (0030), so a
-- re-inserted block with its deduplication token is dropped here too.
CREATE TABLE IF NOT EXISTS funnel_steps
(
    date       Date,
    is_bot     UInt8,
    visitor    UInt64,
    open_email String,
    steps      SimpleAggregateFunction(groupArrayArray, Array(Tuple(DateTime('UTC'), UInt8)))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (date, is_bot, visitor, open_email)
TTL date + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS funnel_steps_mv TO funnel_steps AS
SELECT toDate(ts) AS date, is_bot, visitor_id AS visitor, if(name = 'email_open', email, '') AS open_email,
       arrayConcat(if(countIf(name = 'page_view') > 0, [(minIf(toDateTime(ts, 'UTC'), name = 'page_view'), toUInt8(1))], []),
                   groupArrayIf((toDateTime(ts, 'UTC'), toUInt8(indexOf(['page_view', 'popup_view', 'form_start', 'form_submit', 'email_open'], name))), name != 'page_view')) AS steps
FROM events
WHERE name IN ('page_view', 'popup_view', 'form_start', 'form_submit', 'email_open')
GROUP BY date, is_bot, visitor, open_email
;
INSERT INTO funnel_steps
SELECT toDate(ts) AS date, is_bot, visitor_id AS visitor, if(name = 'email_open', email, '') AS open_email,
       arrayConcat(if(countIf(name = 'page_view') > 0, [(minIf(toDateTime(ts, 'UTC'), name = 'page_view'), toUInt8(1))], []),
                   groupArrayIf((toDateTime(ts, 'UTC'), toUInt8(indexOf(['page_view', 'popup_view', 'form_start', 'form_submit', 'email_open'], name))), name != 'page_view')) AS steps
FROM events
WHERE name IN ('page_view', 'popup_view', 'form_start', 'form_submit', 'email_open')
GROUP BY date, is_bot, visitor, open_email
