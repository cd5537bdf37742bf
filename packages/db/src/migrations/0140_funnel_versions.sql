-- The funnel manager drives the live funnel: every save of a funnel is a numbered
-- version with who saved it, when and which fields changed, so the owner can read the history
-- and go back to an earlier version (a revert is a new version). `funnels.version` is the
-- current one.
ALTER TABLE funnels ADD COLUMN version integer NOT NULL DEFAULT 1;

CREATE TABLE funnel_versions (
  funnel_id text NOT NULL REFERENCES funnels (id) ON DELETE CASCADE,
  version integer NOT NULL,
  -- The whole edit as saved: name, title, subtitle, description, isActive, primaryColor, config.
  snapshot jsonb NOT NULL,
  changed_by text NOT NULL,
  -- The changed fields, by their labels in the Edit dialog.
  changes jsonb NOT NULL DEFAULT '[]'::jsonb,
  reverted_to integer,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (funnel_id, version)
);

-- A funnel's title is now its landing page's title ("<title> | <brand>"): the two shipped funnels
-- get their pages' present names, so nothing a visitor sees changes until the owner edits them.
UPDATE funnels SET title = 'Free Marketing Audit' WHERE id = 'marketing-audit' AND title = 'Get Your Free Marketing Audit';
UPDATE funnels SET title = 'Marketing Report Showcase'
  WHERE id = 'real-estate-marketing-report' AND title = 'Real Estate Marketing Report';
-- Every earlier save stored the old form's default button text; an empty text now means the page's own.
UPDATE funnels SET config = jsonb_set(config, '{landingPage,ctaText}', '""')
  WHERE config #>> '{landingPage,ctaText}' = 'Get Your Free Audit';

INSERT INTO funnel_versions (funnel_id, version, snapshot, changed_by)
SELECT id, 1,
       jsonb_build_object('name', name, 'title', title, 'subtitle', subtitle, 'description', description,
                          'isActive', is_active, 'primaryColor', primary_color, 'config', config),
       'installation'
FROM funnels;

-- The funnel whose landing page or popup sent the lead (null: the site's own forms). Its
-- e-mail templates and process apply to the lead.
ALTER TABLE leads ADD COLUMN funnel_id text REFERENCES funnels (id) ON DELETE SET NULL;
