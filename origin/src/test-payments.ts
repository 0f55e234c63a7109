import { Hono } from 'hono';
import {
  TEST_PAYMENT_CONFIRM_PATH,
  TEST_PAYMENT_REFUND_PATH,
  testPaymentConfirmRequestSchema,
  testPaymentRefundRequestSchema,
  type TestPaymentConfirmData,
} from '../../src/domain/api-schemas';
import { callContext, parseJsonRequest } from './call';
import type { OriginEnv } from './env';
import { fail, ok, replyOutcome } from './envelope';
import { newLicenceCode, timingSafeEqualText } from './ids';
import { licenceMailBody, queueMailAfterChange, waiverMailSection } from './mail';
import { applyTransition, canTransition } from './order-state';
import { findOrder, findOrderWaiver } from './orders';
import { cardOutcome } from './test-cards';

// The local stand-in for Stripe Elements and PayPal (outside production only; index.ts guards).
// The checkout's test adapter sends the order's client secret and a card number; the outcome
// follows the test card. Answers use the resp_common envelope.

export const testPayments = new Hono<OriginEnv>();

testPayments.post(TEST_PAYMENT_CONFIRM_PATH, async (c) => {
  const parsed = await parseJsonRequest(c, testPaymentConfirmRequestSchema);
  if (!parsed.ok) return parsed.response;
  const { order_id, client_secret, card_number } = parsed.data;
  const { db, now } = callContext(c);
  const path = c.req.path;

  const order = await findOrder(db, order_id);
  if (!order) return replyOutcome(c, path, fail('ORDER_NOT_FOUND'));
  if (!timingSafeEqualText(client_secret, order.client_secret)) return replyOutcome(c, path, fail('PAYMENT_SECRET_MISMATCH'));
  const conflict = () => replyOutcome(c, path, fail('ORDER_STATE_CONFLICT', { data: { order_id, pay_status: order.status } }));

  const outcome = cardOutcome(card_number);
  if (outcome.paid) {
    if (!canTransition(order.status, 'paid')) return conflict();
    const cdKey = newLicenceCode();
    const title = await db.prepare('SELECT title FROM packages WHERE product_id = ?').bind(order.product_id).first<{ title: string }>();
    // The licence mail repeats the buyer's waiver of the right of withdrawal, when the order has one.
    const waiver = await findOrderWaiver(db, order_id);
    const codes = licenceMailBody([{ order_id, title: title?.title ?? String(order.product_id), cd_key: cdKey }]);
    const mail = queueMailAfterChange(
      db,
      {
        kind: 'purchase',
        to: order.email,
        lang: order.lang,
        subject: 'Your MT Data Recovery registration code',
        body: waiver ? `${codes}\n\n${waiverMailSection(waiver)}` : codes,
      },
      now,
    );
    const applied = await applyTransition(db, { orderId: order_id, from: order.status, to: 'paid', now, reason: 'test card', cdKey }, [mail]);
    if (!applied) return conflict();
    return replyOutcome(c, path, ok<TestPaymentConfirmData>({ order_id, pay_status: 'paid' }));
  }

  if (!canTransition(order.status, 'failed')) return conflict();
  const applied = await applyTransition(db, {
    orderId: order_id,
    from: order.status,
    to: 'failed',
    now,
    reason: `test card: ${outcome.declineCode}`,
    declineCode: outcome.declineCode,
  });
  if (!applied) return conflict();
  const data: TestPaymentConfirmData = { order_id, pay_status: 'failed', decline_code: outcome.declineCode };
  return replyOutcome(c, path, fail(outcome.error, { msg: outcome.msg, data: { ...data } }));
});

/** Moves a paid order to refunding or refunded (as the provider's refund webhook would). */
testPayments.post(TEST_PAYMENT_REFUND_PATH, async (c) => {
  const parsed = await parseJsonRequest(c, testPaymentRefundRequestSchema);
  if (!parsed.ok) return parsed.response;
  const { order_id, status } = parsed.data;
  const { db, now } = callContext(c);
  const path = c.req.path;

  const order = await findOrder(db, order_id);
  if (!order) return replyOutcome(c, path, fail('ORDER_NOT_FOUND'));
  const applied = await applyTransition(db, { orderId: order_id, from: order.status, to: status, now, reason: 'test refund' });
  if (!applied) return replyOutcome(c, path, fail('ORDER_STATE_CONFLICT', { data: { order_id, pay_status: order.status } }));
  return replyOutcome(c, path, ok({ order_id, pay_status: status }));
});
