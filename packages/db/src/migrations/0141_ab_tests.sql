-- The A/B tests the owner runs: each test's split, paused or running, or its winner
-- rolled out, with every change kept (who, when, what). A test without a row runs with an
-- equal split.
CREATE TABLE ab_tests (
  test_type text PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('running', 'paused', 'rolled-out')),
  -- Percent of new units per variant: {"A": 50, "B": 50}.
  weights jsonb NOT NULL,
  winner text,
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ab_test_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  test_type text NOT NULL,
  status text NOT NULL,
  weights jsonb NOT NULL,
  winner text,
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ab_test_changes_test_idx ON ab_test_changes (test_type, changed_at DESC);
