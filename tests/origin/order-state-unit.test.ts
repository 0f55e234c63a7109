import { describe, expect, it } from 'vitest';
import { PAY_STATUSES } from '../../src/domain/api-schemas';
import { canTransition, ORDER_TRANSITIONS } from '../../origin/src/order-state';

describe('the order state machine', () => {
  it('covers every stored status', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...PAY_STATUSES].sort());
  });

  it('pays or fails a paying order, and retries a failed one', () => {
    expect(canTransition('paying', 'paid')).toBe(true);
    expect(canTransition('paying', 'failed')).toBe(true);
    expect(canTransition('failed', 'paid')).toBe(true);
  });

  it('refunds only what was paid, and never leaves refunded', () => {
    expect(canTransition('paid', 'refunding')).toBe(true);
    expect(canTransition('refunding', 'refunded')).toBe(true);
    expect(canTransition('paying', 'refunded')).toBe(false);
    expect(canTransition('failed', 'refunding')).toBe(false);
    for (const to of PAY_STATUSES) expect(canTransition('refunded', to)).toBe(false);
  });

  it('never pays twice', () => {
    expect(canTransition('paid', 'paid')).toBe(false);
    expect(canTransition('refunding', 'paid')).toBe(false);
  });
});
