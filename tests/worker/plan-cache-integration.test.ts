import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import worker from '../../src/index';
import {
  LIST_GROUP_PATH,
  PLAN_FRESH_MS,
  PLAN_STALE_MS,
  planCacheKey,
  planLockKey,
  resetPlanCacheIsolate,
  type PlanCacheEntry,
} from '../../src/services/plan-cache';
import type { CodeTable } from '../../src/domain/api-schemas';
import { fallbackPlans, type Plan } from '../../src/domain/plans';
import { currencyOfCountry, PLAN_CURRENCIES } from '../../src/domain/currency';
import { message, ORIGIN, UA } from './helpers';

// The plan cache through the Worker's fetch, called directly with an env whose ORIGIN counts the
// list_group calls it forwards to the reference origin (or fails on purpose), and whose PLAN_CACHE
// can be made to throw.

type Upstream = 'real' | 'down' | 'http500' | 'garbage' | 'hang' | 'no-eur';

interface Harness {
  env: Env;
  /** list_group calls the upstream received, with their currency and table. */
  calls: { currency: string; table: string }[];
}

function harness({ upstream = 'real', kv = env.PLAN_CACHE, vars = {} }: { upstream?: Upstream; kv?: KVNamespace; vars?: Record<string, string> } = {}): Harness {
  const calls: Harness['calls'] = [];
  const origin = {
    async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const request = new Request(input as RequestInfo, init);
      if (new URL(request.url).pathname === LIST_GROUP_PATH) {
        const body = (await request.clone().json()) as { currency: string; code_table: string };
        calls.push({ currency: body.currency, table: body.code_table });
        if (upstream === 'down') throw new TypeError('Network connection lost.');
        if (upstream === 'http500') return new Response('boom', { status: 500 });
        if (upstream === 'garbage') return Response.json({ resp_common: { ret: 0, msg: 'success' }, currency: body.currency, code_table: body.code_table, list: [{ product_id: 'x', price: 24.99 }] });
        if (upstream === 'hang') return new Promise<Response>(() => {});
        if (upstream === 'no-eur' && body.currency === 'EUR') return Response.json({ resp_common: { ret: 4590007, msg: 'This currency is not supported' } });
      }
      return env.ORIGIN!.fetch(request);
    },
  };
  return { env: { ...env, ...vars, ORIGIN: origin as unknown as Fetcher, PLAN_CACHE: kv } as Env, calls };
}

/** A KV namespace whose every operation throws, as during a KV outage. */
function throwingKv(): KVNamespace {
  return new Proxy(env.PLAN_CACHE, {
    get(target, property) {
      if (property === 'get' || property === 'put' || property === 'getWithMetadata' || property === 'delete' || property === 'list') {
        return () => {
          throw new Error('KV is unavailable');
        };
      }
      return Reflect.get(target, property);
    },
  });
}

/** GET a page through the Worker with `h.env`, then wait for its waitUntil work (cache writes, refreshes). */
async function get(h: Harness, path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const request = new Request(ORIGIN + path, { headers: { 'user-agent': UA.desktop, ...headers } });
  const res = await worker.fetch!(request as Parameters<NonNullable<typeof worker.fetch>>[0], h.env, ctx);
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, html, source: res.headers.get('x-plan-source'), prices: prices(html) };
}

function prices(html: string): string[] {
  return [...html.matchAll(/data-price="(\d+)" data-currency="([A-Z]{3})"/g)].map((m) => `${m[1]} ${m[2]}`);
}

const JP = { 'X-Debug-Country': 'JP' };

/** A cached list whose prices the upstream never answers, so a page showing them was served from KV. */
function entry(currency: string, table: CodeTable, ageMs: number, list: Plan[] | null = null): PlanCacheEntry {
  const plans = list ?? fallbackPlans(table).map((plan) => ({ ...plan, currency, price: plan.price + 1, origin_price: plan.origin_price + 1 }));
  return { v: 1, fetchedAt: Date.now() - ageMs, currency, table, list: plans };
}

