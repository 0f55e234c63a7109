-- Generated from origin/src/schema.ts by origin/scripts/write-migrations.mjs; do not edit.

CREATE TABLE IF NOT EXISTS beacon_edge (
  uuid TEXT NOT NULL,
  time_ INTEGER NOT NULL,
  action TEXT NOT NULL,
  tryno INTEGER NOT NULL,
  edge_received_at INTEGER NOT NULL,
  client_id TEXT NOT NULL,
  country TEXT,
  colo TEXT,
  is_bot INTEGER NOT NULL
);

CREATE UNIQUE INDEX IF NOT EXISTS beacon_edge_identity ON beacon_edge (uuid, time_, action, tryno);
