import { beforeAll, describe, expect, it } from 'vitest';
import { PLAN_CURRENCIES } from '../../src/domain/currency';
import { SEED_CURRENCIES, SEED_PACKAGES } from '../../origin/src/seed';
import { call, codeOf, common, db } from './helpers';

const ip = '198.51.100.20';
const listGroup = (body: Record<string, unknown>) => call('/paypackagebase/list_group', { common: common(), ...body }, { ip });

describe('/paypackagebase/list_group', () => {
  it('lists the reference plan table in USD from table A by default', async () => {
    const { body } = await listGroup({ currency: 'USD' });
    expect(codeOf(body)).toBe(0);
    expect(body.currency).toBe('USD');
    expect(body.code_table).toBe('A');
    expect(body.list.map((p: any) => [p.product_id, p.title, p.price, p.origin_price, p.order])).toEqual([
      [81901, 'One-Month', 2499, 3999, 1],
      [81902, 'One-Year', 2999, 4999, 2],
      [81903, 'Lifetime Upgrade', 5999, 11999, 3],
    ]);
  });

  it('gives every plan all the plan fields', async () => {
    const { body } = await listGroup({ currency: 'USD' });
    for (const plan of body.list) {
      expect(Object.keys(plan).sort()).toEqual(
        ['accessList', 'currency', 'link', 'lowest_price_30d', 'order', 'origin_price', 'price', 'price_since', 'product_id', 'subTitle', 'title'].sort(),
      );
      expect(plan.accessList.length).toBeGreaterThan(0);
      expect(plan.link).toBe(`/checkout?product_id=${plan.product_id}`);
      expect(plan.subTitle).not.toBe('');
    }
  });

  it('prices the list in every currency the site offers, with integer minor units', async () => {
    for (const currency of PLAN_CURRENCIES) {
      const { body } = await listGroup({ currency });
      expect(codeOf(body)).toBe(0);
      expect(body.list).toHaveLength(3);
      for (const plan of body.list) {
        expect(plan.currency).toBe(currency);
        expect(Number.isSafeInteger(plan.price)).toBe(true);
        expect(plan.origin_price).toBeGreaterThan(plan.price);
      }
    }
    const jpy = await listGroup({ currency: 'JPY' });
    expect(jpy.body.list[0].price).toBe(3980);
  });

  it('uses the table B package ids when asked', async () => {
    const { body } = await listGroup({ currency: 'EUR', code_table: 'B' });
    expect(body.code_table).toBe('B');
    expect(body.list.map((p: any) => p.product_id)).toEqual([81801, 81802, 81803]);
  });

  it('returns the unlisted package 81904 of either table when asked for by id', async () => {
    for (const code_table of ['A', 'B']) {
      const { body } = await listGroup({ currency: 'USD', code_table, product_ids: [81904] });
      expect(body.list.map((p: any) => p.product_id)).toEqual([81904]);
    }
  });

  it('leaves out ids that are not in the requested table', async () => {
    const { body } = await listGroup({ currency: 'USD', code_table: 'B', product_ids: [81901, 81802] });
    expect(body.list.map((p: any) => p.product_id)).toEqual([81802]);
  });

  it('accepts a lower-case currency', async () => {
    const { body } = await listGroup({ currency: 'sgd' });
    expect(body.currency).toBe('SGD');
  });

  it('answers 4590007 for a currency without prices', async () => {
    for (const currency of ['CNY', 'ZAR', 'XTS']) {
      const { body } = await listGroup({ currency });
      expect(codeOf(body), currency).toBe(4590007);
    }
  });

  it('answers 4590006 when none of the asked ids is sold', async () => {
    const { body } = await listGroup({ currency: 'USD', product_ids: [12345] });
    expect(codeOf(body)).toBe(4590006);
  });

  it('refuses a malformed currency or table with field errors', async () => {
    const currency = await listGroup({ currency: 'US' });
    expect(currency.body.errors).toEqual([{ field: 'currency', message: 'currency is invalid' }]);
    const table = await listGroup({ currency: 'USD', code_table: 'C' });
    expect(table.body.errors).toEqual([{ field: 'code_table', message: 'code table is invalid' }]);
  });
});

// The hand-set price table (origin/src/seed.ts): what list_group answers in each currency.
const PLAN_IDS = { A: [81901, 81902, 81903, 81904], B: [81801, 81802, 81803, 81904] } as const;
type Prices = Record<number, [number, number]>;

