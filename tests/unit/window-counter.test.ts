import { describe, expect, it } from 'vitest';
import { WindowCounter } from '../../src/domain/window-counter';

describe('WindowCounter', () => {
  it('allows `limit` hits per key in a window, then refuses until the window has passed', () => {
    const counter = new WindowCounter(3, 60_000, 100);
    const t0 = 1_000_000;
    expect([0, 1, 2, 3].map((i) => counter.hit('a', t0 + i))).toEqual([true, true, true, false]);
    expect(counter.hit('b', t0 + 5)).toBe(true);
    expect(counter.hit('a', t0 + 59_999)).toBe(false);
    expect(counter.hit('a', t0 + 60_000)).toBe(true);
  });

  it('with a limit of 1 is a "seen within the period" set', () => {
    const seen = new WindowCounter(1, 1000, 100);
    expect(seen.hit('k', 0)).toBe(true);
    expect(seen.hit('k', 999)).toBe(false);
    expect(seen.hit('k', 1000)).toBe(true);
  });

  it('starts a new window when the clock goes backwards', () => {
    const counter = new WindowCounter(1, 60_000, 100);
    expect(counter.hit('a', 10_000)).toBe(true);
    expect(counter.hit('a', 5_000)).toBe(true);
  });

  it('holds at most maxKeys keys, dropping the oldest window first', () => {
    const counter = new WindowCounter(1, 60_000, 3);
    for (const [i, key] of ['a', 'b', 'c'].entries()) counter.hit(key, i);
    expect(counter.hit('d', 10)).toBe(true);
    expect(counter.size).toBe(3);
    // 'a' was the oldest and is gone, so it counts afresh; 'c' is still there.
    expect(counter.hit('a', 11)).toBe(true);
    expect(counter.hit('c', 12)).toBe(false);
  });
});
