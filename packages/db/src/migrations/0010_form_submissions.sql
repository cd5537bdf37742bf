-- Client-generated submission ids make form submissions idempotent: a retried request
-- finds the row its first attempt stored instead of storing a second one.
ALTER TABLE leads ADD COLUMN submission_id uuid UNIQUE;
ALTER TABLE contact_messages ADD COLUMN submission_id uuid UNIQUE;
