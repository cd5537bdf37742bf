-- The ClickHouse migrations applied, per ClickHouse database, kept here rather than on each
-- ClickHouse node: every service of a cluster reads one ledger, under one advisory lock, so
-- an upgrade applies each file once (the rollup backfills are not idempotent).
CREATE TABLE IF NOT EXISTS clickhouse_migrations (
  database   text        NOT NULL,
  version    integer     NOT NULL,
  name       text        NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (database, version)
);
