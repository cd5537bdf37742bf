-- Erasures of a person: when, by whom and how many rows each removed, per store.
-- Never the address: the record of an erasure must not keep what it erased.
CREATE TABLE erasures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  erased_at timestamptz NOT NULL DEFAULT now(),
  admin_id uuid REFERENCES admin_users (id) ON DELETE SET NULL,
  rows integer NOT NULL CHECK (rows >= 0),
  removed jsonb NOT NULL
);
CREATE INDEX erasures_erased_at_idx ON erasures (erased_at DESC);
