-- Generated from origin/src/schema.ts by origin/scripts/write-migrations.mjs; do not edit.

CREATE TABLE IF NOT EXISTS feedback_uploads (
  ticket_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  upload_key TEXT NOT NULL,
  PRIMARY KEY (ticket_id, position)
);

CREATE UNIQUE INDEX IF NOT EXISTS feedback_uploads_key ON feedback_uploads (upload_key);
