-- What makes the site the owner's own: their profile and the lists they edit (figures,
-- expertise cards, services, testimonials), their posts, and the images they upload. Until a
-- subject is first saved the site shows the sample it was installed with (no row here).
-- Every save is a numbered version of its subject, kept so the owner can go back to it
-- (a restore is a new version), as the funnels do.
CREATE TABLE owner_content (
  -- 'profile', or a list's kind: 'figures', 'expertise', 'services', 'testimonials'.
  subject text PRIMARY KEY,
  doc jsonb NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('draft', 'published')),
  -- The date shown on the post; null until it is first published.
  published_at date,
  -- The post as the owner wrote it (title, SEO texts, Markdown body, ...).
  doc jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX posts_published_idx ON posts (published_at DESC) WHERE status = 'published';

-- One row per save of a subject: 'profile', a list's kind, or 'post:<id>'.
CREATE TABLE owner_content_versions (
  subject text NOT NULL,
  version integer NOT NULL,
  snapshot jsonb NOT NULL,
  changed_by text NOT NULL,
  reverted_to integer,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subject, version)
);

-- Uploaded images; the files are DATA_DIR/media/<id>/<width>.webp, one per width written.
CREATE TABLE media (
  id uuid PRIMARY KEY,
  -- The type of the bytes uploaded (the files served are WebP).
  mime text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  widths integer[] NOT NULL,
  bytes integer NOT NULL,
  alt text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
