import type { Plan } from '../../src/domain/api-schemas';
import { priceFacts, type PricePoint } from '../../src/domain/reference-price';
import type { CallHandler } from './call';
import { fail, ok } from './envelope';

// /paypackagebase/list_group: the plans of one package table (A or B) priced in one currency.
// Without product_ids it is the buy list (listed packages, in display order); with product_ids
// it is exactly those packages of the table, listed or not (what a checkout sells).

interface PlanRow {
  product_id: number;
  title: string;
  sub_title: string;
  sort_order: number;
  link: string;
  access_list: string;
  price: number;
  origin_price: number;
  currency: string;
}

const PLAN_SELECT = `SELECT p.product_id, p.title, p.sub_title, p.sort_order, p.link, p.access_list,
  pr.price, pr.origin_price, pr.currency
FROM package_tables t
JOIN packages p ON p.product_id = t.product_id
JOIN package_prices pr ON pr.product_id = p.product_id AND pr.currency = ?
WHERE t.code_table = ?`;

function toPlan(row: PlanRow, history: readonly PricePoint[], now: number): Plan {
  return {
    ...priceFacts(history, row.price, now),
    product_id: row.product_id,
    title: row.title,
    subTitle: row.sub_title,
    order: row.sort_order,
    link: row.link,
    price: row.price,
    origin_price: row.origin_price,
    currency: row.currency,
    accessList: JSON.parse(row.access_list) as string[],
  };
}

export async function isPricedCurrency(db: D1Database, currency: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS found FROM package_prices WHERE currency = ? LIMIT 1').bind(currency).first()) !== null;
}

/**
 * The price history of the answered packages in one currency. Rows are few (a price change is a
 * rare, deliberate act), so the whole history is read in one query; priceFacts keeps what matters.
 */
async function historyOf(db: D1Database, currency: string, ids: readonly number[]): Promise<Map<number, PricePoint[]>> {
  const out = new Map<number, PricePoint[]>();
  if (ids.length === 0) return out;
  const { results } = await db
    .prepare(`SELECT product_id, price, effective_from FROM price_history WHERE currency = ? AND product_id IN (${ids.map(() => '?').join(', ')}) ORDER BY effective_from`)
    .bind(currency, ...ids)
    .all<{ product_id: number; price: number; effective_from: number }>();
  for (const row of results) {
    const list = out.get(row.product_id) ?? [];
    list.push({ price: row.price, from: row.effective_from });
    out.set(row.product_id, list);
  }
  return out;
}

export const listGroup: CallHandler<'/paypackagebase/list_group'> = async (input, { db, now }) => {
  if (!(await isPricedCurrency(db, input.currency))) return fail('CURRENCY_NOT_SUPPORTED');
  const ids = input.product_ids ? [...new Set(input.product_ids)] : null;
  const statement = ids
    ? db.prepare(`${PLAN_SELECT} AND p.product_id IN (${ids.map(() => '?').join(', ')}) ORDER BY p.sort_order`).bind(input.currency, input.code_table, ...ids)
    : db.prepare(`${PLAN_SELECT} AND p.listed = 1 ORDER BY p.sort_order`).bind(input.currency, input.code_table);
  const { results } = await statement.all<PlanRow>();
  if (results.length === 0) return fail('PACKAGE_NOT_AVAILABLE');
  const history = await historyOf(db, input.currency, results.map((r) => r.product_id));
  return ok({ currency: input.currency, code_table: input.code_table, list: results.map((row) => toPlan(row, history.get(row.product_id) ?? [], now)) });
};
