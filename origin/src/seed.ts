// The origin's seed: plans in five currencies for both package tables, and the known test
// accounts of docs/UPSTREAM.md. Single source of truth for origin/seed/seed.sql (written by
// origin/scripts/write-migrations.mjs) and for the Worker's own seeding (AUTO_SEED, reset).
// Plan rows are upserted (the seed owns them); state rows (orders, claims…) are inserted only
// when missing, so re-seeding never undoes what a test did — POST /__admin/reset does that.
// Self-contained on purpose: the write script imports this file directly under Node.

/**
 * Bump when the seed or the schema changes, so databases seeded by an older version are upserted
 * again and get the new tables (every schema statement is idempotent).
 */
export const SEED_VERSION = '4';

export const SEED_EMAILS = {
  /** Two paid orders (Stripe and PayPal): licence mail works, trial refused with 4570003. */
  paid: 'paid@example.com',
  paying: 'paying@example.com',
  failed: 'failed@example.com',
  refunding: 'refunding@example.com',
  refunded: 'refunded@example.com',
  /** Already claimed the trial of activity 1: 4570002. */
  claimed: 'claimed@example.com',
  /** Listed as an existing installation: 4570005. */
  installed: 'installed@example.com',
  /** Already sent a do-not-sell request. */
  optedOut: 'optout@example.com',
} as const;

export const SEED_DEVICE_INSTALLED = 'INSTALLED-DEVICE-0001';

export const SEED_ACTIVITIES = {
  /** The running free-trial activity (ends 2099-12-31). */
  trial: 1,
  /** Ended 2024-01-01: 4570004. */
  expired: 2,
} as const;

const SEEDED_AT = 1767225600; // 2026-01-01T00:00:00Z

type PayType = 1 | 2;
type Status = 'paying' | 'paid' | 'refunding' | 'refunded' | 'failed';

interface SeedOrder {
  order_id: string;
  pay_type: PayType;
  product_id: number;
  currency: string;
  amount: number;
  email: string;
  status: Status;
  cd_key: string | null;
  paid_at: number | null;
  decline_code?: string;
}

export const SEED_ORDERS = [
  { order_id: 'MTSEEDPAID0000001', pay_type: 1, product_id: 81903, currency: 'USD', amount: 5999, email: SEED_EMAILS.paid, status: 'paid', cd_key: 'MTDR-SEED0-PA1D0-00000-00001', paid_at: SEEDED_AT },
  { order_id: 'MTSEEDPAID0000002', pay_type: 2, product_id: 81901, currency: 'EUR', amount: 2299, email: SEED_EMAILS.paid, status: 'paid', cd_key: 'MTDR-SEED0-PA1D0-00000-00002', paid_at: SEEDED_AT },
  { order_id: 'MTSEEDPAYING00001', pay_type: 1, product_id: 81902, currency: 'USD', amount: 2999, email: SEED_EMAILS.paying, status: 'paying', cd_key: null, paid_at: null },
  { order_id: 'MTSEEDFAILED00001', pay_type: 1, product_id: 81901, currency: 'JPY', amount: 3980, email: SEED_EMAILS.failed, status: 'failed', cd_key: null, paid_at: null, decline_code: 'card_declined' },
  { order_id: 'MTSEEDREFUNDING01', pay_type: 2, product_id: 81902, currency: 'HKD', amount: 23400, email: SEED_EMAILS.refunding, status: 'refunding', cd_key: 'MTDR-SEED0-PA1D0-00000-00003', paid_at: SEEDED_AT },
  { order_id: 'MTSEEDREFUNDED001', pay_type: 1, product_id: 81903, currency: 'SGD', amount: 7998, email: SEED_EMAILS.refunded, status: 'refunded', cd_key: 'MTDR-SEED0-PA1D0-00000-00004', paid_at: SEEDED_AT },
] as const satisfies readonly SeedOrder[];