async function seed(value: PlanCacheEntry) {
  await env.PLAN_CACHE.put(planCacheKey(value.currency, value.table), JSON.stringify(value));
}

async function stored(currency: string, table: CodeTable): Promise<PlanCacheEntry | null> {
  return env.PLAN_CACHE.get<PlanCacheEntry>(planCacheKey(currency, table), 'json');
}

beforeEach(async () => {
  resetPlanCacheIsolate();
  const { keys } = await env.PLAN_CACHE.list();
  await Promise.all(keys.map((key) => env.PLAN_CACHE.delete(key.name)));
});

describe('the plan cache on a miss', () => {
  it('calls the upstream once, serves its answer and stores it in KV', async () => {
    const h = harness();
    const first = await get(h, '/buy', JP);
    expect(first.source).toBe('upstream');
    expect(first.prices).toEqual(['3980 JPY', '4480 JPY', '8980 JPY']);
    expect(h.calls).toEqual([{ currency: 'JPY', table: 'A' }]);
    const saved = await stored('JPY', 'A');
    expect(saved?.list?.map((plan) => plan.product_id)).toEqual([81901, 81902, 81903]);
  });

  it('serves the next request from KV without calling the upstream again', async () => {
    const h = harness();
    await get(h, '/buy', JP);
    const second = await get(h, '/ja-JP/buy', JP);
    expect(second.source).toBe('kv-fresh');
    expect(second.prices).toEqual(['3980 JPY', '4480 JPY', '8980 JPY']);
    expect(h.calls).toHaveLength(1);
  });

  it('coalesces concurrent misses for the same key into one upstream call', async () => {
    const h = harness();
    const pages = await Promise.all(Array.from({ length: 6 }, () => get(h, '/buy', JP)));
    expect(pages.every((p) => p.prices.join() === '3980 JPY,4480 JPY,8980 JPY')).toBe(true);
    expect(h.calls).toEqual([{ currency: 'JPY', table: 'A' }]);
  });

  it('calls the upstream at most once per currency, however many visitors, locales and countries share it', async () => {
    const h = harness();
    // One or more countries per priced currency (the eurozone, and the UK with its Crown Dependencies, share theirs).
    const countries = ['US', 'PR', 'FR', 'DE', 'IE', 'GB', 'JE', 'JP', 'KR', 'TW', 'HK', 'SG', 'AU', 'CA', 'NZ', 'CH', 'LI', 'SE', 'NO', 'DK', 'GL', 'PL', 'BR', 'MX', 'IN'];
    expect(new Set(countries.map(currencyOfCountry))).toEqual(new Set(PLAN_CURRENCIES));
    const paths = ['/buy', '/ja-JP/buy'];
    const first = await Promise.all(countries.flatMap((country) => paths.map((path) => get(h, `${path}?debug_country=${country}`))));
    expect(first.every((p) => p.source === 'upstream' || p.source === 'kv-fresh')).toBe(true);
    const again = await Promise.all(countries.map((country) => get(h, `/buy?debug_country=${country}`)));
    expect(again.every((p) => p.source === 'kv-fresh')).toBe(true);
    expect(h.calls.map((call) => call.currency).sort()).toEqual([...PLAN_CURRENCIES].sort());
    expect(h.calls.every((call) => call.table === 'A')).toBe(true);
    for (const currency of PLAN_CURRENCIES) expect((await stored(currency, 'A'))?.list?.[0]?.currency, currency).toBe(currency);
  });

  it('keys the cache by currency and package table', async () => {
    const h = harness();
    await get(h, '/buy', JP);
    await get(h, '/buy?isSem=1', JP);
    await get(h, '/buy', { 'X-Debug-Country': 'FR' });
    await get(h, '/buy', JP);
    expect(h.calls).toEqual([
      { currency: 'JPY', table: 'A' },
      { currency: 'JPY', table: 'B' },
      { currency: 'EUR', table: 'A' },
    ]);
    expect((await stored('JPY', 'B'))?.list?.map((plan) => plan.product_id)).toEqual([81801, 81802, 81803]);
  });
});

