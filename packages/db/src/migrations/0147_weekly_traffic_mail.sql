-- The owner's weekly Traffic e-mail: off until they turn it on, sent to the address they give
-- (kept here, not among the public site settings), and the Monday of the last week mailed, so
-- a week is mailed at most once however often the hourly job looks.
CREATE TABLE weekly_traffic_mail (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  enabled boolean NOT NULL DEFAULT false,
  recipient text NOT NULL DEFAULT '',
  last_week date,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO weekly_traffic_mail DEFAULT VALUES;
