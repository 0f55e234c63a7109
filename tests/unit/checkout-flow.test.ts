import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_STATUSES, POLL_GIVE_UP_MS, checkoutAgainHref, checkoutQueryCacheable, carriedQuery, pollDelay, pollSchedule, resultHref, resultLinks, resultTargetOf, statusDisplay } from '../../src/domain/checkout';
import { pollOrder } from '../../client/lib/payments/poll';
import { createOrderBook, ORDER_REUSE_MS } from '../../client/lib/payments/orders';
import { loadScript, resetScriptLoads } from '../../client/lib/payments/load-script';
import { PAY_STATUSES, PAY_TYPES, type PayStatus } from '../../src/domain/api-schemas';
import { CHECKOUT_PAY_TYPES, payMethodsFor } from '../../src/domain/checkout';
import { PLAN_CURRENCIES } from '../../src/domain/currency';

describe('the polling schedule', () => {
  it('asks at once, then about every 2 s, growing to 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(pollDelay)).toEqual([0, 2000, 3000, 4500, 6750, 10_000, 10_000, 10_000]);
  });

  it('fits about 3 minutes', () => {
    const schedule = pollSchedule();
    const total = schedule.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(POLL_GIVE_UP_MS);
    expect(total).toBeGreaterThan(POLL_GIVE_UP_MS - 10_000);
    expect(schedule.length).toBe(21);
  });
});

const flush = () => new Promise((r) => setTimeout(r, 0));

/** A fake clock and timers the poller runs on. */
function fakeTime() {
  let now = 0;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  let hidden = false;
  const visibleListeners = new Set<() => void>();
  return {
    env: {
      now: () => now,
      setTimer: (fn: () => void, ms: number) => {
        const id = nextId++;
        timers.push({ at: now + ms, fn, id });
        return id;
      },
      clearTimer: (id: unknown) => {
        const i = timers.findIndex((t) => t.id === id);
        if (i >= 0) timers.splice(i, 1);
      },
      hidden: () => hidden,
      onVisible: (fn: () => void) => {
        visibleListeners.add(fn);
        return () => visibleListeners.delete(fn);
      },
    },
    /** Runs the next timer (after letting pending promises settle). */
    async step() {
      await new Promise((r) => setTimeout(r, 0));
      timers.sort((a, b) => a.at - b.at);
      const timer = timers.shift();
      if (!timer) return false;
      now = timer.at;
      timer.fn();
      await new Promise((r) => setTimeout(r, 0));
      return true;
    },
    setHidden(value: boolean) {
      hidden = value;
      if (!value) for (const fn of [...visibleListeners]) fn();
    },
    advance(ms: number) {
      now += ms;
    },
    get now() {
      return now;
    },
    pending: () => timers.length,
  };
}

