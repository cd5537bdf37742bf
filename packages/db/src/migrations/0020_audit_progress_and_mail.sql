-- Audit runs and report e-mails: progress the report page shows while the audit runs, and
-- what the mail job and the tracking pixel record (the flags themselves are in 0001).
ALTER TABLE audits
  ADD COLUMN progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  ADD COLUMN stage text NOT NULL DEFAULT '',
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN started_at timestamptz,
  -- Tracking-pixel token of the report e-mail (128 random bits), set when the mail is built.
  ADD COLUMN open_token text UNIQUE,
  ADD COLUMN mail_transport text,
  ADD COLUMN mail_error text,
  ADD COLUMN email_delivered_at timestamptz,
  ADD COLUMN email_opened_at timestamptz,
  ADD COLUMN report_viewed_at timestamptz;
