-- Tracking events the api records itself (report views, e-mail opens) wait here until a
-- collector moves them to ClickHouse: written beside the audit row's flags, kept while
-- ClickHouse is down, removed only once ClickHouse has them.
CREATE TABLE IF NOT EXISTS event_outbox (
  id         bigserial   PRIMARY KEY,
  row        jsonb       NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
