-- The phases of each A/B test: a phase begins when the text a variant shows changes, so
-- results made with one wording are never pooled with another's. Each phase keeps the text
-- each variant showed from its start, who started it and what changed. The first phase of a
-- test is stored (with no start: it began with the test) when the second one begins; a test
-- without rows is in its first phase.
CREATE TABLE ab_test_phases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  test_type text NOT NULL,
  started_at timestamptz,
  started_by text,
  -- The text each variant showed from this phase's start: {"A": "…", "B": "…"}.
  copy jsonb NOT NULL,
  -- What changed, in the admin's words ("Free Marketing Audit › Variant B title").
  reason text
);
CREATE INDEX ab_test_phases_test_idx ON ab_test_phases (test_type, id);
