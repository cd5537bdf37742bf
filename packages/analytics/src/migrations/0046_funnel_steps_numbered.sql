-- The funnel's steps as the dashboards read them, numbered as the rows are stored (each step's
-- second × 8 + its step, as funnel-progress.ts folds them): a row's earliest page view in
-- `first_view` (none: the largest UInt64, whose step 7 no chain takes) and its other steps in
-- `other_steps`. Of a user's page views only the earliest can move a chain (step 1 starts one;
-- after it the level is 1 or more and a page view never comes next), so a dashboard gathers one
-- number and the other steps per user where it gathered and numbered every row's steps (10 M
-- events, 90 days: the whole period's funnel 184 → 162 ms, same answers). `steps` stays the
-- rollup's record; a row's numbers come from it when it is written (the view leaves them to the
-- defaults), and the same way for the older rows until they are rewritten.
ALTER TABLE funnel_steps ADD COLUMN IF NOT EXISTS first_view SimpleAggregateFunction(min, UInt64)
    DEFAULT arrayFold((first, x) -> if(x.2 = 1, least(first, toUInt64(x.1) * 8 + 1), first), steps, toUInt64(18446744073709551615))
;
ALTER TABLE funnel_steps ADD COLUMN IF NOT EXISTS other_steps SimpleAggregateFunction(groupArrayArray, Array(UInt64))
    DEFAULT arrayMap(x -> toUInt64(x.1) * 8 + x.2, arrayFilter(x -> x.2 != 1, steps))
;
ALTER TABLE funnel_steps MATERIALIZE COLUMN first_view
;
ALTER TABLE funnel_steps MATERIALIZE COLUMN other_steps
