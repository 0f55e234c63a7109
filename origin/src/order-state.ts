import type { PayStatus } from '../../src/domain/api-schemas';

// The order state machine (the five payment statuses; docs/PRODUCT.md, Payment):
//   paying ──► paid ──► refunding ──► refunded
//      │        └──────────────────────▲
//      └──► failed ──► paid | failed
// A failed order may be paid on a retry (like a Stripe PaymentIntent after a decline), so the
// checkout's "retry" does not need a new order. refunded is final.
export const ORDER_TRANSITIONS: Readonly<Record<PayStatus, readonly PayStatus[]>> = {
  paying: ['paid', 'failed'],
  failed: ['paid', 'failed'],
  paid: ['refunding', 'refunded'],
  refunding: ['refunded'],
  refunded: [],
};

export function canTransition(from: PayStatus, to: PayStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export interface Transition {
  orderId: string;
  from: PayStatus;
  to: PayStatus;
  now: number;
  reason: string;
  /** Set with 'paid': the licence code issued. */
  cdKey?: string;
  /** Set with 'failed': why the payment was refused. */
  declineCode?: string;
}

/**
 * Moves an order from `from` to `to` if it is still in `from` (a concurrent change wins, and this
 * returns false). The event row and every statement of `after` run in the same transaction and
 * only when the update applied: each is written `INSERT … SELECT … WHERE changes() = 1`, which
 * holds while every statement in the chain inserts exactly one row.
 */
export async function applyTransition(db: D1Database, t: Transition, after: D1PreparedStatement[] = []): Promise<boolean> {
  if (!canTransition(t.from, t.to)) return false;
  const update = db
    .prepare(
      `UPDATE orders SET status = ?, updated_at = ?, cd_key = COALESCE(?, cd_key), decline_code = ?,
        paid_at = CASE WHEN ? = 'paid' THEN ? ELSE paid_at END
      WHERE order_id = ? AND status = ?`,
    )
    .bind(t.to, t.now, t.cdKey ?? null, t.declineCode ?? null, t.to, t.now, t.orderId, t.from);
  const event = db
    .prepare(
      `INSERT INTO order_events (order_id, from_status, to_status, reason, created_at)
      SELECT ?, ?, ?, ?, ? WHERE changes() = 1`,
    )
    .bind(t.orderId, t.from, t.to, t.reason, t.now);
  const [updated] = await db.batch([update, event, ...after]);
  return updated?.meta.changes === 1;
}
