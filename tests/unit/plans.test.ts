import { describe, expect, it } from 'vitest';
import { FALLBACK_CURRENCY, fallbackPlans, planListSchema, sortPlans, type Plan } from '../../src/domain/plans';
import { saving } from '../../src/domain/money';

const plan = (overrides: Partial<Plan> = {}): Plan => ({
  product_id: 81902,
  title: 'One-Year',
  subTitle: 'Valid for 1 year after activation, no renewal fees',
  order: 2,
  link: '/checkout?product_id=81902',
  price: 4480,
  origin_price: 7480,
  currency: 'JPY',
  accessList: ['Unlimited recovery for 1 year'],
  ...overrides,
});

describe('the bundled fallback plans', () => {
  it('are the reference table in USD minor units, with table A ids by default', () => {
    expect(fallbackPlans().map((p) => [p.product_id, p.title, p.price, p.origin_price, p.currency])).toEqual([
      [81901, 'One-Month', 2499, 3999, 'USD'],
      [81902, 'One-Year', 2999, 4999, 'USD'],
      [81903, 'Lifetime Upgrade', 5999, 11999, 'USD'],
    ]);
    expect(FALLBACK_CURRENCY).toBe('USD');
  });

  it('use the table B ids for search-ad visitors, at the same prices', () => {
    const b = fallbackPlans('B');
    expect(b.map((p) => p.product_id)).toEqual([81801, 81802, 81803]);
    expect(b.map((p) => p.price)).toEqual(fallbackPlans('A').map((p) => p.price));
    expect(b.map((p) => p.link)).toEqual(['/checkout?product_id=81801', '/checkout?product_id=81802', '/checkout?product_id=81803']);
  });

  it('say the One-Year licence lasts a year, not a month', () => {
    const oneYear = fallbackPlans().find((p) => p.title === 'One-Year')!;
    expect(oneYear.subTitle).toMatch(/1 year/);
    expect(oneYear.subTitle).not.toMatch(/month/);
  });

  it('pass the schema an upstream list must pass', () => {
    expect(planListSchema.safeParse({ currency: 'USD', code_table: 'A', list: fallbackPlans() }).success).toBe(true);
  });

  it('save 37 %, 40 % and 50 % against their origin prices', () => {
    expect(fallbackPlans().map((p) => saving(p.price, p.origin_price))).toEqual([
      { amount: 1500, percent: 37 },
      { amount: 2000, percent: 40 },
      { amount: 6000, percent: 50 },
    ]);
  });

  it('are a fresh copy each time, so a caller cannot change them for everyone', () => {
    const first = fallbackPlans();
    first[0]!.price = 1;
    first[0]!.accessList.push('changed');
    expect(fallbackPlans()[0]!.price).toBe(2499);
    expect(fallbackPlans()[0]!.accessList).not.toContain('changed');
  });
});

describe('plan order', () => {
  it('follows the upstream order, then the product id, without changing the input', () => {
    const input = [plan({ product_id: 81903, order: 3 }), plan({ product_id: 81902, order: 1 }), plan({ product_id: 81901, order: 1 })];
    expect(sortPlans(input).map((p) => p.product_id)).toEqual([81901, 81902, 81903]);
    expect(input.map((p) => p.product_id)).toEqual([81903, 81902, 81901]);
  });
});

describe('the upstream plan list schema', () => {
  const list = (plans: unknown[], currency = 'JPY') => ({ resp_common: { ret: 0, msg: 'success' }, currency, code_table: 'A', list: plans });

  it('accepts a list_group answer and ignores the envelope', () => {
    const parsed = planListSchema.parse(list([plan({ price_since: 1_735_689_600, lowest_price_30d: null })]));
    expect(parsed).toEqual({ currency: 'JPY', code_table: 'A', list: [plan({ price_since: 1_735_689_600, lowest_price_30d: null })] });
  });

  it('reads an answer without price history (an older upstream) as none: nothing shown as reduced', () => {
    expect(planListSchema.parse(list([plan()])).list[0]).toMatchObject({ price_since: null, lowest_price_30d: null });
  });

  it('fills in missing optional texts', () => {
    const { subTitle: _s, link: _l, accessList: _a, ...bare } = plan();
    expect(planListSchema.parse(list([bare])).list[0]).toMatchObject({ subTitle: '', link: '', accessList: [] });
  });

  it.each([
    ['a price that is not in minor units', { price: 44.8 }],
    ['a negative price', { price: -1 }],
    ['a price as text', { price: '4480' }],
    ['a missing product id', { product_id: undefined }],
    ['a lower-case currency', { currency: 'jpy' }],
    ['a plan in another currency than the list', { currency: 'USD' }],
  ])('rejects %s', (_name, overrides) => {
    expect(planListSchema.safeParse(list([plan(overrides as Partial<Plan>)])).success).toBe(false);
  });

  it('rejects an empty list and an unknown package table', () => {
    expect(planListSchema.safeParse(list([])).success).toBe(false);
    expect(planListSchema.safeParse({ ...list([plan()]), code_table: 'C' }).success).toBe(false);
  });
});
