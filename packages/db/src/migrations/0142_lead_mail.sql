-- The funnels' e-mails to their leads: every e-mail a lead gets carries a one-click
-- unsubscribe link with the lead's own token; an unsubscribed lead gets no further e-mail. The
-- follow-up, sent some days after the report, is claimed on the audit so it goes out once.
ALTER TABLE leads ADD COLUMN unsubscribe_token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX leads_unsubscribe_token_idx ON leads (unsubscribe_token);
ALTER TABLE leads ADD COLUMN unsubscribed_at timestamptz;
ALTER TABLE audits ADD COLUMN follow_up_sent_at timestamptz;
