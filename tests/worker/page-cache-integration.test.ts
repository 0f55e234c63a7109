import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import worker from '../../src/index';
import type { AppEnv } from '../../src/env';
import { securityHeaders } from '../../src/middleware/security';
import { requestContext } from '../../src/middleware/context';
import { geo } from '../../src/middleware/geo';
import { notFound, onError } from '../../src/middleware/errors';
import { pageRoutes, renderRoute } from '../../src/pages/machinery/router';
import { pageCache } from '../../src/pages/machinery/page-cache';
import { addPageVariant, MAX_CACHED_QUERY_LENGTH } from '../../src/pages/machinery/page-cache-key';
import { noncePlaceholder } from '../../src/pages/machinery/render';
import { ROUTES } from '../../src/pages/machinery/route-table';
import { planCacheKey, resetPlanCacheIsolate, type PlanCacheEntry } from '../../src/services/plan-cache';
import { fallbackPlans } from '../../src/domain/plans';
import { attributeValues, ORIGIN, UA } from './helpers';

// The rendered-page cache through the Worker's fetch: a cached answer is the fresh render with
// another nonce, every answer has its own nonce, and everything that changes a page's HTML
// (campaign query, currency, plan entry, Sec-GPC, middleware variants) changes its key.

async function fetchPage(path: string, headers: Record<string, string> = {}, app: { fetch: typeof worker.fetch } = worker) {
  const ctx = createExecutionContext();
  const request = new Request(ORIGIN + path, { redirect: 'manual', headers: { 'user-agent': UA.desktop, cookie: 'locale=en-US', ...headers } });
  const res = await app.fetch!(request as Parameters<NonNullable<typeof worker.fetch>>[0], env, ctx);
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';
  return { res, html, nonce, cache: res.headers.get('x-page-cache') };
}

/** The page with its nonce taken out, to compare two answers byte for byte. */
const withoutNonce = (html: string, nonce: string) => html.replaceAll(nonce, '<NONCE>');

beforeEach(async () => {
  pageCache.clear();
  resetPlanCacheIsolate();
  const { keys } = await env.PLAN_CACHE.list();
  await Promise.all(keys.map((key) => env.PLAN_CACHE.delete(key.name)));
});

describe('a cached page', () => {
  it.each([
    '/',
    '/ja-JP',
    '/buy',
    '/fr-FR/buy',
    '/mt-recover',
    '/license-code',
    '/zh-CN/do-not-sell-my-info',
    '/article-list/2',
    '/mtdr_privacy.html?lang=ja',
    '/404',
    '/components/MoreSave',
  ])('%s is byte-identical to the fresh render except for the nonce', async (path) => {
    // A first visit may fill the plan cache (and the demo page prints where its plans came from).
    await fetchPage(path);
    pageCache.clear();
    const fresh = await fetchPage(path);
    expect(fresh.cache).toBe('miss');
    const cached = await fetchPage(path);
    expect(cached.cache).toBe('hit');
    expect(cached.res.status).toBe(fresh.res.status);
    expect(fresh.html.split(fresh.nonce).length).toBeGreaterThan(2);
    expect(withoutNonce(cached.html, cached.nonce)).toBe(withoutNonce(fresh.html, fresh.nonce));
    expect(cached.html).not.toContain(fresh.nonce);
  });

  it('keeps the /mobile/ variant apart from the desktop page', async () => {
    const phone = { 'user-agent': UA.iphone };
    const desktop = await fetchPage('/mt-kt');
    const mobile = await fetchPage('/mobile/mt-kt', phone);
    expect([desktop.cache, mobile.cache]).toEqual(['miss', 'miss']);
    expect(mobile.html).toContain('<link rel="canonical" href="http://localhost:8787/mt-kt"/>');
    const again = await fetchPage('/mobile/mt-kt', phone);
    expect(again.cache).toBe('hit');
    expect(withoutNonce(again.html, again.nonce)).toBe(withoutNonce(mobile.html, mobile.nonce));
  });

  it('serves every page of the route table from the cache on the second request', async () => {
    const seen: Record<string, (string | null)[]> = {};
    for (const route of ROUTES) {
      const path = route.path.replace(':id', '3') + (SAMPLE_QUERY[route.id] ?? (route.localized ? '' : '?lang=en'));
      await fetchPage(path);
      pageCache.clear();
      seen[route.id] = [(await fetchPage(path)).cache, (await fetchPage(path)).cache];
    }
    expect(seen).toEqual(Object.fromEntries(ROUTES.map((route) => [route.id, ['miss', 'hit']])));
  });
});

