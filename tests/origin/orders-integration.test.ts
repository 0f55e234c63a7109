import { describe, expect, it } from 'vitest';
import { call, codeOf, common, db, getJson, postJson, uniqueEmail, type Json } from './helpers';
import { PLAN_CURRENCIES } from '../../src/domain/currency';
import { SEED_PACKAGES } from '../../origin/src/seed';

const ip = '198.51.100.30';
const STRIPE_CREATE = '/payv2/stripe/elements/create_cdkey_order';
const PAYPAL_CREATE = '/mingtingvip/payv2/paypal/create_cdkey_order';
const STRIPE_QUERY = '/mingtingvip/payv2/stripe/order/query';
const PAYPAL_QUERY = '/mingtingvip/payv2/paypal/order/query';

async function createOrder(path = STRIPE_CREATE, overrides: Json = {}): Promise<Json> {
  const { body } = await call(path, { product_id: 81902, currency: 'USD', email: uniqueEmail('buyer'), common: common(), ...overrides }, { ip });
  return body;
}

const confirm = (order: Json, card_number: string) =>
  postJson('/test-payments/confirm', { order_id: order.order_id, client_secret: order.client_secret, card_number });
const query = async (orderId: string, path = STRIPE_QUERY) => (await call(path, { order_id: orderId, common: common() }, { ip })).body;
const cdKey = async (orderId: string, email?: string) => (await call('/pay/get_cd_key', { order_id: orderId, email, common: common() }, { ip })).body;

describe('creating orders', () => {
  it('creates a Stripe order in state paying, priced from the plan table', async () => {
    const order = await createOrder(STRIPE_CREATE, { product_id: 81903, currency: 'JPY' });
    expect(codeOf(order)).toBe(0);
    expect(order).toMatchObject({ pay_type: 1, product_id: 81903, currency: 'JPY', amount: 8980, test_mode: true });
    expect(order.order_id).toMatch(/^MT[0-9A-Z]{16}$/);
    expect(order.client_secret.startsWith(`${order.order_id}_secret_`)).toBe(true);
    expect(order.payment_intent_id).toMatch(/^pi_test_/);
    expect((await query(order.order_id)).pay_status).toBe('paying');
  });

  it('creates a PayPal order, answered in the result envelope', async () => {
    const order = await createOrder(PAYPAL_CREATE, { product_id: 81801, currency: 'EUR' });
    expect(order.result).toEqual({ status: 0, msg: 'success' });
    expect(order).toMatchObject({ pay_type: 2, amount: 2299, test_mode: true });
    expect(order.paypal_order_id).toMatch(/^PPTEST/);
    const status = await query(order.order_id, PAYPAL_QUERY);
    expect(status).toMatchObject({ result: { status: 0 }, pay_status: 'paying', pay_type: 2 });
  });

  it('requires common.lang on the create calls', async () => {
    const { body } = await call(STRIPE_CREATE, { product_id: 81902, currency: 'USD', email: 'a@example.com', common: { app_id: 81 } }, { ip });
    expect(body.errors).toEqual([{ field: 'common.lang', message: 'lang is required' }]);
  });

  it('answers 4590006 for an unknown package and 4590007 for a currency without prices', async () => {
    expect(codeOf(await createOrder(STRIPE_CREATE, { product_id: 99999 }))).toBe(4590006);
    expect(codeOf(await createOrder(PAYPAL_CREATE, { currency: 'CNY' }))).toBe(4590007);
  });

  it('creates orders in every priced currency at the price list_group answers', async () => {
    for (const currency of PLAN_CURRENCIES) {
      const listed = (await call('/paypackagebase/list_group', { currency, product_ids: [81901], common: common() }, { ip })).body;
      const order = await createOrder(STRIPE_CREATE, { product_id: 81901, currency });
      expect(order, currency).toMatchObject({ currency, amount: listed.list[0].price });
      expect(order.amount, currency).toBe(SEED_PACKAGES.find((p) => p.product_id === 81901)!.prices[currency][0]);
    }
  });

  it('charges KRW in whole won and BRL in centavos, by card and by PayPal, and reports the same amount once paid', async () => {
    const krw = await createOrder(STRIPE_CREATE, { product_id: 81903, currency: 'KRW' });
    expect(krw).toMatchObject({ pay_type: 1, currency: 'KRW', amount: 77000 });
    const brl = await createOrder(PAYPAL_CREATE, { product_id: 81802, currency: 'BRL' });
    expect(brl).toMatchObject({ pay_type: 2, currency: 'BRL', amount: 15990 });
    for (const [order, path] of [
      [krw, STRIPE_QUERY],
      [brl, PAYPAL_QUERY],
    ] as const) {
      expect((await confirm(order, '4242424242424242')).status).toBe(200);
      expect(await query(order.order_id, path)).toMatchObject({ pay_status: 'paid', currency: order.currency, amount: order.amount });
    }
  });

  it('never takes an amount from the request', async () => {
    const order = await createOrder(STRIPE_CREATE, { amount: 1 });
    expect(order.amount).toBe(2999);
  });
});

