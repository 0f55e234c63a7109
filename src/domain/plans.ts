// The buy list: plan types, the bundled fallback (the three listed plans in USD), sorting, and the schema an
// upstream plan list must pass before the site shows it or caches it. Pure: imports only zod.
import { lazySchema } from './zod-config';
import * as z from 'zod/mini';
import type { CodeTable, ListGroupData, Plan } from './api-schemas';
import { packageIdFor, PLAN_NUMBER_OF_KIND, type ProductKind } from './package-ids';

export type { Plan, ListGroupData };

/** The only currency the bundled plans are priced in: the product's reference prices are in US dollars. */
export const FALLBACK_CURRENCY = 'USD';

interface FallbackRow {
  kind: ProductKind;
  title: string;
  subTitle: string;
  price: number;
  origin_price: number;
  accessList: string[];
}

const COMMON_ACCESS = ['Recover 1000+ file types', 'PCs, external drives, USB sticks, SD/TF and camera cards', 'Free technical support, replies within 24 hours', '30-day money-back guarantee'];

/** The listed plans in USD minor units (docs/PRODUCT.md, Plans and prices). The One-Year licence is valid one year (Decisions). */
const FALLBACK_ROWS: readonly FallbackRow[] = [
  { kind: 'oneMonth', title: 'One-Month', subTitle: 'Valid for 1 month after activation, no renewal fees', price: 2499, origin_price: 3999, accessList: ['Unlimited recovery for 1 month', ...COMMON_ACCESS] },
  { kind: 'oneYear', title: 'One-Year', subTitle: 'Valid for 1 year after activation, no renewal fees', price: 2999, origin_price: 4999, accessList: ['Unlimited recovery for 1 year', ...COMMON_ACCESS] },
  { kind: 'lifetime', title: 'Lifetime Upgrade', subTitle: 'One-time payment, free upgrades for life', price: 5999, origin_price: 11999, accessList: ['Unlimited recovery for life', 'Free lifetime upgrades', ...COMMON_ACCESS] },
];

/**
 * The plans shown when the upstream cannot be reached and nothing is cached: the three listed
 * plans in USD, with the product ids of the visitor's package table.
 */
export function fallbackPlans(table: CodeTable = 'A'): Plan[] {
  return FALLBACK_ROWS.map((row, i) => {
    const productId = packageIdFor(PLAN_NUMBER_OF_KIND[row.kind], table)!;
    return {
      product_id: productId,
      title: row.title,
      subTitle: row.subTitle,
      order: i + 1,
      link: `/checkout?product_id=${productId}`,
      price: row.price,
      origin_price: row.origin_price,
      currency: FALLBACK_CURRENCY,
      accessList: [...row.accessList],
    };
  });
}

/** Display order: the upstream's `order`, then product id so equal orders never shuffle. Returns a copy. */
export function sortPlans<T extends Pick<Plan, 'order' | 'product_id'>>(plans: readonly T[]): T[] {
  return [...plans].sort((a, b) => a.order - b.order || a.product_id - b.product_id);
}

const minorUnits = lazySchema(() => z.number().check(z.int(), z.nonnegative(), z.maximum(Number.MAX_SAFE_INTEGER)));
const text = (max: number) => z.string().check(z.maxLength(max));

export const planSchema = lazySchema(() =>
  z.object({
    product_id: z.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
    title: text(200),
    subTitle: z._default(text(500), ''),
    order: z.number().check(z.int(), z.minimum(-1000), z.maximum(1000)),
    link: z._default(text(2048), ''),
    price: minorUnits,
    origin_price: minorUnits,
    currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
    accessList: z._default(z.array(text(500)).check(z.maxLength(30)), []),
    // Older upstreams leave these out: no history, so nothing is shown as reduced.
    price_since: z._default(z.nullable(z.number().check(z.int(), z.nonnegative(), z.maximum(Number.MAX_SAFE_INTEGER))), null),
    lowest_price_30d: z._default(z.nullable(minorUnits), null),
  }),
) satisfies z.ZodMiniType<Plan, unknown>;

/** The data of a list_group answer (envelope fields are ignored): 1–20 plans, all in the list's currency. */
export const planListSchema = lazySchema(() =>
  z
    .object({
      currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
      code_table: z.enum(['A', 'B']),
      list: z.array(planSchema).check(z.minLength(1), z.maxLength(20)),
    })
    .check(z.refine((data: { currency: string; list: Plan[] }) => data.list.every((plan) => plan.currency === data.currency), { message: 'a plan is priced in another currency' })),
);