describe('pollOrder', () => {
  it('queries until the order settles and reports each status', async () => {
    const time = fakeTime();
    const answers: PayStatus[] = ['paying', 'paying', 'paid'];
    const seen: string[] = [];
    const queryTimes: number[] = [];
    pollOrder({ ...time.env, query: async () => (queryTimes.push(time.now), { pay_status: answers.shift()! }), onStatus: (s) => seen.push(s) });
    while (await time.step());
    expect(seen).toEqual(['paying', 'paying', 'paid']);
    expect(queryTimes).toEqual([0, 2000, 5000]);
    expect(time.pending()).toBe(0);
  });

  it('keeps polling through failed queries and gives up with unknownError after about 3 minutes', async () => {
    const time = fakeTime();
    const seen: string[] = [];
    let queries = 0;
    pollOrder({ ...time.env, query: async () => (queries++, Promise.reject(new Error('502'))), onStatus: (s) => seen.push(s) });
    while (await time.step());
    expect(seen).toEqual(['unknownError']);
    expect(time.now).toBeGreaterThanOrEqual(POLL_GIVE_UP_MS);
    expect(time.now).toBeLessThan(POLL_GIVE_UP_MS + 10_000);
    expect(queries).toBe(pollSchedule().length + 1);
  });

  it('pauses while the tab is hidden and resumes with a query when it is visible again', async () => {
    const time = fakeTime();
    let queries = 0;
    const seen: string[] = [];
    pollOrder({ ...time.env, query: async () => (queries++, { pay_status: queries >= 3 ? 'paid' : 'paying' }), onStatus: (s) => seen.push(s) });
    await flush(); // the first query runs at once
    expect(queries).toBe(1);
    time.setHidden(true);
    await time.step(); // the 2 s timer fires while hidden: no query
    expect(queries).toBe(1);
    time.advance(10 * 60_000); // ten hidden minutes do not count towards giving up
    time.setHidden(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(queries).toBe(2);
    while (await time.step());
    expect(seen).toEqual(['paying', 'paying', 'paid']);
  });

  it('stops when asked', async () => {
    const time = fakeTime();
    let queries = 0;
    const stop = pollOrder({ ...time.env, query: async () => (queries++, { pay_status: 'paying' }), onStatus: () => undefined });
    await flush();
    stop();
    while (await time.step());
    expect(queries).toBe(1);
  });
});

describe('status displays', () => {
  it('gives every payment status and unknownError its own display', () => {
    expect(CHECKOUT_STATUSES).toEqual([...PAY_STATUSES, 'unknownError']);
    expect(CHECKOUT_PAY_TYPES).toEqual(PAY_TYPES);
    const keys = CHECKOUT_STATUSES.map((s) => statusDisplay(s).key);
    expect(new Set(keys).size).toBe(6);
  });

  it('shows the code and the recovery steps only when paid; never when refunded', () => {
    for (const status of CHECKOUT_STATUSES) {
      const d = statusDisplay(status);
      expect(d.showsCode).toBe(status === 'paid');
      expect(d.showsSteps).toBe(status === 'paid');
    }
  });

  it('keeps polling only while paying; offers next steps on failure and support links when unsure or refunded', () => {
    expect(CHECKOUT_STATUSES.filter((s) => statusDisplay(s).pending)).toEqual(['paying']);
    expect(CHECKOUT_STATUSES.filter((s) => statusDisplay(s).showsNextSteps)).toEqual(['failed']);
    expect(CHECKOUT_STATUSES.filter((s) => statusDisplay(s).showsSupport)).toEqual(['refunding', 'refunded', 'unknownError']);
  });
});

describe('checkout URLs', () => {
  it('carries only valid campaign keys and the host key', () => {
    expect(carriedQuery(new URLSearchParams('isSem=3&from=ad&host=evil&bd_vid=a%3Cb&uuid=abcdefgh-1')).toString()).toBe('uuid=abcdefgh-1&from=ad');
    expect(carriedQuery(new URLSearchParams('host=jb&group_tid=11')).toString()).toBe('group_tid=11&host=jb');
  });

  it('builds the result and retry URLs', () => {
    const carried = new URLSearchParams('isSem=1');
    expect(resultHref('/ja-JP/checkout/result', { orderId: 'MTX0000001', payType: 2, productId: 81901, reason: 'insufficient_funds' }, carried)).toBe(
      '/ja-JP/checkout/result?order_id=MTX0000001&pay_type=2&product_id=81901&reason=insufficient_funds&isSem=1',
    );
    expect(checkoutAgainHref('/checkout', 81901, carried, { retry: 'MTX0000001' })).toBe('/checkout?product_id=81901&retry=MTX0000001&isSem=1');
  });
});

describe('the result URL, read in the browser', () => {
  it('names an order only with a valid id, pay type and product; an unknown reason is dropped', () => {
    expect(resultTargetOf(new URLSearchParams('order_id=MTX0000001&pay_type=2&product_id=81901&reason=insufficient_funds'))).toEqual({
      orderId: 'MTX0000001',
      payType: 2,
      productId: 81901,
      reason: 'insufficient_funds',
    });
    expect(resultTargetOf(new URLSearchParams('order_id=MTX0000001&pay_type=1&product_id=81901&reason=%3Cb%3E'))?.reason).toBeNull();
    for (const query of ['', 'order_id=MT1&pay_type=1&product_id=81901', 'order_id=MTX0000001&pay_type=3&product_id=81901', 'order_id=MTX0000001&pay_type=1', 'order_id=%3Cscript%3E00&pay_type=1&product_id=81901']) {
      expect(resultTargetOf(new URLSearchParams(query)), query).toBeNull();
    }
  });

  it('links a failed order to a retry, the other method and support with the order number', () => {
    const paths = { checkout: '/ja-JP/checkout', feedback: '/ja-JP/feedback', licenseCode: '/ja-JP/license-code', withdraw: '/ja-JP/withdraw' };
    expect(resultLinks(paths, { orderId: 'MTSEEDPAID0000001', payType: 1, productId: 81903 }, new URLSearchParams('isSem=1'))).toEqual({
      retry: '/ja-JP/checkout?product_id=81903&retry=MTSEEDPAID0000001&isSem=1',
      changeMethod: '/ja-JP/checkout?product_id=81903&method=paypal&isSem=1',
      support: '/ja-JP/feedback?order_number=MTSEEDPAID0000001&isSem=1',
      licenseCode: '/ja-JP/license-code',
    });
    expect(resultLinks(paths, { orderId: 'MTX0000001', payType: 2, productId: 81901 }, new URLSearchParams()).changeMethod).toBe('/ja-JP/checkout?product_id=81901&method=stripe');
  });
});

describe('the methods a checkout offers', () => {
  it('offers card and PayPal in every priced currency PayPal takes', () => {
    for (const currency of PLAN_CURRENCIES.filter((c) => c !== 'KRW' && c !== 'INR')) expect(payMethodsFor(currency), currency).toEqual(['stripe', 'paypal']);
  });

  it('offers the card alone in KRW and INR, which PayPal does not take', () => {
    expect(payMethodsFor('KRW')).toEqual(['stripe']);
    expect(payMethodsFor('INR')).toEqual(['stripe']);
    expect(payMethodsFor('krw')).toEqual(['stripe']);
  });
});

describe('which checkout queries are cached', () => {
  it('only known methods and hosts, each key once', () => {
    for (const query of ['product_id=81902', 'product_id=81902&method=paypal', 'product_id=81902&method=stripe&host=jb', 'isSem=1&from=ad']) {
      expect(checkoutQueryCacheable(new URLSearchParams(query)), query).toBe(true);
    }
    for (const query of ['product_id=81902&method=card', 'product_id=81902&host=evil', 'product_id=81902&product_id=81903', 'method=paypal&method=stripe']) {
      expect(checkoutQueryCacheable(new URLSearchParams(query)), query).toBe(false);
    }
  });
});

describe('one order per (email, plan, method)', () => {
  function memoryStorage() {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
  }
  const created = (id: string) => ({ order_id: id, client_secret: `${id}_secret`, currency: 'USD', amount: 2999, test_mode: true, paypal_order_id: `PP${id}` });

  it('creates once for a double click, reuses after a reload, and makes a new one for another method', async () => {
    let n = 0;
    const creator = { stripe: vi.fn(async () => created(`MTS${++n}`)), paypal: vi.fn(async () => created(`MTP${++n}`)) };
    const storage = memoryStorage();
    const book = createOrderBook(creator, storage);
    const request = { email: 'A@Example.com', productId: 81902, currency: 'USD', method: 'stripe' as const };
    const [a, b] = await Promise.all([book.obtain(request), book.obtain({ ...request, email: 'a@example.com' })]);
    expect(a.orderId).toBe(b.orderId);
    expect(creator.stripe).toHaveBeenCalledTimes(1);
    const reloaded = createOrderBook(creator, storage);
    expect((await reloaded.obtain(request)).orderId).toBe(a.orderId);
    expect(reloaded.byId(a.orderId)?.email).toBe('A@Example.com');
    const paypal = await reloaded.obtain({ ...request, method: 'paypal' });
    expect(paypal.orderId).not.toBe(a.orderId);
    expect(paypal.paypalOrderId).toBe(`PP${paypal.orderId}`);
  });

  it('retries the create after a failure, and forgets orders older than the reuse window', async () => {
    let now = 1_000_000;
    const creator = { stripe: vi.fn().mockRejectedValueOnce(new Error('502')).mockResolvedValue(created('MT1')), paypal: vi.fn() };
    const book = createOrderBook(creator, memoryStorage(), () => now);
    const request = { email: 'a@example.com', productId: 81901, currency: 'USD', method: 'stripe' as const };
    await expect(book.obtain(request)).rejects.toThrow('502');
    expect((await book.obtain(request)).orderId).toBe('MT1');
    now += ORDER_REUSE_MS;
    creator.stripe.mockResolvedValue(created('MT2'));
    expect((await book.obtain(request)).orderId).toBe('MT2');
  });
});

describe('loadScript', () => {
  afterEach(() => {
    resetScriptLoads();
    vi.unstubAllGlobals();
  });

  function fakeDocument() {
    const added: Record<string, unknown>[] = [];
    const doc = {
      querySelector: (selector: string) => (selector.includes('nonce') ? { nonce: 'n0nce' } : null),
      createElement: () => {
        const attrs: Record<string, string> = {};
        return { attrs, setAttribute: (k: string, v: string) => void (attrs[k] = v), remove: vi.fn() } as Record<string, unknown>;
      },
      head: { appendChild: (el: Record<string, unknown>) => void added.push(el) },
    };
    return { doc: doc as unknown as Document, added };
  }

  it('loads only Stripe.js and PayPal SDK URLs, once, with the page nonce', async () => {
    const { doc, added } = fakeDocument();
    await expect(loadScript('https://evil.example/x.js', {}, 1000, doc)).rejects.toThrow('not allowed');
    const first = loadScript('https://js.stripe.com/v3', {}, 1000, doc);
    const second = loadScript('https://js.stripe.com/v3', {}, 1000, doc);
    expect(first).toBe(second);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ src: 'https://js.stripe.com/v3', nonce: 'n0nce', async: true });
    (added[0]!['onload'] as () => void)();
    await expect(first).resolves.toBeUndefined();
  });

  it('rejects when the script fails or never arrives, and tries again next time', async () => {
    vi.useFakeTimers();
    const { doc, added } = fakeDocument();
    const failing = loadScript('https://www.paypal.com/sdk/js?client-id=sb', { 'data-csp-nonce': 'n0nce' }, 1000, doc);
    expect((added[0]!['attrs'] as Record<string, string>)['data-csp-nonce']).toBe('n0nce');
    (added[0]!['onerror'] as () => void)();
    await expect(failing).rejects.toThrow('script failed');
    const slow = loadScript('https://www.paypal.com/sdk/js?client-id=sb', {}, 1000, doc);
    expect(added).toHaveLength(2);
    vi.advanceTimersByTime(1000);
    await expect(slow).rejects.toThrow('timed out');
    vi.useRealTimers();
  });
});
