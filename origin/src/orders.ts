import { PAY_TYPES, type OrderQueryData, type PayStatus, type PayType, type WithdrawalWaiver } from '../../src/domain/api-schemas';
import type { CallContext, CallHandler } from './call';
import { fail, ok, type CallOutcome } from './envelope';
import { newOrderId, newSecret } from './ids';
import { isPricedCurrency } from './plans';

// Orders: created by the Stripe Elements and PayPal create calls in state 'paying'; the amount
// always comes from the price table, never from the request. The origin talks to no payment
// provider: outside production, POST /test-payments/confirm plays the provider's part.

export interface OrderRow {
  order_id: string;
  pay_type: PayType;
  product_id: number;
  currency: string;
  amount: number;
  email: string;
  lang: string;
  status: PayStatus;
  client_secret: string;
  cd_key: string | null;
  created_at: number;
  paid_at: number | null;
}

export async function findOrder(db: D1Database, orderId: string): Promise<OrderRow | null> {
  return db.prepare('SELECT * FROM orders WHERE order_id = ?').bind(orderId).first<OrderRow>();
}

/** The buyer's waiver of the right of withdrawal stored with an order (EEA, UK and Swiss buyers). */
export interface OrderWaiver {
  order_id: string;
  text: string;
  lang: string;
  accepted_at: number;
  recorded_at: number;
}

export async function findOrderWaiver(db: D1Database, orderId: string): Promise<OrderWaiver | null> {
  return db.prepare('SELECT * FROM order_waivers WHERE order_id = ?').bind(orderId).first<OrderWaiver>();
}

interface NewOrder {
  order_id: string;
  client_secret: string;
  provider_ref: string;
  amount: number;
}

async function createOrder(
  payType: PayType,
  input: { product_id: number; currency: string; email: string; withdrawal_waiver?: WithdrawalWaiver | undefined; common: { lang: string } },
  { db, now }: CallContext,
): Promise<CallOutcome<NewOrder>> {
  const price = await db
    .prepare('SELECT price FROM package_prices WHERE product_id = ? AND currency = ?')
    .bind(input.product_id, input.currency)
    .first<{ price: number }>();
  if (!price) {
    const known = await db.prepare('SELECT 1 AS found FROM packages WHERE product_id = ?').bind(input.product_id).first();
    if (!known) return fail('PACKAGE_NOT_AVAILABLE');
    return fail((await isPricedCurrency(db, input.currency)) ? 'PACKAGE_NOT_AVAILABLE' : 'CURRENCY_NOT_SUPPORTED');
  }
  const order_id = newOrderId();
  // Shapes mirror the providers' ids (pi_… secret for Stripe, an order id for PayPal).
  const provider_ref = payType === PAY_TYPES.stripe ? `pi_test_${newSecret()}` : `PPTEST${newSecret().toUpperCase()}`;
  const client_secret = `${order_id}_secret_${newSecret()}`;
  await db.batch([
    db
      .prepare(
        `INSERT INTO orders (order_id, pay_type, product_id, currency, amount, email, lang, status,
          client_secret, provider_ref, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, 'paying', ?, ?, ?, ?)`,
      )
      .bind(order_id, payType, input.product_id, input.currency, price.price, input.email, input.common.lang, client_secret, provider_ref, now, now),
    db
      .prepare(`INSERT INTO order_events (order_id, from_status, to_status, reason, created_at) VALUES (?, NULL, 'paying', 'created', ?)`)
      .bind(order_id, now),
    // The consent travels with the order: stored in the same batch, so no order exists without it.
    ...(input.withdrawal_waiver
      ? [
          db
            .prepare('INSERT INTO order_waivers (order_id, text, lang, accepted_at, recorded_at) VALUES (?, ?, ?, ?, ?)')
            .bind(order_id, input.withdrawal_waiver.text, input.common.lang, input.withdrawal_waiver.accepted_at, now),
        ]
      : []),
  ]);
  return ok({ order_id, client_secret, provider_ref, amount: price.price });
}

export const createStripeOrder: CallHandler<'/payv2/stripe/elements/create_cdkey_order'> = async (input, ctx) => {
  const created = await createOrder(PAY_TYPES.stripe, input, ctx);
  if (!created.ok) return created;
  const { order_id, client_secret, provider_ref, amount } = created.data;
  return ok({
    order_id,
    pay_type: PAY_TYPES.stripe,
    product_id: input.product_id,
    currency: input.currency,
    amount,
    client_secret,
    payment_intent_id: provider_ref,
    test_mode: !ctx.settings.production,
  });
};

export const createPaypalOrder: CallHandler<'/mingtingvip/payv2/paypal/create_cdkey_order'> = async (input, ctx) => {
  const created = await createOrder(PAY_TYPES.paypal, input, ctx);
  if (!created.ok) return created;
  const { order_id, client_secret, provider_ref, amount } = created.data;
  return ok({
    order_id,
    pay_type: PAY_TYPES.paypal,
    product_id: input.product_id,
    currency: input.currency,
    amount,
    client_secret,
    paypal_order_id: provider_ref,
    test_mode: !ctx.settings.production,
  });
};

/** The visitor pressed "pay": recorded for the order's funnel. */
export const clickPaymentReport: CallHandler<'/pay/click_payment_report'> = async (input, { db, clientKey, now }) => {
  const inserted = await db
    .prepare(
      `INSERT INTO payment_clicks (order_id, client_key, created_at)
      SELECT order_id, ?, ? FROM orders WHERE order_id = ?`,
    )
    .bind(clientKey, now, input.order_id)
    .run();
  return inserted.meta.changes === 1 ? ok({}) : fail('ORDER_NOT_FOUND');
};

/** An order query answers only for orders of its own payment type (its path is chosen by type). */
async function queryOrder(db: D1Database, orderId: string, payType: PayType): Promise<CallOutcome<OrderQueryData>> {
  const order = await findOrder(db, orderId);
  if (!order || order.pay_type !== payType) return fail('ORDER_NOT_FOUND');
  return ok({
    order_id: order.order_id,
    pay_type: order.pay_type,
    pay_status: order.status,
    product_id: order.product_id,
    currency: order.currency,
    amount: order.amount,
    created_at: order.created_at,
    paid_at: order.paid_at,
  });
}
export const queryStripeOrder: CallHandler<'/mingtingvip/payv2/stripe/order/query'> = (input, { db }) =>
  queryOrder(db, input.order_id, PAY_TYPES.stripe);
export const queryPaypalOrder: CallHandler<'/mingtingvip/payv2/paypal/order/query'> = (input, { db }) =>
  queryOrder(db, input.order_id, PAY_TYPES.paypal);

/** The licence code of a paid order; refused in every other state. */
export const getCdKey: CallHandler<'/pay/get_cd_key'> = async (input, { db }) => {
  const order = await findOrder(db, input.order_id);
  // A wrong email looks exactly like a wrong order id, so neither can be probed separately.
  if (!order || (input.email !== undefined && input.email !== order.email)) return fail('ORDER_NOT_FOUND');
  if (order.status !== 'paid' || !order.cd_key) return fail('ORDER_NOT_PAID', { data: { order_id: order.order_id, pay_status: order.status } });
  return ok({ order_id: order.order_id, product_id: order.product_id, cd_key: order.cd_key });
};
