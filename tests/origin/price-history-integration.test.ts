import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_CURRENCIES } from '../../src/domain/currency';
import { priceReduction } from '../../src/domain/reference-price';
import { SEED_PRICES_SINCE } from '../../origin/src/seed';
import { call, codeOf, common, db, type Json } from './helpers';

// list_group tells, per plan, when its price took effect and the lowest price of the 30 days
// before that, from the origin's price history. The seed's prices have always been these: no
// plan has an earlier price, so nothing may be shown as reduced.

const ip = '198.51.100.62';
const DAY = 24 * 60 * 60;
const PRODUCT = 81904;
const CURRENCY = 'NZD';
const SEEDED_PRICE = 15499;

async function plan(currency = CURRENCY, productId = PRODUCT): Promise<Json> {
  const { body } = await call('/paypackagebase/list_group', { currency, code_table: 'A', product_ids: [productId], common: common() }, { ip });
  expect(codeOf(body)).toBe(0);
  return body.list[0];
}

/** A price change as the business would make it: a new history row and the new selling price. */
async function changePrice(price: number, daysAgo: number) {
  const from = Math.floor(Date.now() / 1000) - daysAgo * DAY;
  await db.batch([
    db.prepare('INSERT INTO price_history (product_id, currency, effective_from, price) VALUES (?, ?, ?, ?)').bind(PRODUCT, CURRENCY, from, price),
    db.prepare('UPDATE package_prices SET price = ? WHERE product_id = ? AND currency = ?').bind(price, PRODUCT, CURRENCY),
  ]);
  return from;
}

afterEach(async () => {
  await db.batch([
    db.prepare('DELETE FROM price_history WHERE product_id = ? AND currency = ? AND effective_from <> ?').bind(PRODUCT, CURRENCY, SEED_PRICES_SINCE),
    db.prepare('UPDATE package_prices SET price = ? WHERE product_id = ? AND currency = ?').bind(SEEDED_PRICE, PRODUCT, CURRENCY),
  ]);
});

describe('the seeded prices', () => {
  it.each(PLAN_CURRENCIES)('have always been these in %s: no earlier price, nothing reduced', async (currency) => {
    const { body } = await call('/paypackagebase/list_group', { currency, code_table: 'A', common: common() }, { ip });
    for (const p of body.list as Json[]) {
      expect(p, `${currency} ${p.product_id}`).toMatchObject({ price_since: SEED_PRICES_SINCE, lowest_price_30d: null });
      expect(priceReduction(p as { price: number }, Math.floor(Date.now() / 1000))).toBeNull();
    }
  });
});

describe('a price change', () => {
  it('a reduction 10 days old: the current price since then, the price charged before it as the lowest of the 30 days before', async () => {
    const since = await changePrice(12999, 10);
    const p = await plan();
    expect(p).toMatchObject({ price: 12999, price_since: since, lowest_price_30d: SEEDED_PRICE });
    expect(priceReduction(p as { price: number }, Math.floor(Date.now() / 1000))?.reference).toBe(SEEDED_PRICE);
  });

  it('a price unchanged for 60 days: the reduction is history, nothing is shown as reduced', async () => {
    const since = await changePrice(12999, 60);
    const p = await plan();
    expect(p).toMatchObject({ price: 12999, price_since: since });
    expect(priceReduction(p as { price: number }, Math.floor(Date.now() / 1000))).toBeNull();
  });

  it('a price that went up: the lower earlier price is the lowest, and no reduction is shown', async () => {
    await changePrice(16999, 10);
    const p = await plan();
    expect(p).toMatchObject({ price: 16999, lowest_price_30d: SEEDED_PRICE });
    expect(priceReduction(p as { price: number }, Math.floor(Date.now() / 1000))).toBeNull();
  });

  it('two cuts within the window: the lowest of the 30 days before the latest cut', async () => {
    await changePrice(13999, 20);
    const since = await changePrice(12999, 5);
    expect(await plan()).toMatchObject({ price: 12999, price_since: since, lowest_price_30d: 13999 });
  });

  it('a selling price the history does not know: no facts, so nothing is shown as reduced', async () => {
    await db.prepare('UPDATE package_prices SET price = ? WHERE product_id = ? AND currency = ?').bind(9999, PRODUCT, CURRENCY).run();
    expect(await plan()).toMatchObject({ price: 9999, price_since: null, lowest_price_30d: null });
  });

  it('orders are charged the selling price, whatever the history says', async () => {
    await changePrice(12999, 10);
    const { body } = await call('/payv2/stripe/elements/create_cdkey_order', { product_id: PRODUCT, currency: CURRENCY, email: 'history@example.com', common: common() }, { ip });
    expect(body.amount).toBe(12999);
  });
});