/** One table's four packages in `currency`, listed or not, by product id: [price, origin_price]. */
async function pricesIn(currency: string, code_table: 'A' | 'B'): Promise<Prices> {
  const { body } = await listGroup({ currency, code_table, product_ids: [...PLAN_IDS[code_table]] });
  expect(codeOf(body), `${currency} ${code_table}`).toBe(0);
  return Object.fromEntries(body.list.map((p: any) => [p.product_id, [p.price, p.origin_price]]));
}

/** How a price ends where it is sold: cents for most, whole amounts with a local ending for the rest. */
const ENDINGS: Record<string, (amount: number) => boolean> = {
  JPY: (yen) => yen % 100 === 80, // ¥3,980
  KRW: (won) => won % 1000 === 0, // ₩32,000
  TWD: (cents) => cents % 10000 === 9000, // NT$790
  HKD: (cents) => cents % 1000 === 900, // HK$199
  SEK: (cents) => cents % 1000 === 900, // 249 kr
  NOK: (cents) => cents % 1000 === 900,
  DKK: (cents) => cents % 1000 === 900,
  MXN: (cents) => cents % 1000 === 900, // MX$449
  INR: (cents) => cents % 1000 === 900, // ₹1,999
  CHF: (cents) => cents % 100 === 90, // CHF 27.90
  SGD: (cents) => cents % 100 === 90, // S$34.90
  BRL: (cents) => cents % 100 === 90, // R$ 129,90
};
const endsLikeAPrice = (currency: string, amount: number) => (ENDINGS[currency] ?? ((cents: number) => cents % 100 === 99))(amount);

describe('list_group prices per currency', () => {
  // Both tables in every currency, asked once for the whole block.
  const answered: Record<string, Record<'A' | 'B', Prices>> = {};
  beforeAll(async () => {
    for (const currency of PLAN_CURRENCIES) answered[currency] = { A: await pricesIn(currency, 'A'), B: await pricesIn(currency, 'B') };
  });

  it('prices exactly the currencies the site offers (the edge list and the seeded table agree)', async () => {
    expect([...SEED_CURRENCIES].sort()).toEqual([...PLAN_CURRENCIES].sort());
    const { results } = await db.prepare('SELECT DISTINCT currency FROM package_prices ORDER BY currency').all<{ currency: string }>();
    expect(results.map((row) => row.currency)).toEqual([...PLAN_CURRENCIES].sort());
  });

  it.each(PLAN_CURRENCIES)('answers the hand-set %s prices of every package in both tables', (currency) => {
    for (const table of ['A', 'B'] as const) {
      for (const id of PLAN_IDS[table]) {
        const seeded = SEED_PACKAGES.find((p) => p.product_id === id)!;
        expect(answered[currency]![table][id], `${currency} ${id}`).toEqual(seeded.prices[currency]);
      }
    }
    // Table B sells the same products at the same prices under its own ids.
    const { A: a, B: b } = answered[currency]!;
    expect(PLAN_IDS.B.map((id) => b[id])).toEqual(PLAN_IDS.A.map((id) => a[id]));
  });

  it.each(PLAN_CURRENCIES)('gives %s prices that read like prices there, in whole minor units', (currency) => {
    for (const [id, amounts] of Object.entries(answered[currency]!.A)) {
      for (const amount of amounts) {
        expect(Number.isSafeInteger(amount) && amount > 0, `${currency} ${id} ${amount}`).toBe(true);
        expect(endsLikeAPrice(currency, amount), `${currency} ${id} ${amount}`).toBe(true);
      }
    }
  });

  it.each(PLAN_CURRENCIES)('keeps the USD ladder in %s: each plan about the same multiple of One-Month, about the same saving', (currency) => {
    const [usd, local] = [answered.USD!.A, answered[currency]!.A];
    const saving = ([price, origin]: [number, number]) => ((origin - price) * 100) / origin;
    for (const id of PLAN_IDS.A) {
      const step = local[id]![0] / local[81901]![0];
      const usdStep = usd[id]![0] / usd[81901]![0];
      expect(Math.abs(step / usdStep - 1), `${currency} ${id} step ${step.toFixed(2)} vs ${usdStep.toFixed(2)}`).toBeLessThan(0.07);
      expect(Math.abs(saving(local[id]!) - saving(usd[id]!)), `${currency} ${id} saving`).toBeLessThan(4.5);
      expect(local[id]![1], `${currency} ${id} origin_price`).toBeGreaterThan(local[id]![0]);
    }
    // Same order of plans by price as in USD.
    const byPrice = (prices: Prices) => [...PLAN_IDS.A].sort((x, y) => prices[x]![0] - prices[y]![0]);
    expect(byPrice(local)).toEqual(byPrice(usd));
  });
});