describe('querying orders', () => {
  it('answers a Stripe order only on the Stripe query path', async () => {
    expect((await query('MTSEEDPAID0000001')).pay_status).toBe('paid');
    expect(codeOf(await query('MTSEEDPAID0000001', PAYPAL_QUERY))).toBe(4590004);
  });

  it('answers 4590004 for an unknown order', async () => {
    expect(codeOf(await query('MTNOSUCHORDER0001'))).toBe(4590004);
  });

  it('reports every seeded status', async () => {
    expect((await query('MTSEEDFAILED00001')).pay_status).toBe('failed');
    expect((await query('MTSEEDREFUNDED001')).pay_status).toBe('refunded');
    expect((await query('MTSEEDREFUNDING01', PAYPAL_QUERY)).pay_status).toBe('refunding');
  });
});

describe('/pay/click_payment_report', () => {
  it('records a click on a known order', async () => {
    const order = await createOrder();
    const { body } = await call('/pay/click_payment_report', { order_id: order.order_id, common: common() }, { ip });
    expect(codeOf(body)).toBe(0);
    const row = await db.prepare('SELECT COUNT(*) AS n FROM payment_clicks WHERE order_id = ?').bind(order.order_id).first<{ n: number }>();
    expect(row?.n).toBe(1);
  });

  it('answers 4590004 for an unknown order', async () => {
    const { body } = await call('/pay/click_payment_report', { order_id: 'MTNOSUCHORDER0001', common: common() }, { ip });
    expect(codeOf(body)).toBe(4590004);
  });
});

