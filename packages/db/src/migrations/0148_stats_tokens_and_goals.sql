-- API tokens the owner creates so that other tools can read POST /api/stats (and nothing else):
-- only the SHA-256 of a token is kept (it is shown once, at creation), with its first characters
-- so the owner can tell tokens apart. A revoked token stays listed, refused.
CREATE TABLE stats_api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  token_hash bytea NOT NULL UNIQUE,
  prefix text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);

-- The owner's goals for the Traffic page: an event by name, or a page path with `*` for any
-- characters. Checked by the admin route before they are stored.
CREATE TABLE stats_goals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('event', 'page')),
  match text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
