-- Event rows ClickHouse refused for their data (a parse or type error), set aside by the
-- collector so they never block the rows behind them. The rows themselves are in the
-- collector's DATA_DIR/quarantine/<database>/<segment>.ndjson; this is the owner's view of
-- them from any process (the System Overview), one row per spool segment, written once.
CREATE TABLE ingest_quarantine (
  segment text PRIMARY KEY,
  rows integer NOT NULL CHECK (rows > 0),
  reason text NOT NULL,
  file text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ingest_quarantine_created_at ON ingest_quarantine (created_at DESC);