// ── Plans ───────────────────────────────────────────────────────────────────────────────────

const COMMON_ACCESS = [
  'Recover 1000+ file types',
  'PCs, external drives, USB sticks, SD/TF and camera cards',
  'Free technical support, replies within 24 hours',
  '30-day money-back guarantee',
];

interface SeedPackage {
  product_id: number;
  title: string;
  sub_title: string;
  sort_order: number;
  listed: boolean;
  access: string[];
  /** Minor units per currency: [price, origin_price]. JPY is zero-decimal (3980 = ¥3,980). */
  prices: Record<'USD' | 'JPY' | 'HKD' | 'SGD' | 'EUR', [number, number]>;
}

/** The four products of table A; table B sells the first three under its own ids (81801–81803). */
const PRODUCTS: readonly Omit<SeedPackage, 'product_id'>[] = [
  {
    title: 'One-Month',
    sub_title: 'Valid for 1 month after activation, no renewal fees',
    sort_order: 1,
    listed: true,
    access: ['Unlimited recovery for 1 month', ...COMMON_ACCESS],
    prices: { USD: [2499, 3999], JPY: [3980, 5980], HKD: [19500, 31200], SGD: [3398, 5398], EUR: [2299, 3699] },
  },
  {
    title: 'One-Year',
    sub_title: 'Valid for 1 year after activation, no renewal fees',
    sort_order: 2,
    listed: true,
    access: ['Unlimited recovery for 1 year', ...COMMON_ACCESS],
    prices: { USD: [2999, 4999], JPY: [4480, 7480], HKD: [23400, 39000], SGD: [3998, 6698], EUR: [2799, 4599] },
  },
  {
    title: 'Lifetime Upgrade',
    sub_title: 'One-time payment, free upgrades for life',
    sort_order: 3,
    listed: true,
    access: ['Unlimited recovery for life', 'Free lifetime upgrades', ...COMMON_ACCESS],
    prices: { USD: [5999, 11999], JPY: [8980, 17980], HKD: [46800, 93600], SGD: [7998, 15998], EUR: [5499, 10999] },
  },
  {
    title: 'Lifetime Upgrade (3 PCs)',
    sub_title: 'One-time payment for up to 3 PCs, free upgrades for life',
    sort_order: 4,
    listed: false,
    access: ['Use on up to 3 PCs', 'Unlimited recovery for life', 'Free lifetime upgrades', ...COMMON_ACCESS],
    prices: { USD: [8999, 17999], JPY: [13480, 26980], HKD: [70200, 140400], SGD: [11998, 23998], EUR: [8299, 16599] },
  },
];

const TABLE_IDS = { A: [81901, 81902, 81903, 81904], B: [81801, 81802, 81803, 81904] } as const;

function packagesOf(ids: readonly number[]): SeedPackage[] {
  return ids.map((product_id, i) => ({ product_id, ...PRODUCTS[i]! }));
}

export const SEED_PACKAGES: readonly SeedPackage[] = [
  ...packagesOf(TABLE_IDS.A),
  ...packagesOf(TABLE_IDS.B).filter((p) => !(TABLE_IDS.A as readonly number[]).includes(p.product_id)),
];
export const SEED_CURRENCIES = ['USD', 'JPY', 'HKD', 'SGD', 'EUR'] as const;

// ── SQL ─────────────────────────────────────────────────────────────────────────────────────

type SqlValue = string | number | null;

/** A SQL literal for constant seed data (never used with request input). */
function lit(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`seed numbers must be integers: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

function insert(table: string, row: Record<string, SqlValue>, conflict: string): string {
  const columns = Object.keys(row);
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => lit(row[c]!)).join(', ')}) ${conflict}`;
}

const upsert = (table: string, key: string, row: Record<string, SqlValue>) =>
  insert(
    table,
    row,
    `ON CONFLICT (${key}) DO UPDATE SET ${Object.keys(row)
      .filter((c) => !key.split(', ').includes(c))
      .map((c) => `${c} = excluded.${c}`)
      .join(', ')}`,
  );
