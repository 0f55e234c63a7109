-- Generated from origin/src/schema.ts by origin/scripts/write-migrations.mjs; do not edit.

CREATE TABLE IF NOT EXISTS order_waivers (
  order_id TEXT PRIMARY KEY,
  text TEXT NOT NULL,
  lang TEXT NOT NULL,
  accepted_at INTEGER NOT NULL,
  recorded_at INTEGER NOT NULL
);
