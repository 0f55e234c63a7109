// The checkout's pure rules (docs/PRODUCT.md, Orders and payment statuses): payment methods and their pay
// types, the query a checkout or result URL may carry, the order-status polling schedule, and
// which display each payment status gets. Shared by the Worker (rendering) and the islands.
// Types only from api-schemas.ts: its values would pull zod into the checkout's first load
// (tests/unit/checkout-flow.test.ts checks these copies against the schema module's).
import type { PayStatus, PayType } from './api-schemas';
import { CAMPAIGN_KEYS, campaignFromQuery } from './campaign';
import { parseHostKey } from './api-handlers';

export type PayMethod = 'stripe' | 'paypal';
export const PAY_METHODS: readonly PayMethod[] = ['stripe', 'paypal'];

/** Payment type 1 = stripe, 2 = paypal (api-schemas.ts PAY_TYPES). */
export const CHECKOUT_PAY_TYPES = { stripe: 1, paypal: 2 } as const satisfies Record<PayMethod, PayType>;

export function payTypeOf(method: PayMethod): PayType {
  return CHECKOUT_PAY_TYPES[method];
}

export function methodOfPayType(payType: PayType): PayMethod {
  return payType === CHECKOUT_PAY_TYPES.paypal ? 'paypal' : 'stripe';
}

export function isPayMethod(value: unknown): value is PayMethod {
  return value === 'stripe' || value === 'paypal';
}

/**
 * PayPal takes no payments in KRW, and INR only for accounts based in India, so a checkout in those
 * currencies offers the card alone. Stripe charges every currency the plans are priced in.
 */
const NOT_ON_PAYPAL: ReadonlySet<string> = new Set(['KRW', 'INR']);

/** The methods a checkout offers in `currency`, in display order. */
export function payMethodsFor(currency: string): PayMethod[] {
  return NOT_ON_PAYPAL.has(currency.toUpperCase()) ? ['stripe'] : ['stripe', 'paypal'];
}

/** A product id as it may appear in a query: 1–10 digits, no sign, no leading zero. */
export function parseProductId(value: string | null): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The same rule as orderIdSchema in api-schemas.ts, without zod (the result island is small). */
export function parseOrderId(value: string | null): string | null {
  return value && /^[A-Za-z0-9_-]{6,64}$/.test(value) ? value : null;
}

export function parsePayType(value: string | null): PayType | null {
  return value === '1' ? 1 : value === '2' ? 2 : null;
}

/** Why a test or Stripe payment failed, as the failure page may name it. */
export const DECLINE_REASONS = ['card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export function parseDeclineReason(value: string | null): DeclineReason | null {
  return (DECLINE_REASONS as readonly string[]).includes(value ?? '') ? (value as DeclineReason) : null;
}

/**
 * The checkout query is worth a page cache entry: `method` and `host` are absent or hold a value
 * the page uses, and none of the keys the page reads repeats. Anything else still renders (the
 * page ignores what it does not know) but fresh, so made-up values cannot fill the cache.
 */
export function checkoutQueryCacheable(query: URLSearchParams): boolean {
  const single = (key: string) => query.getAll(key).length <= 1;
  const method = query.get('method');
  const host = query.get('host');
  return single('product_id') && single('method') && single('host') && (method === null || isPayMethod(method)) && (host === null || parseHostKey(host) !== null);
}

/** The query keys a checkout page passes on: the visitor's validated campaign keys and the host key. */
export function carriedQuery(query: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const campaign = campaignFromQuery(query);
  for (const key of CAMPAIGN_KEYS) {
    const value = campaign[key];
    if (value !== undefined) out.set(key, value);
  }
  const host = parseHostKey(query.get('host'));
  if (host) out.set('host', host);
  return out;
}

export interface ResultTarget {
  orderId: string;
  payType: PayType;
  productId: number;
  reason?: DeclineReason | null;
}

/** The order a result URL names, or null when it names none (the server answers 404; the island waits for nothing). */
export function resultTargetOf(query: URLSearchParams): ResultTarget & { reason: DeclineReason | null } | null {
  const orderId = parseOrderId(query.get('order_id'));
  const payType = parsePayType(query.get('pay_type'));
  const productId = parseProductId(query.get('product_id'));
  if (!orderId || !payType || !productId) return null;
  return { orderId, payType, productId, reason: parseDeclineReason(query.get('reason')) };
}

/**
 * The query keys of /checkout/result that the page's HTML never contains, so one cached rendering
 * serves every order (the route's `clientQuery`): the order and the test host, which only the
 * island reads, in the browser, and the three keys Stripe adds when a 3-D Secure step returns to
 * the page, which nothing reads (the island asks the upstream whether the order is paid).
 */
