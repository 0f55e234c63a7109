// The origin's seed: plans in nineteen currencies for both package tables, and the known test
// accounts of docs/UPSTREAM.md. Single source of truth for origin/seed/seed.sql (written by
// origin/scripts/write-migrations.mjs) and for the Worker's own seeding (AUTO_SEED, reset).
// Plan rows are upserted (the seed owns them); state rows (orders, claims…) are inserted only
// when missing, so re-seeding never undoes what a test did — POST /__admin/reset does that.
// Self-contained on purpose: the write script imports this file directly under Node.

/**
 * Bump when the seed or the schema changes: a database brought up by an older version then gets
 * the new tables (ensureSeeded runs the schema only when the version differs) and rows.
 */
export const SEED_VERSION = '7';

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

/**
 * Since when the seeded prices have been charged (2025-01-01T00:00:00Z): each is the only row of
 * its price history, so no plan has an earlier, higher price and none may be shown as reduced.
 */
export const SEED_PRICES_SINCE = 1735689600;

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
  { order_id: 'MTSEEDREFUNDING01', pay_type: 2, product_id: 81902, currency: 'HKD', amount: 23900, email: SEED_EMAILS.refunding, status: 'refunding', cd_key: 'MTDR-SEED0-PA1D0-00000-00003', paid_at: SEEDED_AT },
  { order_id: 'MTSEEDREFUNDED001', pay_type: 1, product_id: 81903, currency: 'SGD', amount: 8290, email: SEED_EMAILS.refunded, status: 'refunded', cd_key: 'MTDR-SEED0-PA1D0-00000-00004', paid_at: SEEDED_AT },
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
  /**
   * Minor units per currency: [price, origin_price]. JPY and KRW are zero-decimal (3980 = ¥3,980),
   * every other currency has cents (2199 = £21.99).
   */
  prices: Record<SeedCurrency, [number, number]>;
}

/**
 * The currencies the plans are priced in: the site's PLAN_CURRENCIES (src/domain/currency.ts; a
 * test checks the two agree). Every price is set by hand for its market, not converted: charm
 * endings as shoppers there expect them (.99, .90, whole kronor ending in 9…), and the same
 * ladder as the USD prices (each plan about the same multiple of One-Month, the same saving).
 */
export const SEED_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'TWD', 'HKD', 'SGD', 'AUD', 'CAD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'BRL', 'MXN', 'INR'] as const;
type SeedCurrency = (typeof SEED_CURRENCIES)[number];

/** The four products of table A; table B sells the first three under its own ids. */
const PRODUCTS: readonly Omit<SeedPackage, 'product_id'>[] = [
  {
    title: 'One-Month',
    sub_title: 'Valid for 1 month after activation, no renewal fees',
    sort_order: 1,
    listed: true,
    access: ['Unlimited recovery for 1 month', ...COMMON_ACCESS],
    prices: {
      USD: [2499, 3999],
      EUR: [2299, 3699],
      GBP: [2199, 3499],
      JPY: [3980, 5980],
      KRW: [32000, 52000],
      TWD: [79000, 129000],
      HKD: [19900, 31900],
      SGD: [3490, 5590],
      AUD: [3999, 6399],
      CAD: [3499, 5599],
      NZD: [4299, 6899],
      CHF: [2790, 4490],
      SEK: [24900, 39900],
      NOK: [26900, 42900],
      DKK: [17900, 28900],
      PLN: [10999, 17499],
      BRL: [12990, 20990],
      MXN: [44900, 71900],
      INR: [199900, 319900],
    },
  },
  {
    title: 'One-Year',
    sub_title: 'Valid for 1 year after activation, no renewal fees',
    sort_order: 2,
    listed: true,
    access: ['Unlimited recovery for 1 year', ...COMMON_ACCESS],
    prices: {
      USD: [2999, 4999],
      EUR: [2799, 4599],
      GBP: [2599, 4299],
      JPY: [4480, 7480],
      KRW: [39000, 65000],
      TWD: [99000, 169000],
      HKD: [23900, 39900],
      SGD: [4190, 6990],
      AUD: [4799, 7999],
      CAD: [4199, 6999],
      NZD: [5199, 8699],
      CHF: [3390, 5690],
      SEK: [29900, 49900],
      NOK: [32900, 54900],
      DKK: [21900, 36900],
      PLN: [12999, 21999],
      BRL: [15990, 26990],
      MXN: [54900, 89900],
      INR: [239900, 399900],
    },
  },
  {
    title: 'Lifetime Upgrade',
    sub_title: 'One-time payment, free upgrades for life',
    sort_order: 3,
    listed: true,
    access: ['Unlimited recovery for life', 'Free lifetime upgrades', ...COMMON_ACCESS],
    prices: {
      USD: [5999, 11999],
      EUR: [5499, 10999],
      GBP: [5299, 10599],
      JPY: [8980, 17980],
      KRW: [77000, 154000],
      TWD: [189000, 379000],
      HKD: [46900, 93900],
      SGD: [8290, 16590],
      AUD: [9499, 18999],
      CAD: [8299, 16599],
      NZD: [10299, 20599],
      CHF: [6690, 13390],
      SEK: [59900, 119900],
      NOK: [64900, 129900],
      DKK: [42900, 85900],
      PLN: [25999, 51999],
      BRL: [30990, 61990],
      MXN: [109900, 219900],
      INR: [479900, 959900],
    },
  },
  {
    title: 'Lifetime Upgrade (3 PCs)',
    sub_title: 'One-time payment for up to 3 PCs, free upgrades for life',
    sort_order: 4,
    listed: false,
    access: ['Use on up to 3 PCs', 'Unlimited recovery for life', 'Free lifetime upgrades', ...COMMON_ACCESS],
    prices: {
      USD: [8999, 17999],
      EUR: [8299, 16599],
      GBP: [7899, 15799],
      JPY: [13480, 26980],
      KRW: [115000, 230000],
      TWD: [289000, 579000],
      HKD: [69900, 139900],
      SGD: [12490, 24990],
      AUD: [14299, 28599],
      CAD: [12499, 24999],
      NZD: [15499, 30999],
      CHF: [9990, 19990],
      SEK: [89900, 179900],
      NOK: [96900, 193900],
      DKK: [64900, 129900],
      PLN: [38999, 77999],
      BRL: [46990, 93990],
      MXN: [164900, 329900],
      INR: [719900, 1439900],
    },
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
      out.push(upsert('price_history', 'product_id, currency, effective_from', { product_id: p.product_id, currency, effective_from: SEED_PRICES_SINCE, price }));
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