describe('the test payment mode', () => {
  it('pays with 4242 4242 4242 4242: paid, a licence code, a purchase mail', async () => {
    const order = await createOrder();
    const paid = await confirm(order, '4242 4242 4242 4242');
    expect(paid.body).toEqual({ resp_common: { ret: 0, msg: 'success' }, order_id: order.order_id, pay_status: 'paid' });
    const status = await query(order.order_id);
    expect(status.pay_status).toBe('paid');
    expect(status.paid_at).toBeTypeOf('number');
    const key = await cdKey(order.order_id);
    expect(key.cd_key).toMatch(/^MTDR(-[0-9A-Z]{5}){4}$/);
    const email = (await db.prepare('SELECT email FROM orders WHERE order_id = ?').bind(order.order_id).first<{ email: string }>())!.email;
    const outbox = await getJson(`/__test/outbox?email=${encodeURIComponent(email)}`);
    expect(outbox.body.mails[0]).toMatchObject({ kind: 'purchase' });
    expect(outbox.body.mails[0].body).toContain(key.cd_key);
  });

  it('declines 4000 0000 0000 0002: failed with card_declined, no licence code', async () => {
    const order = await createOrder();
    const declined = await confirm(order, '4000000000000002');
    expect(codeOf(declined.body)).toBe(4590008);
    expect(declined.body).toMatchObject({ pay_status: 'failed', decline_code: 'card_declined' });
    expect((await query(order.order_id)).pay_status).toBe('failed');
    expect(codeOf(await cdKey(order.order_id))).toBe(4590005);
  });

  it('fails 4000 0000 0000 9995 with insufficient funds', async () => {
    const order = await createOrder();
    const declined = await confirm(order, '4000000000009995');
    expect(codeOf(declined.body)).toBe(4590009);
    expect(declined.body.decline_code).toBe('insufficient_funds');
  });

  it('declines any card that is not a test card', async () => {
    const order = await createOrder();
    expect(codeOf((await confirm(order, '4111111111111111')).body)).toBe(4590008);
  });

  it('lets a failed order be paid on a retry', async () => {
    const order = await createOrder(PAYPAL_CREATE);
    await confirm(order, '4000000000000002');
    expect(codeOf((await confirm(order, '4242424242424242')).body)).toBe(0);
    expect((await query(order.order_id, PAYPAL_QUERY)).pay_status).toBe('paid');
  });

  it('refuses to pay an order twice', async () => {
    const order = await createOrder();
    await confirm(order, '4242424242424242');
    const again = await confirm(order, '4242424242424242');
    expect(codeOf(again.body)).toBe(4590011);
    expect(again.body.pay_status).toBe('paid');
  });

  it('refuses a wrong client secret', async () => {
    const order = await createOrder();
    const wrong = await confirm({ ...order, client_secret: `${order.order_id}_secret_guess` }, '4242424242424242');
    expect(codeOf(wrong.body)).toBe(4590010);
    expect((await query(order.order_id)).pay_status).toBe('paying');
  });

  it('refuses an unknown order and a malformed card number', async () => {
    expect(codeOf((await confirm({ order_id: 'MTNOSUCHORDER0001', client_secret: 'x' }, '4242424242424242')).body)).toBe(4590004);
    const bad = await confirm(await createOrder(), '4242-abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'card_number', message: 'card number is invalid' }]);
  });

  it('moves a paid order to refunding, then refunded; the licence code is refused from then on', async () => {
    const order = await createOrder();
    await confirm(order, '4242424242424242');
    const refunding = await postJson('/test-payments/refund', { order_id: order.order_id, status: 'refunding' });
    expect(refunding.body).toMatchObject({ resp_common: { ret: 0 }, pay_status: 'refunding' });
    expect(codeOf(await cdKey(order.order_id))).toBe(4590005);
    await postJson('/test-payments/refund', { order_id: order.order_id, status: 'refunded' });
    expect((await query(order.order_id)).pay_status).toBe('refunded');
    const events = await db
      .prepare('SELECT from_status, to_status FROM order_events WHERE order_id = ? ORDER BY id')
      .bind(order.order_id)
      .all<{ from_status: string | null; to_status: string }>();
    expect(events.results.map((e) => `${e.from_status}>${e.to_status}`)).toEqual(['null>paying', 'paying>paid', 'paid>refunding', 'refunding>refunded']);
  });

  it('refuses to refund an order that was never paid', async () => {
    const order = await createOrder();
    const refund = await postJson('/test-payments/refund', { order_id: order.order_id, status: 'refunded' });
    expect(codeOf(refund.body)).toBe(4590011);
  });

  it('is not reachable in production, where orders are not in test mode', async () => {
    const vars = { ENVIRONMENT: 'production' };
    const confirmRes = await postJson('/test-payments/confirm', { order_id: 'MTSEEDPAYING00001', client_secret: 'x', card_number: '4242424242424242' }, vars);
    expect(confirmRes.status).toBe(404);
    expect((await postJson('/test-payments/refund', { order_id: 'MTSEEDPAID0000001', status: 'refunded' }, vars)).status).toBe(404);
    const { body } = await call(STRIPE_CREATE, { product_id: 81902, currency: 'USD', email: 'p@example.com', common: common() }, { ip, vars });
    expect(body.test_mode).toBe(false);
  });
});

describe('/pay/get_cd_key', () => {
  it('returns the licence code of a seeded paid order', async () => {
    expect(await cdKey('MTSEEDPAID0000001')).toMatchObject({ resp_common: { ret: 0 }, product_id: 81903, cd_key: 'MTDR-SEED0-PA1D0-00000-00001' });
  });

  it('checks the email when one is given, and answers a mismatch like an unknown order', async () => {
    expect(codeOf(await cdKey('MTSEEDPAID0000001', 'PAID@example.com'))).toBe(0);
    expect(codeOf(await cdKey('MTSEEDPAID0000001', 'someone@example.com'))).toBe(4590004);
  });

  it('refuses paying, failed, refunding and refunded orders with 4590005', async () => {
    for (const id of ['MTSEEDPAYING00001', 'MTSEEDFAILED00001', 'MTSEEDREFUNDING01', 'MTSEEDREFUNDED001']) {
      const body = await cdKey(id);
      expect(codeOf(body)).toBe(4590005);
      expect(body.cd_key).toBeUndefined();
    }
  });

  it('answers 4590004 for an unknown order and a field error for a malformed id', async () => {
    expect(codeOf(await cdKey('MTNOSUCHORDER0001'))).toBe(4590004);
    const bad = await cdKey('x; DROP TABLE orders');
    expect(bad.errors).toEqual([{ field: 'order_id', message: 'order id is invalid' }]);
  });
});
