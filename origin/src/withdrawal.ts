import type { PayStatus } from '../../src/domain/api-schemas';
import type { CallHandler } from './call';
import { fail, ok } from './envelope';
import { newWithdrawalRequestId } from './ids';
import { queueMailAfterChange, withdrawalMailBody } from './mail';

// /pay/withdrawal_request: the buyer withdraws from the contract, or asks for the 30-day
// money-back refund, for one order (docs/UPSTREAM.md, Withdrawal).
//
// - The order must exist and belong to the email; an unknown order and someone else's order get
//   the same answer (4590004), so the call tells nobody which order numbers exist.
// - An order that was never paid (paying, failed) has no contract to withdraw from: 4590005.
// - One request per order: the first is recorded with the time it was received and acknowledged
//   by mail (the outbox row is written in the same batch, only when the request row was new); a
//   repeat answers that first request again, with `already_received`, and mails nothing.
// - Recording a request does not change the order: the refund itself moves the order on
//   (paid → refunding → refunded), as the payment provider reports it.
export const requestWithdrawal: CallHandler<'/pay/withdrawal_request'> = async (input, { db, now, clientKey }) => {
  const order = await db
    .prepare('SELECT order_id, email, status FROM orders WHERE order_id = ?')
    .bind(input.order_id)
    .first<{ order_id: string; email: string; status: PayStatus }>();
  if (!order || order.email !== input.email) return fail('ORDER_NOT_FOUND');
  if (order.status === 'paying' || order.status === 'failed') return fail('ORDER_NOT_PAID');

  const requestId = newWithdrawalRequestId();
  const mail = {
    kind: 'withdrawal_received' as const,
    to: input.email,
    lang: input.common.lang,
    subject: `We have received your withdrawal request for order ${order.order_id}`,
    body: withdrawalMailBody({ requestId, orderId: order.order_id, email: input.email, receivedAt: now, reason: input.reason ?? null }),
  };
  await db.batch([
    db
      .prepare(
        `INSERT INTO withdrawal_requests (request_id, order_id, email, reason, lang, client_key, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (order_id) DO NOTHING`,
      )
      .bind(requestId, order.order_id, input.email, input.reason ?? null, input.common.lang, clientKey, now),
    queueMailAfterChange(db, mail, now),
  ]);
  const stored = await db
    .prepare('SELECT request_id, created_at FROM withdrawal_requests WHERE order_id = ?')
    .bind(order.order_id)
    .first<{ request_id: string; created_at: number }>();
  if (!stored) throw new Error('withdrawal request not stored');
  return ok({
    request_id: stored.request_id,
    order_id: order.order_id,
    received_at: stored.created_at,
    already_received: stored.request_id !== requestId,
    pay_status: order.status,
  });
};
