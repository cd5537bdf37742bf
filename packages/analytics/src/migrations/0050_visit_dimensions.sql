-- Where and on what a visitor came: the country (ISO 3166 code, looked up from the client
-- address at ingest; the address itself is never stored), the operating system (from the user
-- agent) and the screen size class (from the width the tracker sends). Older rows read ''
-- ("not set" in the Traffic breakdowns).
ALTER TABLE events ADD COLUMN IF NOT EXISTS country LowCardinality(String) DEFAULT ''
;
ALTER TABLE events ADD COLUMN IF NOT EXISTS os LowCardinality(String) DEFAULT ''
;
ALTER TABLE events ADD COLUMN IF NOT EXISTS screen_size LowCardinality(String) DEFAULT ''
