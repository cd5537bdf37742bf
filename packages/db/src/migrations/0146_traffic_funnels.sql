-- The owner's own funnels on the Traffic page: a name and 2 to 8 steps, each a page path (with
-- `*` for any characters) or an event name, as JSON [{"kind": "page"|"event", "value": "..."}].
-- Checked by the admin route before it is stored (the owner is told which step is wrong).
CREATE TABLE traffic_funnels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  steps jsonb NOT NULL CHECK (jsonb_typeof(steps) = 'array' AND jsonb_array_length(steps) BETWEEN 2 AND 8),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX traffic_funnels_created_at_idx ON traffic_funnels (created_at);