/** The query a route needs to render its page rather than its 404. */
const SAMPLE_QUERY: Record<string, string> = {
  checkout: '?product_id=81902',
  'checkout-result': '?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903',
};

describe('the nonce', () => {
  it('is fresh in every answer and the same in the page as in its CSP', async () => {
    // One answer first, so the concurrent ones below include cached pages (hits).
    await fetchPage('/');
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetchPage('/')));
    const nonces = answers.map((a) => a.nonce);
    expect(new Set(nonces).size).toBe(6);
    for (const { html, nonce } of answers) {
      const inPage = new Set(attributeValues(html, 'script', 'nonce'));
      expect([...inPage]).toEqual([nonce]);
      expect(html).not.toContain(noncePlaceholder());
    }
    expect(answers.filter((a) => a.cache === 'hit').length).toBeGreaterThanOrEqual(1);
  });
});

describe('the query', () => {
  it('campaign keys change the links and are cached apart from the plain page', async () => {
    const plain = await fetchPage('/');
    const campaign = await fetchPage('/?from=newsletter&isSem=1');
    expect(campaign.cache).toBe('miss');
    expect(campaign.html).toContain('/buy?from=newsletter&amp;isSem=1');
    expect(campaign.html).toContain('/fr-FR?from=newsletter&amp;isSem=1');
    const again = await fetchPage('/');
    expect(again.cache).toBe('hit');
    expect(again.html).not.toContain('newsletter');
    expect(withoutNonce(again.html, again.nonce)).toBe(withoutNonce(plain.html, plain.nonce));
    expect((await fetchPage('/?from=newsletter&isSem=1')).cache).toBe('hit');
  });

  it('any other key bypasses the cache, and so does an overlong query', async () => {
    for (const path of ['/?utm_source=x', '/buy?from=a&debug_country=JP', `/?from=${'a'.repeat(MAX_CACHED_QUERY_LENGTH)}`]) {
      expect((await fetchPage(path)).cache, path).toBe('bypass');
      expect((await fetchPage(path)).cache, path).toBe('bypass');
    }
    expect(pageCache.size).toBe(0);
  });

  it("a route's declared query keys are cached per value", async () => {
    const ja = await fetchPage('/mtdr_user_agreement.html?lang=ja');
    const zh = await fetchPage('/mtdr_user_agreement.html?lang=zh');
    expect([ja.cache, zh.cache]).toEqual(['miss', 'miss']);
    expect(ja.html).toContain('<html lang="ja-JP"');
    expect(zh.html).toContain('<html lang="zh-CN"');
    expect((await fetchPage('/mtdr_user_agreement.html?lang=ja')).html).toContain('<html lang="ja-JP"');
  });

  it('paths that end in the 404 page are never cached', async () => {
    expect((await fetchPage('/no-such-page')).cache).toBe('bypass');
    expect((await fetchPage('/article-list/999')).cache).toBe('bypass');
    expect(pageCache.size).toBe(0);
  });
});

