// Package ids: a plan number (1–6) maps to a product id through table A or table B.
// Table A by default; table B for visitors who arrived from a search-ad campaign
// (a valid isSem in the query). Pure: no imports at run time.
import type { CodeTable } from './api-schemas';

export const PLAN_NUMBERS = [1, 2, 3, 4, 5, 6] as const;
export type PlanNumber = (typeof PLAN_NUMBERS)[number];

/** Table A (default) and table B (search-ad visitors), as docs/PRODUCT.md (Package-id tables A and B) lists them. */
export const PACKAGE_ID_TABLES: Readonly<Record<CodeTable, Readonly<Record<PlanNumber, number>>>> = {
  A: { 1: 81901, 2: 81901, 3: 81901, 4: 81902, 5: 81903, 6: 81904 },
  B: { 1: 81801, 2: 81801, 3: 81801, 4: 81802, 5: 81803, 6: 81904 },
};

export function isPlanNumber(value: unknown): value is PlanNumber {
  return typeof value === 'number' && (PLAN_NUMBERS as readonly number[]).includes(value);
}

/** The product id of plan `plan` in `table`; null for a number outside 1–6. */
export function packageIdFor(plan: number, table: CodeTable = 'A'): number | null {
  return isPlanNumber(plan) ? PACKAGE_ID_TABLES[table][plan] : null;
}

/**
 * Which table applies: B when the visitor arrived from a search-ad campaign. Pass the *validated*
 * isSem (src/domain/campaign.ts keeps only 1 or 2), so a garbage value never switches tables.
 */
export function codeTableFor(isSem: string | null | undefined): CodeTable {
  return isSem ? 'B' : 'A';
}

/**
 * What a product is, whichever table sold it: the site localises plan copy by this key (the
 * upstream answers in English). Plans 1–3 are the same One-Month product in both tables.
 */
export type ProductKind = 'oneMonth' | 'oneYear' | 'lifetime' | 'lifetimeMultiPc';

const KIND_OF_PLAN: Readonly<Record<PlanNumber, ProductKind>> = {
  1: 'oneMonth',
  2: 'oneMonth',
  3: 'oneMonth',
  4: 'oneYear',
  5: 'lifetime',
  6: 'lifetimeMultiPc',
};

/** The kind of a product id from either table; null for an id neither table has. */
export function productKind(productId: number): ProductKind | null {
  for (const table of Object.values(PACKAGE_ID_TABLES)) {
    for (const plan of PLAN_NUMBERS) if (table[plan] === productId) return KIND_OF_PLAN[plan];
  }
  return null;
}

/** The plan number the buy list shows for each kind (the first plan number of that product). */
export const PLAN_NUMBER_OF_KIND: Readonly<Record<ProductKind, PlanNumber>> = { oneMonth: 1, oneYear: 4, lifetime: 5, lifetimeMultiPc: 6 };
