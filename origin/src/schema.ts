// The origin's D1 schema: the single source of truth. `node origin/scripts/write-migrations.mjs`
// writes each migration to origin/migrations/<name>.sql (for `wrangler d1 migrations apply`), and
// the Worker runs the same statements when it brings its own database up (AUTO_SEED, reset).
// Every statement is idempotent (IF NOT EXISTS), so running it over a migrated database is a no-op.
// Self-contained on purpose: the write script imports this file directly under Node.

export interface Migration {
  name: string;
  statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    name: '0001_init',
    statements: [
      // Seed version and test-only switches (fault injection).
      `CREATE TABLE IF NOT EXISTS origin_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
)`,
      // Plans: one row per package id; prices per currency; membership of code tables A and B.
      `CREATE TABLE IF NOT EXISTS packages (
  product_id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  sub_title TEXT NOT NULL,
  sort_order INTEGER NOT NULL,
  link TEXT NOT NULL,
  access_list TEXT NOT NULL,
  listed INTEGER NOT NULL DEFAULT 1 CHECK (listed IN (0, 1))
)`,
      `CREATE TABLE IF NOT EXISTS package_prices (
  product_id INTEGER NOT NULL REFERENCES packages (product_id),
  currency TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price > 0),
  origin_price INTEGER NOT NULL CHECK (origin_price >= price),
  PRIMARY KEY (product_id, currency)
)`,
      `CREATE TABLE IF NOT EXISTS package_tables (
  code_table TEXT NOT NULL CHECK (code_table IN ('A', 'B')),
  product_id INTEGER NOT NULL REFERENCES packages (product_id),
  PRIMARY KEY (code_table, product_id)
)`,
      // Orders and their state machine (paying → paid | failed; paid → refunding → refunded).
      `CREATE TABLE IF NOT EXISTS orders (
  order_id TEXT PRIMARY KEY,
  pay_type INTEGER NOT NULL CHECK (pay_type IN (1, 2)),
  product_id INTEGER NOT NULL,
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL,
  email TEXT NOT NULL,
  lang TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('paying', 'paid', 'refunding', 'refunded', 'failed')),
  client_secret TEXT NOT NULL,
  provider_ref TEXT NOT NULL,
  cd_key TEXT UNIQUE,
  decline_code TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  paid_at INTEGER
)`,
      `CREATE INDEX IF NOT EXISTS orders_by_email ON orders (email, status)`,
      `CREATE TABLE IF NOT EXISTS order_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL,
  from_status TEXT,
  to_status TEXT NOT NULL,
  reason TEXT,
  created_at INTEGER NOT NULL
)`,
      `CREATE INDEX IF NOT EXISTS order_events_by_order ON order_events (order_id)`,
      `CREATE TABLE IF NOT EXISTS payment_clicks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL,
  client_key TEXT NOT NULL,
  created_at INTEGER NOT NULL
)`,
      // Mails the origin would send (licence codes, trial codes); a real mailer drains this.
      `CREATE TABLE IF NOT EXISTS mail_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  to_email TEXT NOT NULL,
  lang TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
)`,
      `CREATE INDEX IF NOT EXISTS mail_outbox_by_email ON mail_outbox (to_email)`,
      // Ad attribution (ocpc): stable short codes and reported actions.
      `CREATE TABLE IF NOT EXISTS short_codes (
  long_code TEXT PRIMARY KEY,
  short_code TEXT NOT NULL UNIQUE,
  source_url TEXT NOT NULL,
  created_at INTEGER NOT NULL
)`,
      `CREATE TABLE IF NOT EXISTS ocpc_actions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  long_code TEXT NOT NULL,
  action TEXT NOT NULL,
  client_key TEXT NOT NULL,
  created_at INTEGER NOT NULL
)`,
      // Trial-code activities, claims, and the installations that make a user "not new".
      `CREATE TABLE IF NOT EXISTS activities (
  activity_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL
)`,
      `CREATE TABLE IF NOT EXISTS trial_claims (
  activity_id INTEGER NOT NULL,
  email TEXT NOT NULL,
  device_id TEXT,
  cd_key TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (activity_id, email)
)`,
      `CREATE TABLE IF NOT EXISTS installations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT,
  device_id TEXT,
  created_at INTEGER NOT NULL,
  CHECK (email IS NOT NULL OR device_id IS NOT NULL)
)`,
      `CREATE UNIQUE INDEX IF NOT EXISTS installations_email ON installations (email) WHERE email IS NOT NULL`,
      `CREATE UNIQUE INDEX IF NOT EXISTS installations_device ON installations (device_id) WHERE device_id IS NOT NULL`,
      // Feedback: single-use captchas and tickets with their attachment URLs.
      `CREATE TABLE IF NOT EXISTS captchas (
  captcha_id TEXT PRIMARY KEY,
  answer TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  created_at INTEGER NOT NULL
)`,
      `CREATE TABLE IF NOT EXISTS feedback_tickets (
  ticket_id TEXT PRIMARY KEY,
  app_id INTEGER NOT NULL,
  ticket_type TEXT NOT NULL,
  problem_type TEXT NOT NULL,
  version TEXT,
  system_version TEXT,
  device_name TEXT,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  order_number TEXT,
  subject TEXT NOT NULL,
  remark TEXT,
  lang TEXT NOT NULL,
  client_key TEXT NOT NULL,
  created_at INTEGER NOT NULL
)`,
      `CREATE TABLE IF NOT EXISTS feedback_attachments (
  ticket_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  url TEXT NOT NULL,
  PRIMARY KEY (ticket_id, position)
)`,
      // Do-not-sell requests: one per email.
      `CREATE TABLE IF NOT EXISTS privacy_requests (
  request_id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  country TEXT,
  region TEXT,
  remark TEXT,
  lang TEXT NOT NULL,
  client_key TEXT NOT NULL,
  created_at INTEGER NOT NULL
)`,
      // Too-frequent counters: one row per (client, window); expired rows are swept.
      `CREATE TABLE IF NOT EXISTS rate_counters (
  bucket TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
)`,
      // The collection host: beacon events, deduplicated so a retried batch never doubles.
      `CREATE TABLE IF NOT EXISTS beacon_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL,
  time_ INTEGER NOT NULL,
  action TEXT NOT NULL,
  tryno INTEGER NOT NULL,
  business_index TEXT,
  cid TEXT,
  item_id TEXT,
  page_id TEXT,
  btn_id TEXT,
  from_ TEXT,
  step TEXT,
  indent TEXT,
  result TEXT,
  pkg_type TEXT,
  user_info TEXT,
  pay TEXT,
  collect_time INTEGER,
  tid1 TEXT,
  tid2 TEXT,
  received_at INTEGER NOT NULL
)`,
      `CREATE UNIQUE INDEX IF NOT EXISTS beacon_events_identity ON beacon_events (uuid, time_, action, tryno)`,
    ],
  },
  {
    name: '0002_beacon_edge',
    statements: [
      // What the site's edge adds to an event it relayed (the classic image GET has none of it):
      // when the edge took it, the hashed client id (never the IP), cf.country, the colo, isbot.
      `CREATE TABLE IF NOT EXISTS beacon_edge (
  uuid TEXT NOT NULL,
  time_ INTEGER NOT NULL,
  action TEXT NOT NULL,
  tryno INTEGER NOT NULL,
  edge_received_at INTEGER NOT NULL,
  client_id TEXT NOT NULL,
  country TEXT,
  colo TEXT,
  is_bot INTEGER NOT NULL
)`,
      `CREATE UNIQUE INDEX IF NOT EXISTS beacon_edge_identity ON beacon_edge (uuid, time_, action, tryno)`,
    ],
  },
  {
    name: '0003_feedback_uploads',
    statements: [
      // Ticket attachments are now the keys of images the site stored in its R2 bucket (POST
      // /api/upload), not URLs; feedback_attachments keeps the URLs of older tickets.
      `CREATE TABLE IF NOT EXISTS feedback_uploads (
  ticket_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  upload_key TEXT NOT NULL,
  PRIMARY KEY (ticket_id, position)
)`,
      // One image belongs to one ticket: a key sent again with another ticket is refused.
      `CREATE UNIQUE INDEX IF NOT EXISTS feedback_uploads_key ON feedback_uploads (upload_key)`,
    ],
  },
  {
    name: '0004_withdrawal_requests',
    statements: [
      // Withdrawals and money-back requests: one per order (a repeat answers the first one), with
      // the time it was received, which the acknowledgement mail states.
      `CREATE TABLE IF NOT EXISTS withdrawal_requests (
  request_id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  reason TEXT,
  lang TEXT NOT NULL,
  client_key TEXT NOT NULL,
  created_at INTEGER NOT NULL
)`,
    ],
  },
  {
    name: '0005_order_waivers',
    statements: [
      // An order's waiver of the right of withdrawal (EEA, UK and Swiss buyers): the two
      // statements as the buyer saw them, in the order's language, when the box was ticked, and
      // when the origin recorded it. One per order, written with the order; the licence mail repeats it.
      `CREATE TABLE IF NOT EXISTS order_waivers (
  order_id TEXT PRIMARY KEY,
  text TEXT NOT NULL,
  lang TEXT NOT NULL,
  accepted_at INTEGER NOT NULL,
  recorded_at INTEGER NOT NULL
)`,
    ],
  },
  {
    name: '0006_price_history',
    statements: [
      // Every price a package had in a currency, from when (epoch seconds) until the next row: the
      // source of list_group's price_since and lowest_price_30d (src/domain/reference-price.ts).
      // A price change is a new row here together with the new package_prices.price.
      `CREATE TABLE IF NOT EXISTS price_history (
  product_id INTEGER NOT NULL REFERENCES packages (product_id),
  currency TEXT NOT NULL,
  effective_from INTEGER NOT NULL,
  price INTEGER NOT NULL CHECK (price > 0),
  PRIMARY KEY (product_id, currency, effective_from)
)`,
    ],
  },
  {
    name: '0007_vitals',
    statements: [
      // The Web Vitals of one page view (a beacon event with action 'vitals', also in
      // beacon_events): the page without its locale prefix, its locale, the device class and
      // country the edge saw, how the page was reached, and the four timings (ms; CLS unitless).
      `CREATE TABLE IF NOT EXISTS vitals_events (
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
)`,
      `CREATE UNIQUE INDEX IF NOT EXISTS vitals_events_identity ON vitals_events (uuid, time_, tryno)`,
      `CREATE INDEX IF NOT EXISTS vitals_events_received ON vitals_events (received_at)`,
    ],
  },
];

/** Every statement of every migration, in order. */
export const SCHEMA_STATEMENTS: readonly string[] = MIGRATIONS.flatMap((m) => m.statements);

/** The tables the schema creates, in creation order (the reset empties all of them). */
export const TABLES: readonly string[] = SCHEMA_STATEMENTS.flatMap((s) => {
  const match = /^CREATE TABLE IF NOT EXISTS (\w+)/.exec(s);
  return match?.[1] ? [match[1]] : [];
});

/** A migration as the .sql file wrangler applies. */
export function renderMigrationSql(migration: Migration): string {
  return `-- Generated from origin/src/schema.ts by origin/scripts/write-migrations.mjs; do not edit.\n\n${migration.statements.map((s) => `${s};\n`).join('\n')}`;
}
