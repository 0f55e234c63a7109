import { describe, expect, it } from 'vitest';
import { priceFacts, priceReduction, REFERENCE_WINDOW_S } from '../../src/domain/reference-price';

const DAY = 24 * 60 * 60;
const NOW = 1_800_000_000;
const daysAgo = (n: number) => NOW - n * DAY;

describe('the facts the upstream derives from a price history', () => {
  it('a price charged since the seed and never changed: since then, no earlier price', () => {
    expect(priceFacts([{ price: 2999, from: daysAgo(400) }], 2999, NOW)).toEqual({ price_since: daysAgo(400), lowest_price_30d: null });
  });

  it('a reduction 10 days old: the lowest price of the 30 days before it', () => {
    const history = [
      { price: 3499, from: daysAgo(200) },
      { price: 3299, from: daysAgo(25) },
      { price: 2999, from: daysAgo(10) },
    ];
    // The 30 days before the reduction (40 to 10 days ago) charged 3499, then 3299.
    expect(priceFacts(history, 2999, NOW)).toEqual({ price_since: daysAgo(10), lowest_price_30d: 3299 });
  });

  it('ignores prices that ended before the 30 days before the reduction', () => {
    const history = [
      { price: 1999, from: daysAgo(300) },
      { price: 3999, from: daysAgo(100) },
      { price: 2999, from: daysAgo(10) },
    ];
    expect(priceFacts(history, 2999, NOW).lowest_price_30d).toBe(3999);
  });

  it('counts the price charged when the 30 days began, even if it started long before', () => {
    const history = [
      { price: 2499, from: daysAgo(300) },
      { price: 3999, from: daysAgo(20) },
      { price: 2999, from: daysAgo(10) },
    ];
    // 2499 was still charged 40 to 20 days ago: the reduction to 2999 is no reduction at all.
    expect(priceFacts(history, 2999, NOW).lowest_price_30d).toBe(2499);
    expect(priceReduction({ price: 2999, ...priceFacts(history, 2999, NOW) }, NOW)).toBeNull();
  });

  it('starts the current price at the first of repeated equal rows, and ignores scheduled prices', () => {
    const history = [
      { price: 3499, from: daysAgo(90) },
      { price: 2999, from: daysAgo(20) },
      { price: 2999, from: daysAgo(5) },
      { price: 1999, from: NOW + DAY },
    ];
    expect(priceFacts(history, 2999, NOW)).toEqual({ price_since: daysAgo(20), lowest_price_30d: 3499 });
  });

  it('says nothing when the history disagrees with the price sold, or is empty', () => {
    expect(priceFacts([{ price: 3499, from: daysAgo(90) }], 2999, NOW)).toEqual({ price_since: null, lowest_price_30d: null });
    expect(priceFacts([], 2999, NOW)).toEqual({ price_since: null, lowest_price_30d: null });
  });
});

describe('whether a price may be shown as reduced', () => {
  it('a reduction 10 days old is shown, against the lowest price of the 30 days before it', () => {
    expect(priceReduction({ price: 2999, price_since: daysAgo(10), lowest_price_30d: 3999 }, NOW)).toEqual({ reference: 3999, saving: { amount: 1000, percent: 25 } });
  });

  it('a price unchanged for 60 days is not: no strike-through, no badge', () => {
    expect(priceReduction({ price: 2999, price_since: daysAgo(60), lowest_price_30d: null }, NOW)).toBeNull();
    // Even after a real reduction: 60 days on, the reduced price is simply the price.
    expect(priceReduction({ price: 2999, price_since: daysAgo(60), lowest_price_30d: 3999 }, NOW)).toBeNull();
    expect(priceReduction({ price: 2999, price_since: NOW - REFERENCE_WINDOW_S, lowest_price_30d: 3999 }, NOW)).toBeNull();
    expect(priceReduction({ price: 2999, price_since: NOW - REFERENCE_WINDOW_S + 1, lowest_price_30d: 3999 }, NOW)).not.toBeNull();
  });

  it('a price that went up is not', () => {
    expect(priceReduction({ price: 3499, price_since: daysAgo(10), lowest_price_30d: 2999 }, NOW)).toBeNull();
    expect(priceReduction({ price: 2999, price_since: daysAgo(10), lowest_price_30d: 2999 }, NOW)).toBeNull();
  });

  it('a plan without history (an older upstream, the bundled fallback) is not, whatever its list price', () => {
    expect(priceReduction({ price: 2999 }, NOW)).toBeNull();
    expect(priceReduction({ price: 2999, price_since: null, lowest_price_30d: 3999 }, NOW)).toBeNull();
    expect(priceReduction({ price: 2999, price_since: NOW + DAY, lowest_price_30d: 3999 }, NOW)).toBeNull();
  });
});