describe('/buy', () => {
  function entry(fetchedAt: number, bump: number): PlanCacheEntry {
    const list = fallbackPlans('A').map((plan) => ({ ...plan, price: plan.price + bump }));
    return { v: 1, fetchedAt, currency: 'USD', table: 'A', list };
  }
  const prices = (html: string) => [...html.matchAll(/data-price="(\d+)"/g)].map((m) => Number(m[1]));

  it('shows a new plan entry as soon as the isolate reads it, not the cached page', async () => {
    await env.PLAN_CACHE.put(planCacheKey('USD', 'A'), JSON.stringify(entry(Date.now() - 1000, 1)));
    const first = await fetchPage('/buy');
    expect(prices(first.html)).toEqual([2500, 3000, 6000]);
    expect((await fetchPage('/buy')).cache).toBe('hit');

    await env.PLAN_CACHE.put(planCacheKey('USD', 'A'), JSON.stringify(entry(Date.now(), 7)));
    // Within the memo's few seconds the isolate keeps the entry it read…
    expect(prices((await fetchPage('/buy')).html)).toEqual([2500, 3000, 6000]);
    // …and once it reads KV again, the new entry is a new key: a fresh render with the new prices.
    resetPlanCacheIsolate();
    const updated = await fetchPage('/buy');
    expect(updated.cache).toBe('miss');
    expect(prices(updated.html)).toEqual([2506, 3006, 6006]);
  });

  it('is cached per currency and keeps the plan headers per request', async () => {
    const us = await fetchPage('/buy', { 'X-Debug-Country': 'US' });
    const jp = await fetchPage('/buy', { 'X-Debug-Country': 'JP' });
    expect(jp.cache).toBe('miss');
    expect(jp.html).toContain('data-currency="JPY"');
    const usAgain = await fetchPage('/buy', { 'X-Debug-Country': 'US' });
    expect(usAgain.cache).toBe('hit');
    expect(usAgain.html).toContain('data-currency="USD"');
    expect(withoutNonce(usAgain.html, usAgain.nonce)).toBe(withoutNonce(us.html, us.nonce));
    expect(usAgain.res.headers.get('x-plan-source')).toBe('kv-fresh');
    expect(usAgain.res.headers.get('cache-control')).toBe('private, no-cache');
  });
});

describe('the checkout', () => {
  it('is cached per plan, currency and method; a retry, an unknown method or product renders fresh', async () => {
    const us = await fetchPage('/checkout?product_id=81902', { 'X-Debug-Country': 'US' });
    const jp = await fetchPage('/checkout?product_id=81902', { 'X-Debug-Country': 'JP' });
    expect([us.cache, jp.cache]).toEqual(['miss', 'miss']);
    expect(us.html).toContain('data-currency="USD"');
    expect(jp.html).toContain('data-currency="JPY"');
    const usAgain = await fetchPage('/checkout?product_id=81902', { 'X-Debug-Country': 'US' });
    expect(usAgain.cache).toBe('hit');
    expect(withoutNonce(usAgain.html, usAgain.nonce)).toBe(withoutNonce(us.html, us.nonce));
    expect(usAgain.res.headers.get('cache-control')).toBe('private, no-store');
    const paypal = await fetchPage('/checkout?product_id=81902&method=paypal', { 'X-Debug-Country': 'US' });
    expect(paypal.cache).toBe('miss');
    expect(paypal.html).toContain('&quot;method&quot;:&quot;paypal&quot;');
    for (const query of ['&retry=MTSEEDPAID0000001', '&method=bogus', '&host=evil', '&product_id=81903']) {
      expect((await fetchPage(`/checkout?product_id=81902${query}`, { 'X-Debug-Country': 'US' })).cache, query).toBe('bypass');
    }
    expect((await fetchPage('/checkout?product_id=12345')).cache).toBe('bypass');
  });
});

describe('query keys only the browser reads', () => {
  it('one rendering of the result page serves every order, and names none', async () => {
    const first = await fetchPage('/ja-JP/checkout/result?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903&isSem=1');
    const second = await fetchPage('/ja-JP/checkout/result?order_id=MTORDERTWO0000002&pay_type=2&product_id=81901&reason=card_declined&host=sv&isSem=1');
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect(withoutNonce(second.html, second.nonce)).toBe(withoutNonce(first.html, first.nonce));
    for (const id of ['MTSEEDPAID0000001', 'MTORDERTWO0000002']) expect(first.html).not.toContain(id);
    // The speculation rules, the same on every page, name the one-time query keys (order_id among
    // them) in the patterns of links never prerendered; the rest of the page names none of the keys.
    const rules = /<script type="speculationrules"[^>]*>[^<]*<\/script>/;
    expect(first.html).toMatch(rules);
    for (const key of ['order_id', 'pay_type', 'host=sv']) expect(first.html.replace(rules, '')).not.toContain(key);
    // The language links keep the campaign keys; the switcher adds the order back from the address bar.
    expect(first.html).toContain('/fr-FR/checkout/result?isSem=1');
    expect(first.html).toContain('&quot;carryQuery&quot;:true');
    // Stripe's return from a 3-D Secure step adds its own keys: the same cached page.
    const stripeReturn = await fetchPage('/ja-JP/checkout/result?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903&isSem=1&payment_intent=pi_3Abc&payment_intent_client_secret=pi_3Abc_secret_x&redirect_status=succeeded');
    expect(stripeReturn.cache).toBe('hit');
    expect(stripeReturn.html).not.toContain('pi_3Abc');
    // Campaign keys still change the key: their links differ.
    expect((await fetchPage('/ja-JP/checkout/result?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903')).cache).toBe('miss');
  });

  it('a result URL that names a malformed order is a 404, rendered fresh', async () => {
    for (const query of ['?order_id=MT1&pay_type=1&product_id=81901', '?order_id=MTSEEDPAID0000001&pay_type=3&product_id=81901']) {
      const answer = await fetchPage(`/checkout/result${query}`);
      expect([answer.res.status, answer.cache], query).toEqual([404, 'bypass']);
    }
    expect(pageCache.size).toBe(0);
  });

  it('the result page without an order is cached apart from the one that names an order', async () => {
    const none = await fetchPage('/fr-FR/checkout/result?isSem=1');
    const order = await fetchPage('/fr-FR/checkout/result?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903&isSem=1');
    expect([none.res.status, order.res.status]).toEqual([200, 200]);
    expect(none.html).not.toContain('data-island="CheckoutResult"');
    expect(order.html).toContain('data-island="CheckoutResult"');
    expect((await fetchPage('/fr-FR/checkout/result?isSem=1')).cache).toBe('hit');
  });
});

