// The plan a checkout sells: the visitor's plan list from the plan cache (same currency and
// prices as /buy), or, for a package the buy list does not show (81904), one list_group call for
// exactly that id. The package table (B for search-ad visitors, else A): an id only table B has (a search-ad
// visitor's) is priced from B, an id only A has from A, an id both have by the visitor's isSem.
import type { CodeTable } from '../domain/api-schemas';
import { SUCCESS_CODE } from '../domain/api-errors';
import { codeTableFor, PACKAGE_ID_TABLES } from '../domain/package-ids';
import { planListSchema, type Plan } from '../domain/plans';
import { LIST_GROUP_PATH, plansForVisitor, type VisitorPlans, type WaitUntil } from './plan-cache';
import { callUpstream } from './upstream';

export interface CheckoutPlan {
  plan: Plan;
  table: CodeTable;
  currencyFallback: VisitorPlans['currencyFallback'];
  requestedCurrency: string;
  /**
   * The plan-cache entry's version when the plan came from the buy list (it changes whenever the
   * entry does: part of the checkout's page cache key); null for a package asked for on its own,
   * which no cached entry describes.
   */
  version: string | null;
}

function inTable(table: CodeTable, productId: number): boolean {
  return Object.values(PACKAGE_ID_TABLES[table]).includes(productId);
}

export function tableForProduct(productId: number, isSem: string | undefined): CodeTable | null {
  const a = inTable('A', productId);
  const b = inTable('B', productId);
  if (a && b) return codeTableFor(isSem);
  return a ? 'A' : b ? 'B' : null;
}

/** The plan to sell, or null when no table has the id or the upstream has no such package. */
export async function checkoutPlan(env: Env, waitUntil: WaitUntil, productId: number, currency: string, isSem: string | undefined): Promise<CheckoutPlan | null> {
  const table = tableForProduct(productId, isSem);
  if (!table) return null;
  const visitor = await plansForVisitor(env, waitUntil, currency, table);
  const listed = visitor.list.find((plan) => plan.product_id === productId);
  const base = { table, currencyFallback: visitor.currencyFallback, requestedCurrency: visitor.requestedCurrency };
  if (listed) return { plan: listed, ...base, version: visitor.version };
  // Not on the buy list: ask for exactly this package, in the currency the list came in.
  const answer = await callUpstream(env, LIST_GROUP_PATH, { currency: visitor.currency, code_table: table, product_ids: [productId] });
  if (!answer.ok || answer.code !== SUCCESS_CODE) return null;
  const data = planListSchema.safeParse(answer.body);
  const plan = data.success ? data.data.list.find((p) => p.product_id === productId) : undefined;
  return plan ? { plan, ...base, version: null } : null;
}
