-- A report e-mail the recipient's server refused for good (an SMTP 5xx reply): the owner sees
-- it as refused, not as sent, and the job stops trying. The server's reply is in mail_error.
ALTER TABLE audits ADD COLUMN mail_refused_at timestamptz;
