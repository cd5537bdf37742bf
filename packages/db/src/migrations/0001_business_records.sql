-- Business records of the site: leads and their audits, contact messages, funnels,
-- settings, and the admin's users and sessions. Tracking events live in ClickHouse.

CREATE TABLE leads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  form_id text NOT NULL,
  source text NOT NULL DEFAULT '',
  business_name text,
  first_name text,
  last_name text,
  email text NOT NULL,
  website text,
  fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  enrichment jsonb,
  email_consent boolean NOT NULL DEFAULT false,
  communication_consent boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leads_created_at_idx ON leads (created_at DESC);
CREATE INDEX leads_email_idx ON leads (lower(email));

CREATE TABLE audits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid REFERENCES leads (id) ON DELETE SET NULL,
  report_id text NOT NULL UNIQUE,
  business_name text NOT NULL,
  email text NOT NULL,
  website text,
  source text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  error text,
  report jsonb,
  email_sent boolean NOT NULL DEFAULT false,
  email_delivered boolean NOT NULL DEFAULT false,
  email_opened boolean NOT NULL DEFAULT false,
  report_viewed boolean NOT NULL DEFAULT false,
  report_view_count integer NOT NULL DEFAULT 0,
  email_sent_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audits_created_at_idx ON audits (created_at DESC);

CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL DEFAULT '',
  message text NOT NULL,
  source text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE funnels (
  id text PRIMARY KEY,
  name text NOT NULL,
  title text NOT NULL,
  subtitle text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  is_active boolean NOT NULL DEFAULT true,
  primary_color text NOT NULL DEFAULT '#dc2626',
  config jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE settings (
  category text NOT NULL,
  key text NOT NULL,
  value text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (category, key)
);

CREATE TABLE admin_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  first_name text,
  password_hash text NOT NULL,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX admin_users_email_idx ON admin_users (lower(email));

CREATE TABLE admin_sessions (
  sid text PRIMARY KEY,
  session jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX admin_sessions_expires_idx ON admin_sessions (expires_at);
