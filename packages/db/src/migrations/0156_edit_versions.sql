-- The version each admin section is at (a settings category, the event retention, an A/B test):
-- a save names the version it was made on and is refused when someone saved since, so two
-- people editing at once never silently undo each other. A section never saved is at version 0.
CREATE TABLE edit_versions (
  section text PRIMARY KEY,
  version integer NOT NULL CHECK (version > 0),
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