describe('the plan cache with a fresh copy', () => {
  it('serves KV only, for up to 5 minutes', async () => {
    await seed(entry('USD', 'A', PLAN_FRESH_MS - 10_000));
    const h = harness();
    const page = await get(h, '/buy');
    expect(page.source).toBe('kv-fresh');
    expect(page.prices).toEqual(['2500 USD', '3000 USD', '6000 USD']);
    expect(h.calls).toEqual([]);
  });
});

describe('the plan cache with a stale copy', () => {
  it('serves the stale copy at once and revalidates it exactly once, in the background', async () => {
    await seed(entry('USD', 'A', PLAN_FRESH_MS + 60_000));
    const h = harness();
    const pages = await Promise.all(Array.from({ length: 5 }, () => get(h, '/buy')));
    expect(pages.map((p) => p.source)).toEqual(['kv-stale', 'kv-stale', 'kv-stale', 'kv-stale', 'kv-stale']);
    expect(pages.every((p) => p.prices.join() === '2500 USD,3000 USD,6000 USD')).toBe(true);
    expect(h.calls).toEqual([{ currency: 'USD', table: 'A' }]);

    const refreshed = await stored('USD', 'A');
    expect(refreshed?.list?.map((plan) => plan.price)).toEqual([2499, 2999, 5999]);
    const next = await get(h, '/buy');
    expect(next.source).toBe('kv-fresh');
    expect(next.prices).toEqual(['2499 USD', '2999 USD', '5999 USD']);
    expect(h.calls).toHaveLength(1);
  });

  it('leaves the refresh to another isolate that holds the lock', async () => {
    await seed(entry('USD', 'A', PLAN_FRESH_MS + 60_000));
    await env.PLAN_CACHE.put(planLockKey('USD', 'A'), 'another isolate', { expirationTtl: 60 });
    const h = harness();
    expect((await get(h, '/buy')).source).toBe('kv-stale');
    expect(h.calls).toEqual([]);
  });

  it('takes the lock while it refreshes, so other isolates do not refresh too', async () => {
    await seed(entry('USD', 'A', PLAN_FRESH_MS + 60_000));
    const h = harness({ upstream: 'down' });
    await get(h, '/buy');
    expect(await env.PLAN_CACHE.get(planLockKey('USD', 'A'))).not.toBeNull();
    // A refresh that failed is not retried while the lock lives.
    resetPlanCacheIsolate();
    await get(h, '/buy');
    expect(h.calls).toHaveLength(1);
  });

  it('keeps serving the stale copy when the refresh fails', async () => {
    await seed(entry('USD', 'A', PLAN_FRESH_MS + 60_000));
    const h = harness({ upstream: 'down' });
    const page = await get(h, '/buy');
    expect(page.source).toBe('kv-stale');
    expect(page.prices).toEqual(['2500 USD', '3000 USD', '6000 USD']);
    expect((await stored('USD', 'A'))?.list?.[0]?.price).toBe(2500);
  });

  it('treats a copy older than 24 hours as missing', async () => {
    await seed(entry('USD', 'A', PLAN_STALE_MS + 60_000));
    const h = harness();
    const page = await get(h, '/buy');
    expect(page.source).toBe('upstream');
    expect(page.prices).toEqual(['2499 USD', '2999 USD', '5999 USD']);
    expect(h.calls).toHaveLength(1);
  });
});

