-- Generated from origin/src/schema.ts by origin/scripts/write-migrations.mjs; do not edit.

CREATE TABLE IF NOT EXISTS vitals_events (
  uuid TEXT NOT NULL,
  time_ INTEGER NOT NULL,
  tryno INTEGER NOT NULL,
  page_id TEXT,
  page TEXT,
  locale TEXT,
  device TEXT,
  country TEXT,
  nav TEXT,
  lcp INTEGER,
  inp INTEGER,
  cls REAL,
  ttfb INTEGER,
  received_at INTEGER NOT NULL
);

CREATE UNIQUE INDEX IF NOT EXISTS vitals_events_identity ON vitals_events (uuid, time_, tryno);

CREATE INDEX IF NOT EXISTS vitals_events_received ON vitals_events (received_at);
