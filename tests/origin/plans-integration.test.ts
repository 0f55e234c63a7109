import { describe, expect, it } from 'vitest';
import { call, codeOf, common } from './helpers';

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
        ['accessList', 'currency', 'link', 'order', 'origin_price', 'price', 'product_id', 'subTitle', 'title'].sort(),
      );
      expect(plan.accessList.length).toBeGreaterThan(0);
      expect(plan.link).toBe(`/checkout?product_id=${plan.product_id}`);
      expect(plan.subTitle).not.toBe('');
    }
  });

  it('prices the list in JPY, HKD, SGD and EUR with integer minor units', async () => {
    for (const currency of ['JPY', 'HKD', 'SGD', 'EUR']) {
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
    const { body } = await listGroup({ currency: 'KRW' });
    expect(codeOf(body)).toBe(4590007);
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
