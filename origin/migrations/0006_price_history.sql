-- Generated from origin/src/schema.ts by origin/scripts/write-migrations.mjs; do not edit.

CREATE TABLE IF NOT EXISTS price_history (
  product_id INTEGER NOT NULL REFERENCES packages (product_id),
  currency TEXT NOT NULL,
  effective_from INTEGER NOT NULL,
  price INTEGER NOT NULL CHECK (price > 0),
  PRIMARY KEY (product_id, currency, effective_from)
);