describe('the plan cache with the upstream down and nothing cached', () => {
  it.each(['down', 'http500', 'garbage', 'hang'] as const)('serves the bundled plans when the upstream is %s', async (upstream) => {
    const h = harness({ upstream, vars: { UPSTREAM_TIMEOUT_MS: '300' } });
    const page = await get(h, '/buy');
    expect(page.res.status).toBe(200);
    expect(page.source).toBe('fallback');
    expect(page.prices).toEqual(['2499 USD', '2999 USD', '5999 USD']);
    expect(await stored('USD', 'A')).toBeNull();
  });

  it('shows a visitor from another currency the USD plans and says so', async () => {
    const h = harness({ upstream: 'down' });
    const page = await get(h, '/fr-FR/buy', { 'X-Debug-Country': 'FR' });
    expect(page.source).toBe('fallback');
    expect(page.prices).toEqual(['2499 USD', '2999 USD', '5999 USD']);
    expect(page.html).toContain('data-currency-fallback="unavailable"');
    expect(page.html).toContain(message('fr-FR', 'buy.currency.unavailable', { name: 'euro', code: 'EUR' }));
    expect(page.html).toContain('/fr-FR/checkout?product_id=81902&amp;currency=USD');
  });

  it('keeps the search-ad package table in the fallback', async () => {
    const h = harness({ upstream: 'down' });
    const page = await get(h, '/buy?isSem=2');
    expect(page.html).toContain('/checkout?product_id=81802&amp;currency=USD&amp;isSem=2');
  });

  it('does not wait on a dead upstream again for every visitor', async () => {
    const h = harness({ upstream: 'down' });
    await get(h, '/buy');
    const again = await get(h, '/buy');
    expect(again.source).toBe('fallback');
    expect(h.calls).toHaveLength(1);
  });
});

describe('the plan cache when the upstream has no prices in a currency', () => {
  it('shows the plans in USD with a note, and remembers the answer', async () => {
    const h = harness({ upstream: 'no-eur' });
    const page = await get(h, '/buy', { 'X-Debug-Country': 'DE' });
    expect(page.res.status).toBe(200);
    expect(page.prices).toEqual(['2499 USD', '2999 USD', '5999 USD']);
    expect(page.html).toContain('data-currency-fallback="unsupported"');
    expect(h.calls).toEqual([
      { currency: 'EUR', table: 'A' },
      { currency: 'USD', table: 'A' },
    ]);
    await get(h, '/buy', { 'X-Debug-Country': 'DE' });
    expect(h.calls).toHaveLength(2);
  });
});

describe('the plan cache when KV fails', () => {
  it('still renders the page from the upstream when every KV call throws', async () => {
    const h = harness({ kv: throwingKv() });
    const page = await get(h, '/buy', JP);
    expect(page.res.status).toBe(200);
    expect(page.source).toBe('upstream');
    expect(page.prices).toEqual(['3980 JPY', '4480 JPY', '8980 JPY']);
    expect(page.res.headers.get('x-plan-cache-stats')).toMatch(/kv-errors=[1-9]/);
  });

  it('still renders the bundled plans when KV throws and the upstream is down', async () => {
    const h = harness({ kv: throwingKv(), upstream: 'down' });
    const page = await get(h, '/buy');
    expect(page.res.status).toBe(200);
    expect(page.source).toBe('fallback');
    expect(page.prices).toEqual(['2499 USD', '2999 USD', '5999 USD']);
  });

  it('ignores a cached value it cannot read', async () => {
    await env.PLAN_CACHE.put(planCacheKey('USD', 'A'), '{"v":1,"list":"not plans"');
    const h = harness();
    const page = await get(h, '/buy');
    expect(page.source).toBe('upstream');
    expect(h.calls).toHaveLength(1);
  });
});

describe('the plan cache counters', () => {
  it('count upstream calls and KV hits for the bench (outside production only)', async () => {
    const h = harness();
    await get(h, '/buy');
    await get(h, '/buy');
    const third = await get(h, '/buy');
    expect(third.res.headers.get('x-plan-cache-stats')).toBe('upstream-calls=1, kv-fresh=2, kv-stale=0, upstream=1, fallback=0, kv-errors=0, memo-hits=2');
    const production = harness({ vars: { ENVIRONMENT: 'production' } });
    expect((await get(production, '/buy')).res.headers.get('x-plan-cache-stats')).toBeNull();
  });
});
