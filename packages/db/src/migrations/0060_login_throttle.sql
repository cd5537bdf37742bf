-- Sign-in throttling per (account, client) instead of an account lockout: an attacker's
-- wrong guesses slow down that attacker, never the owner signing in from elsewhere. The
-- account is the e-mail as typed (lower case), whether or not such an admin exists, so the
-- answers tell nobody which e-mails are accounts.
CREATE TABLE login_throttle (
  account text NOT NULL,
  client text NOT NULL,
  failures integer NOT NULL,
  retry_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account, client)
);
CREATE INDEX login_throttle_updated_at ON login_throttle (updated_at);

ALTER TABLE admin_users DROP COLUMN failed_logins, DROP COLUMN locked_until;