export const RESULT_CLIENT_QUERY = ['order_id', 'pay_type', 'product_id', 'reason', 'host', 'payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;

/** Where a result page's buttons lead (localized paths without a query). */
export interface ResultPaths {
  checkout: string;
  feedback: string;
  licenseCode: string;
  /** The withdrawal and refund page (its link from a paid order carries the order number). */
  withdraw: string;
}

/** The result page's links for an order: try again (same order), the other method, support with the order number. */
export interface ResultLinks {
  retry: string;
  changeMethod: string;
  support: string;
  licenseCode: string;
}

export function resultLinks(paths: ResultPaths, target: ResultTarget, carried: URLSearchParams): ResultLinks {
  const method = methodOfPayType(target.payType);
  const support = new URLSearchParams({ order_number: target.orderId });
  for (const [key, value] of carried) support.set(key, value);
  return {
    retry: checkoutAgainHref(paths.checkout, target.productId, carried, { retry: target.orderId }),
    changeMethod: checkoutAgainHref(paths.checkout, target.productId, carried, { method: method === 'stripe' ? 'paypal' : 'stripe' }),
    support: `${paths.feedback}?${support}`,
    licenseCode: paths.licenseCode,
  };
}

/** The result page of an order: a reload, Stripe's return redirect or a reopened tab resumes polling from it. */
export function resultHref(resultPath: string, target: ResultTarget, carried: URLSearchParams): string {
  const params = new URLSearchParams({ order_id: target.orderId, pay_type: String(target.payType), product_id: String(target.productId) });
  if (target.reason) params.set('reason', target.reason);
  for (const [key, value] of carried) params.set(key, value);
  return `${resultPath}?${params}`;
}

/** The checkout of a product again: `retry` keeps the same order (its method and email), `method` preselects one. */
export function checkoutAgainHref(checkoutPath: string, productId: number, carried: URLSearchParams, opts: { retry?: string; method?: PayMethod } = {}): string {
  const params = new URLSearchParams({ product_id: String(productId) });
  if (opts.retry) params.set('retry', opts.retry);
  if (opts.method) params.set('method', opts.method);
  for (const [key, value] of carried) params.set(key, value);
  return `${checkoutPath}?${params}`;
}

// ── Polling the upstream order query ────────────────────────────────────────────────────────

/** About every 2 s at first, growing by half each time to 10 s; given up after about 3 minutes. */
export const POLL_FIRST_MS = 2000;
export const POLL_MAX_INTERVAL_MS = 10_000;
export const POLL_GROWTH = 1.5;
export const POLL_GIVE_UP_MS = 3 * 60_000;

/** The wait before query number `attempt` + 1 (attempt 0 is the first query, made at once). */
export function pollDelay(attempt: number): number {
  if (attempt <= 0) return 0;
  return Math.min(POLL_MAX_INTERVAL_MS, Math.round(POLL_FIRST_MS * POLL_GROWTH ** (attempt - 1)));
}

/** The whole schedule: the delays of every query that fits in the give-up window (for tests and the docs). */
export function pollSchedule(): number[] {
  const delays: number[] = [];
  let elapsed = 0;
  for (let attempt = 0; ; attempt++) {
    const delay = pollDelay(attempt);
    if (elapsed + delay > POLL_GIVE_UP_MS) return delays;
    elapsed += delay;
    delays.push(delay);
  }
}

// ── What each status looks like ─────────────────────────────────────────────────────────────

/** The upstream's payment statuses plus the client's own unknownError (the query kept failing or never settled). */
export type CheckoutStatus = PayStatus | 'unknownError';
/** api-schemas.ts PAY_STATUSES, then the client's own unknownError. */
export const CHECKOUT_STATUSES = ['paying', 'paid', 'refunding', 'refunded', 'failed', 'unknownError'] as const satisfies readonly CheckoutStatus[];

export interface StatusDisplay {
  status: CheckoutStatus;
  tone: 'progress' | 'success' | 'warning' | 'error';
  /** `checkout.status.<status>.title` / `.text` */
  key: string;
  /** Polling continues while this status shows. */
  pending: boolean;
  /** The licence code may be fetched and shown (only a paid order). */
  showsCode: boolean;
  /** The purchase-success content (the three recovery steps). */
  showsSteps: boolean;
  /** The failure's next steps: retry the same order, change method, contact support. */
  showsNextSteps: boolean;
  /** Links to /license-code (when offersCodeResend) and /feedback with the order number. */
  showsSupport: boolean;
  /**
   * Of those, the link to have the licence code sent again: not for a refund, which cancels the
   * order's licence (the upstream mails codes of paid orders only).
   */
  offersCodeResend: boolean;
}

const DISPLAYS: Record<CheckoutStatus, Omit<StatusDisplay, 'status' | 'key'>> = {
  paying: { tone: 'progress', pending: true, showsCode: false, showsSteps: false, showsNextSteps: false, showsSupport: false, offersCodeResend: false },
  paid: { tone: 'success', pending: false, showsCode: true, showsSteps: true, showsNextSteps: false, showsSupport: false, offersCodeResend: false },
  refunding: { tone: 'warning', pending: false, showsCode: false, showsSteps: false, showsNextSteps: false, showsSupport: true, offersCodeResend: false },
  refunded: { tone: 'warning', pending: false, showsCode: false, showsSteps: false, showsNextSteps: false, showsSupport: true, offersCodeResend: false },
  failed: { tone: 'error', pending: false, showsCode: false, showsSteps: false, showsNextSteps: true, showsSupport: false, offersCodeResend: false },
  unknownError: { tone: 'warning', pending: false, showsCode: false, showsSteps: false, showsNextSteps: false, showsSupport: true, offersCodeResend: true },
};

export function statusDisplay(status: CheckoutStatus): StatusDisplay {
  return { status, key: `checkout.status.${status}`, ...DISPLAYS[status] };
}

export function isCheckoutStatus(value: unknown): value is CheckoutStatus {
  return typeof value === 'string' && Object.hasOwn(DISPLAYS, value);
}
