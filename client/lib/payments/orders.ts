// One upstream order per (email, plan, currency, method): a double click, a retry after a decline
// or a network failure, a reload, and the failure page's "Try again" all reuse the same order_id,
// so nothing is ever charged twice. Orders are kept in sessionStorage (this tab only: the client
// secret is not worth keeping longer) and concurrent calls share one request.
import { payTypeOf, type PayMethod } from '../../../src/domain/checkout';
import type { PaymentOrder } from './types';

export const ORDER_STORAGE_KEY = 'mt-checkout-orders';
/** A kept order older than this is not reused (a provider's client secret does not live forever). */
export const ORDER_REUSE_MS = 12 * 60 * 60 * 1000;

export interface OrderRequest {
  email: string;
  productId: number;
  currency: string;
  method: PayMethod;
  /** The buyer's waiver of the right of withdrawal (EEA, UK and Swiss buyers only), sent with the order. */
  waiver?: OrderWaiver | undefined;
}

export interface OrderWaiver {
  accepted: true;
  /** When the box was ticked, epoch seconds. */
  accepted_at: number;
  /** The two statements as the page showed them. */
  text: string;
}

type CreatePayload = { product_id: number; currency: string; email: string; withdrawal_waiver?: OrderWaiver };

export interface KeptOrder extends PaymentOrder {
  productId: number;
  /** When the buyer waived the right of withdrawal for this order (epoch seconds), if they did. */
  waiverAt?: number;
  createdAt: number;
}

/** What creates an order upstream (the API client's createStripeOrder / createPaypalOrder). */
export interface OrderCreator {
  stripe: (payload: CreatePayload) => Promise<{ order_id: string; client_secret: string; currency: string; amount: number; test_mode: boolean }>;
  paypal: (payload: CreatePayload) => Promise<{ order_id: string; client_secret: string; currency: string; amount: number; test_mode: boolean; paypal_order_id: string }>;
}

export function orderKey(request: OrderRequest): string {
  return [request.email.trim().toLowerCase(), request.productId, request.currency, request.method].join('|');
}

type Store = Pick<Storage, 'getItem' | 'setItem'> | null;

function readAll(storage: Store): Record<string, KeptOrder> {
  try {
    const value: unknown = JSON.parse(storage?.getItem(ORDER_STORAGE_KEY) || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, KeptOrder>) : {};
  } catch {
    return {};
  }
}

function writeAll(storage: Store, orders: Record<string, KeptOrder>): void {
  try {
    storage?.setItem(ORDER_STORAGE_KEY, JSON.stringify(orders));
  } catch {
    /* storage refused: the in-page map still prevents duplicates while the page lives */
  }
}

export function createOrderBook(creator: OrderCreator, storage: Store, now: () => number = Date.now) {
  const memory = new Map<string, KeptOrder>();
  const inflight = new Map<string, Promise<KeptOrder>>();

  function kept(key: string): KeptOrder | null {
    const order = memory.get(key) ?? readAll(storage)[key] ?? null;
    return order && now() - order.createdAt < ORDER_REUSE_MS ? order : null;
  }

  function remember(key: string, order: KeptOrder) {
    memory.set(key, order);
    const all = readAll(storage);
    // Only recent orders are worth keeping.
    for (const [k, o] of Object.entries(all)) if (now() - o.createdAt >= ORDER_REUSE_MS) delete all[k];
    all[key] = order;
    writeAll(storage, all);
  }

  return {
    /** The kept order for this request, or a new one created upstream (once, however often this is called). */
    obtain(request: OrderRequest): Promise<KeptOrder> {
      const key = orderKey(request);
      const existing = kept(key);
      if (existing) return Promise.resolve(existing);
      let pending = inflight.get(key);
      if (!pending) {
        const payload: CreatePayload = { product_id: request.productId, currency: request.currency, email: request.email, ...(request.waiver ? { withdrawal_waiver: request.waiver } : {}) };
        pending = (async () => {
          const created = request.method === 'paypal' ? await creator.paypal(payload) : await creator.stripe(payload);
          const order: KeptOrder = {
            orderId: created.order_id,
            method: request.method,
            clientSecret: created.client_secret,
            paypalOrderId: 'paypal_order_id' in created ? (created as { paypal_order_id: string }).paypal_order_id : undefined,
            currency: created.currency,
            amount: created.amount,
            email: request.email,
            testMode: created.test_mode,
            productId: request.productId,
            ...(request.waiver ? { waiverAt: request.waiver.accepted_at } : {}),
            createdAt: now(),
          };
          remember(key, order);
          return order;
        })().finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      return pending;
    },
    /** A kept order by its id (the failure page's "Try again" comes back with it). */
    byId(orderId: string): KeptOrder | null {
      for (const order of [...memory.values(), ...Object.values(readAll(storage))]) {
        if (order.orderId === orderId && now() - order.createdAt < ORDER_REUSE_MS) return order;
      }
      return null;
    },
  };
}

export type OrderBook = ReturnType<typeof createOrderBook>;

export { payTypeOf };