const insertIfMissing = (table: string, row: Record<string, SqlValue>) => insert(table, row, 'ON CONFLICT DO NOTHING');

function planStatements(): string[] {
  const out: string[] = [];
  for (const p of SEED_PACKAGES) {
    out.push(
      upsert('packages', 'product_id', {
        product_id: p.product_id,
        title: p.title,
        sub_title: p.sub_title,
        sort_order: p.sort_order,
        link: `/checkout?product_id=${p.product_id}`,
        access_list: JSON.stringify(p.access),
        listed: p.listed ? 1 : 0,
      }),
    );
    for (const currency of SEED_CURRENCIES) {
      const [price, origin_price] = p.prices[currency];
      out.push(upsert('package_prices', 'product_id, currency', { product_id: p.product_id, currency, price, origin_price }));
    }
  }
  for (const [code_table, ids] of Object.entries(TABLE_IDS)) {
    for (const product_id of ids) out.push(insertIfMissing('package_tables', { code_table, product_id }));
  }
  return out;
}

function accountStatements(): string[] {
  const out: string[] = [];
  for (const o of SEED_ORDERS as readonly SeedOrder[]) {
    out.push(
      insertIfMissing('orders', {
        order_id: o.order_id,
        pay_type: o.pay_type,
        product_id: o.product_id,
        currency: o.currency,
        amount: o.amount,
        email: o.email,
        lang: 'en-US',
        status: o.status,
        client_secret: `${o.order_id}_secret_seed`,
        provider_ref: o.pay_type === 1 ? `pi_seed_${o.order_id}` : `PPSEED${o.order_id}`,
        cd_key: o.cd_key,
        decline_code: o.decline_code ?? null,
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
        paid_at: o.paid_at,
      }),
    );
  }
  out.push(
    upsert('activities', 'activity_id', { activity_id: SEED_ACTIVITIES.trial, name: 'Free trial', starts_at: 1577836800, ends_at: 4102444800 }),
    upsert('activities', 'activity_id', { activity_id: SEED_ACTIVITIES.expired, name: 'Launch week 2023', starts_at: 1701388800, ends_at: 1704067200 }),
    insertIfMissing('trial_claims', {
      activity_id: SEED_ACTIVITIES.trial,
      email: SEED_EMAILS.claimed,
      device_id: null,
      cd_key: 'MTTR-SEED0-C1A1M-00000-00001',
      created_at: SEEDED_AT,
    }),
    insertIfMissing('installations', { email: SEED_EMAILS.installed, device_id: null, created_at: SEEDED_AT }),
    insertIfMissing('installations', { email: null, device_id: SEED_DEVICE_INSTALLED, created_at: SEEDED_AT }),
    insertIfMissing('privacy_requests', {
      request_id: 'PCSEED0000000001',
      email: SEED_EMAILS.optedOut,
      first_name: 'Opted',
      last_name: 'Out',
      country: 'US',
      region: 'CA',
      remark: null,
      lang: 'en-US',
      client_key: 'seed',
      created_at: SEEDED_AT,
    }),
  );
  return out;
}

/** The whole seed; the last statement records the version (so a half-applied seed re-runs). */
export const SEED_STATEMENTS: readonly string[] = [
  ...planStatements(),
  ...accountStatements(),
  upsert('origin_meta', 'key', { key: 'seed_version', value: SEED_VERSION }),
];

export function renderSeedSql(): string {
  return `-- Generated from origin/src/seed.ts by origin/scripts/write-migrations.mjs; do not edit.\n-- Idempotent: apply with \`wrangler d1 execute mt-origin-db --local -c origin/wrangler.toml --file origin/seed/seed.sql\`.\n\n${SEED_STATEMENTS.map((s) => `${s};\n`).join('')}`;
}