describe('request data a page reads', () => {
  it('the diagnostics page is cached per set of edge facts; a query renders it fresh', async () => {
    const us = await fetchPage('/test', { 'X-Debug-Country': 'US' });
    const jp = await fetchPage('/test', { 'X-Debug-Country': 'JP' });
    const phone = await fetchPage('/test', { 'X-Debug-Country': 'US', 'user-agent': UA.iphone });
    expect([us.cache, jp.cache, phone.cache]).toEqual(['miss', 'miss', 'miss']);
    expect(jp.html).toContain('data-fact="currency">JPY<');
    expect(phone.html).toContain('data-fact="device">Phone');
    const again = await fetchPage('/test', { 'X-Debug-Country': 'US' });
    expect(again.cache).toBe('hit');
    expect(again.html).toContain('data-fact="currency">USD<');
    expect(again.res.headers.get('cache-control')).toBe('no-store');
    expect((await fetchPage('/test?host=sv', { 'X-Debug-Country': 'US' })).cache).toBe('bypass');
  });

  it('Sec-GPC on the do-not-sell page is part of the key', async () => {
    const off = await fetchPage('/do-not-sell-my-info');
    const on = await fetchPage('/do-not-sell-my-info', { 'sec-gpc': '1' });
    expect(on.cache).toBe('miss');
    expect(on.html).toContain('&quot;gpc&quot;:true');
    expect(off.html).toContain('&quot;gpc&quot;:false');
    expect((await fetchPage('/do-not-sell-my-info', { 'sec-gpc': '1' })).html).toContain('&quot;gpc&quot;:true');
  });

  it('a variant added by middleware joins the key; a route can opt out of the cache', async () => {
    const app = new Hono<AppEnv>({ strict: false });
    app.use('*', securityHeaders);
    app.use('*', requestContext);
    app.use('*', geo);
    app.use('*', async (c, next) => {
      addPageVariant(c, `banner=${c.req.header('x-test-banner') ?? '0'}`);
      await next();
    });
    const uncached = { ...ROUTES.find((r) => r.id === 'about')!, id: 'about-uncached', cache: false };
    app.get('/uncached', (c) => renderRoute(c, { route: uncached, locale: 'en-US', mobile: false, params: {}, rest: '/about' }));
    app.route('/', pageRoutes());
    app.notFound(notFound);
    app.onError(onError);

    expect((await fetchPage('/about', { 'x-test-banner': '0' }, app)).cache).toBe('miss');
    expect((await fetchPage('/about', { 'x-test-banner': '1' }, app)).cache).toBe('miss');
    expect((await fetchPage('/about', { 'x-test-banner': '0' }, app)).cache).toBe('hit');
    expect((await fetchPage('/uncached', {}, app)).cache).toBe('bypass');
    expect((await fetchPage('/uncached', {}, app)).cache).toBe('bypass');
  });
});
