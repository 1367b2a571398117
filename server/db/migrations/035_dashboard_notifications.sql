-- E-mail notifications of the dashboard (issue 28): which person wants an e-mail for which kind of event of a
-- merchant in one mode, and which were sent (a retried job does not mail a person twice for one event).
CREATE TABLE dashboard_notification_prefs (
  user_id      text NOT NULL REFERENCES dashboard_users (id),
  merchant_id  text NOT NULL REFERENCES merchants (id),
  mode         text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  kind         text NOT NULL CHECK (kind IN ('approved', 'failed', 'dispute', 'withdrawal-paid')),
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (user_id, merchant_id, mode, kind)
);
CREATE INDEX dashboard_notification_prefs_merchant ON dashboard_notification_prefs (merchant_id, mode, kind);

CREATE TABLE dashboard_notifications_sent (
  event_id  text NOT NULL,
  user_id   text NOT NULL,
  sent_at   timestamptz NOT NULL,
  PRIMARY KEY (event_id, user_id)
);
