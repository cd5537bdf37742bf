-- Daily salts for cookieless visitor ids (hash of salt + IP + user agent, as Plausible and
-- Umami do). Shared by every collector process so one visitor gets one id per day; a salt
-- is deleted once its day is over, after which that day's ids cannot be linked to anyone.
CREATE TABLE visitor_salts (
  day date PRIMARY KEY,
  salt bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
