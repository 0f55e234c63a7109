-- Generated from origin/src/schema.ts by origin/scripts/write-migrations.mjs; do not edit.

CREATE TABLE IF NOT EXISTS withdrawal_requests (
  request_id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  reason TEXT,
  lang TEXT NOT NULL,
  client_key TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
