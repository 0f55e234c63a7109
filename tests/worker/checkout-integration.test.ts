import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/index';
import { attributeValues, decodeHtml, message, ORIGIN, page, plain, UA } from './helpers';
import type { Locale } from '../../src/domain/locales';
import { formatMoney } from '../../src/domain/money';
import { INSTALLER_PATH } from '../../src/pages/machinery/links';
import { SPEC_SITEMAP_LIST } from '../../src/pages/machinery/route-table';


/** The props of the first island called `name`. */
function islandProps(html: string, name: string): Record<string, unknown> {
  const match = html.match(new RegExp(`data-island="${name}" data-props="([^"]*)"`));
  if (!match) throw new Error(`no ${name} island`);
  return JSON.parse(decodeHtml(match[1]!)) as Record<string, unknown>;
}

// docs/UPSTREAM.md's price table (One-Year, 81902): price and original price per currency, in minor units.
const ONE_YEAR = { USD: [2999, 4999], JPY: [4480, 7480], HKD: [23900, 39900], SGD: [4190, 6990], EUR: [2799, 4599] } as const;

describe('/checkout?product_id=…', () => {
  it.each([
    ['US', 'USD', 'en-US'],
    ['JP', 'JPY', 'ja-JP'],
    ['FR', 'EUR', 'fr-FR'],
    ['HK', 'HKD', 'zh-CN'],
    ['SG', 'SGD', 'en-US'],
  ] as const)('a visitor from %s sees the plan in %s, in %s', async (country, currency, locale) => {
    const prefix = locale === 'en-US' ? '' : `/${locale}`;
    const { res, html, text } = await page(`${prefix}/checkout?product_id=81902&currency=${currency}`, { cf: { country } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain(`data-currency="${currency}"`);
    expect(html).toContain(`data-price="${ONE_YEAR[currency][0]}" data-currency="${currency}"`);
    expect(text).toContain(plain(formatMoney(ONE_YEAR[currency][0], currency, locale)));
    // The upstream's list price was never charged: it is not shown as a reference price.
    expect(text).not.toContain(plain(formatMoney(ONE_YEAR[currency][1], currency, locale)));
    expect(text).toContain(message(locale as Locale, 'buy.plans.oneYear.title'));
    expect(text).toContain(message(locale as Locale, 'checkout.summary.guarantee'));
    const props = islandProps(html, 'CheckoutForm');
    expect(props).toMatchObject({ productId: 81902, currency, kind: 'oneYear', methods: ['stripe', 'paypal'], resultPath: `${prefix}/checkout/result` });
    // The island's copy ships with the page; other pages do not carry it.
    expect(html).toContain(JSON.stringify(message(locale as Locale, 'checkout.errors.unavailable')).slice(1, -1));
  });

  it('prices a search-ad visitor from table B and carries the campaign and host keys', async () => {
    const { res, html } = await page('/checkout?product_id=81802&isSem=2&from=ad&host=sv&bd_vid=x1', { cf: { country: 'US' } });
    expect(res.status).toBe(200);
    expect(islandProps(html, 'CheckoutForm')).toMatchObject({ productId: 81802, carried: 'from=ad&isSem=2&bd_vid=x1&host=sv' });
  });

  it('sells the unlisted Lifetime (3 PCs) package too', async () => {
    const { res, html } = await page('/checkout?product_id=81904', { cf: { country: 'JP' } });
    expect(res.status).toBe(200);
    expect(islandProps(html, 'CheckoutForm')).toMatchObject({ productId: 81904, currency: 'JPY', kind: 'lifetimeMultiPc' });
  });

  it.each(['?product_id=', '?product_id=12345', '?product_id=abc', '?product_id=0', '?product_id=%3Cscript%3E'])('answers 404 with a localized message and a link to /buy for %s', async (query) => {
    const { res, html, text } = await page(`/fr-FR/checkout${query}`);
    expect(res.status).toBe(404);
    expect(text).toContain(message('fr-FR', 'checkout.unknown.heading'));
    expect(attributeValues(html, 'a', 'href')).toContain('/fr-FR/buy');
    expect(html).not.toContain('data-island="CheckoutForm"');
    expect(html).not.toContain('<script>');
  });

  it('sends a phone to /mobile/checkout with the query kept', async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/ja-JP/checkout?product_id=81901&isSem=1`, { redirect: 'manual', headers: { 'user-agent': UA.iphone } }));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ja-JP/mobile/checkout?product_id=81901&isSem=1');
  });

  it('explains without JavaScript what is needed and links back', async () => {
    const { html } = await page('/checkout?product_id=81901');
    const noscript = html.match(/<noscript>([\s\S]*?)<\/noscript>/g)?.join('') ?? '';
    expect(decodeHtml(noscript)).toContain(message('en-US', 'checkout.noscript.text'));
    expect(noscript).toContain('href="/buy"');
  });
});

/** POST to the site's own /api proxy, as the checkout island does (a fresh client IP each time). */
let buyerIp = 0;
async function api(path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': `203.0.113.${(buyerIp++ % 250) + 1}` },
      body: JSON.stringify(body),
    }),
  );
  expect(res.status, path).toBe(200);
  return (await res.json()) as Record<string, any>;
}

describe('buying in KRW and BRL, end to end against the reference origin', () => {
  it.each([
    ['KR', 'KRW', 'stripe', 81902, 39000, '₩39,000'],
    ['BR', 'BRL', 'paypal', 81902, 15990, 'R$159.90'],
    ['BR', 'BRL', 'stripe', 81903, 30990, 'R$309.90'],
    ['KR', 'KRW', 'stripe', 81904, 115000, '₩115,000'],
  ] as const)('a visitor from %s pays in %s by %s: the order amount is the price the checkout showed', async (country, currency, method, productId, price, shown) => {
    // The checkout page, as the buy page's link opens it.
    const { res, html, text } = await page(`/checkout?product_id=${productId}&currency=${currency}&debug_country=${country}`);
    expect(res.status).toBe(200);
    expect(html).toContain(`data-price="${price}"`);
    expect(text).toContain(shown);
    const props = islandProps(html, 'CheckoutForm');
    expect(props).toMatchObject({ productId, currency, priceText: shown });
    expect(props['methods']).toContain(method);

    // What the island sends: the plan's product and currency, never an amount.
    const create = method === 'stripe' ? '/payv2/stripe/elements/create_cdkey_order' : '/mingtingvip/payv2/paypal/create_cdkey_order';
    const order = await api(create, { product_id: productId, currency, email: `buyer-${currency.toLowerCase()}@example.com` });
    expect(order).toMatchObject({ pay_type: method === 'stripe' ? 1 : 2, product_id: productId, currency, amount: price, test_mode: true });

    const paid = await api('/test-payments/confirm', { order_id: order.order_id, client_secret: order.client_secret, card_number: '4242 4242 4242 4242' });
    expect(paid.pay_status).toBe('paid');

    const query = method === 'stripe' ? '/mingtingvip/payv2/stripe/order/query' : '/mingtingvip/payv2/paypal/order/query';
    expect(await api(query, { order_id: order.order_id })).toMatchObject({ pay_status: 'paid', product_id: productId, currency, amount: price });
  });

  it('offers the card alone in KRW and INR, which PayPal does not take; card and PayPal in BRL', async () => {
    for (const [country, methods] of [
      ['KR', ['stripe']],
      ['IN', ['stripe']],
      ['BR', ['stripe', 'paypal']],
      ['GB', ['stripe', 'paypal']],
    ] as const) {
      const { html } = await page(`/checkout?product_id=81901&debug_country=${country}&method=paypal`);
      expect(islandProps(html, 'CheckoutForm')['methods'], country).toEqual(methods);
      expect(html.includes('data-method-option="paypal"'), country).toBe(methods.length > 1);
    }
  });

  it('refuses a KRW order for a package the table does not sell, and a currency without prices', async () => {
    const unknown = await api('/payv2/stripe/elements/create_cdkey_order', { product_id: 99999, currency: 'KRW', email: 'buyer-krw@example.com' });
    expect(unknown.resp_common.ret).toBe(4590006);
    const unpriced = await api('/payv2/stripe/elements/create_cdkey_order', { product_id: 81901, currency: 'CNY', email: 'buyer-cny@example.com' });
    expect(unpriced.resp_common.ret).toBe(4590007);
  });
});

describe('/checkout/result', () => {
  it('renders the polling island with the locale\'s paths; the order stays in the URL', async () => {
    const { res, html, text } = await page('/ja-JP/checkout/result?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903&reason=card_declined&isSem=1');
    expect(res.status).toBe(200);
    expect(islandProps(html, 'CheckoutResult')).toEqual({
      paths: { checkout: '/ja-JP/checkout', feedback: '/ja-JP/feedback', licenseCode: '/ja-JP/license-code', withdraw: '/ja-JP/withdraw' },
      downloadHref: INSTALLER_PATH,
      mobile: false,
      // No country: the price is final, nothing is added at checkout.
      tax: { kind: 'final' },
    });
    // Until the island reads the order: the checking status, no order number, no next steps.
    expect(text).toContain(message('ja-JP', 'checkout.status.paying.title'));
    expect(html).not.toContain('MTSEEDPAID0000001');
    expect(html).not.toContain('data-next=');
  });

  it.each(['?order_id=MT1&pay_type=1&product_id=81901', '?order_id=MTSEEDPAID0000001&pay_type=3&product_id=81901', '?order_id=MTSEEDPAID0000001&pay_type=1', '?pay_type=1'])('answers 404 for a malformed or partial order (%s)', async (query) => {
    const { res } = await page(`/checkout/result${query}`);
    expect(res.status).toBe(404);
  });

  it('reflects nothing of the query', async () => {
    const { html } = await page('/checkout/result?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903&reason=%3Cb%3E');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('%3Cb%3E');
  });
});

/** The plan cards of a page: product id, price and currency, in page order. */
function planCards(html: string) {
  return [...html.matchAll(/<li class="plan-card[^"]*" aria-labelledby="[^"]*" data-product-id="(\d+)"[\s\S]*?<p class="plan-price" data-price="(\d+)" data-currency="([A-Z]{3})"/g)].map((m) => ({
    productId: Number(m[1]),
    price: Number(m[2]),
    currency: m[3],
  }));
}

const checkoutLinks = (html: string) => attributeValues(html, 'a', 'href').filter((href) => /\/checkout\?product_id=/.test(href));

describe('/checkout with no query (history, a bookmark, a shortened link)', () => {
  it.each([
    ['en-US', 'US', 'USD'],
    ['fr-FR', 'FR', 'EUR'],
    ['ja-JP', 'JP', 'JPY'],
    ['zh-CN', 'HK', 'HKD'],
  ] as const)('answers 200 in %s with the plans to choose from in the visitor\'s currency (%s → %s), the buy page\'s', async (locale, country, currency) => {
    const prefix = locale === 'en-US' ? '' : `/${locale}`;
    const { res, html, text } = await page(`${prefix}/checkout`, { cf: { country } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(text).toContain(message(locale, 'checkout.choose.heading'));
    expect(text).toContain(message(locale, 'checkout.choose.text'));
    expect(html).not.toContain('noindex,nofollow');
    expect(html).not.toContain('data-island="CheckoutForm"');
    // The same plan data as /buy for this visitor: ids, prices, currency.
    const cards = planCards(html);
    const buy = planCards((await page(`${prefix}/buy`, { cf: { country } })).html);
    expect(cards.length).toBe(3);
    expect(cards).toEqual(buy);
    expect(cards.every((card) => card.currency === currency)).toBe(true);
    // Each plan leads to its own checkout, in this locale, which answers 200 with that plan.
    const links = checkoutLinks(html);
    expect(links.map((href) => new URL(href, ORIGIN).searchParams.get('product_id'))).toEqual(cards.map((card) => String(card.productId)));
    for (const href of links) {
      const url = new URL(href, ORIGIN);
      expect(url.pathname).toBe(`${prefix}/checkout`);
      const plan = await page(url.pathname + url.search, { cf: { country } });
      expect(plan.res.status, href).toBe(200);
      expect(islandProps(plan.html, 'CheckoutForm')).toMatchObject({ productId: Number(url.searchParams.get('product_id')), currency });
    }
  });

  it('prices a search-ad visitor from table B and carries the campaign and host keys to each checkout', async () => {
    const { res, html } = await page('/checkout?isSem=2&from=ad&host=sv&bd_vid=x1&group_tid=abc', { cf: { country: 'US' } });
    expect(res.status).toBe(200);
    const links = checkoutLinks(html).map((href) => new URL(href, ORIGIN));
    expect(links.map((url) => url.searchParams.get('product_id'))).toEqual(['81801', '81802', '81803']);
    for (const url of links) {
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ from: 'ad', isSem: '2', bd_vid: 'x1', host: 'sv' });
      expect(url.searchParams.has('group_tid')).toBe(false);
    }
  });

  it('on a phone, /mobile/checkout lists the plans and leads to the mobile checkout', async () => {
    const { res, html } = await page('/ja-JP/mobile/checkout', { ua: UA.iphone, cf: { country: 'JP' } });
    expect(res.status).toBe(200);
    expect(checkoutLinks(html).every((href) => href.startsWith('/ja-JP/mobile/checkout?product_id='))).toBe(true);
    expect(checkoutLinks(html)).toHaveLength(3);
  });
});

/** Follows a page's own redirects (agent, /en-US) as a browser with `ua` would, and answers the last status. */
async function finalStatus(href: string, ua: string): Promise<number> {
  let url = new URL(href, ORIGIN);
  for (let hop = 0; hop < 3; hop++) {
    const res = await exports.default.fetch(new Request(url.href, { redirect: 'manual', headers: { 'user-agent': ua } }));
    await res.body?.cancel();
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return res.status;
    url = new URL(location, url);
  }
  return 0;
}

/** canonical, hreflang alternates and the mobile alternate of a page's <head>. */
function headLinks(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link rel="(?:canonical|alternate)"[^>]*\shref="([^"]*)"/g)].map((m) => decodeHtml(m[1]!));
}

describe('the canonical and alternate links of the checkout and result pages', () => {
  const pages = [
    ['/checkout?product_id=81902', UA.desktop],
    ['/checkout', UA.desktop],
    ['/fr-FR/checkout?product_id=81901&isSem=1', UA.desktop],
    ['/ja-JP/mobile/checkout?product_id=81903', UA.iphone],
    ['/zh-CN/mobile/checkout', UA.iphone],
    ['/checkout/result?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903', UA.desktop],
    ['/ja-JP/checkout/result?order_id=MTSEEDPAID0000001&pay_type=2&product_id=81901&isSem=1', UA.desktop],
    ['/checkout/result', UA.desktop],
  ] as const;

  it.each(pages)('every one on %s resolves to a 200 page, for desktops and phones', async (path, ua) => {
    const { res, html } = await page(path, { ua });
    expect(res.status).toBe(200);
    const hrefs = headLinks(html);
    // canonical, four locales and x-default at least.
    expect(hrefs.length).toBeGreaterThanOrEqual(6);
    for (const href of new Set(hrefs)) {
      expect(new URL(href).origin).toBe(ORIGIN);
      const path = new URL(href).pathname;
      // What a phone and a desktop each get when they follow the link (the agent redirect moves them).
      expect(await finalStatus(href, path.includes('/mobile/') || path === '/mobile' ? UA.iphone : UA.desktop), href).toBe(200);
      expect(await finalStatus(href, path.includes('/mobile/') ? UA.desktop : UA.iphone), `${href} (other device)`).toBe(200);
    }
  });

  it('and every URL of the sitemap list the console prints resolves to a 200 page', async () => {
    for (const path of SPEC_SITEMAP_LIST) expect(await finalStatus(path, UA.desktop), path).toBe(200);
  });
});

describe('/checkout/result with no order (a bookmark, history)', () => {
  it.each(['en-US', 'fr-FR', 'ja-JP', 'zh-CN'] as const)('answers 200 in %s, says there is no order to show and where to go', async (locale) => {
    const prefix = locale === 'en-US' ? '' : `/${locale}`;
    const { res, html, text } = await page(`${prefix}/checkout/result`);
    expect(res.status).toBe(200);
    expect(text).toContain(message(locale, 'checkout.noOrder.heading'));
    expect(text).toContain(message(locale, 'checkout.noOrder.text'));
    expect(html).not.toContain('data-island="CheckoutResult"');
    const hrefs = attributeValues(html.slice(html.indexOf('<main')), 'a', 'href');
    expect(hrefs).toEqual(expect.arrayContaining([`${prefix}/license-code`, `${prefix}/query-steps`, `${prefix}/checkout`]));
  });
});

describe('checkout test helpers', () => {
  it('moves a paid test order to refunded outside production', async () => {
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/__test/refund`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: 'MTSEEDPAID0000002', status: 'refunding' }) }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { resp_common: { ret: number } }).resp_common.ret).toBe(0);
  });

  it('refuses a malformed refund body', async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/__test/refund`, { method: 'POST', body: '{"order_id":1}' }));
    expect(res.status).toBe(400);
  });

  it('does not exist in production', async () => {
    const res = await app.request(`${ORIGIN}/__test/refund`, { method: 'POST', body: JSON.stringify({ order_id: 'MTSEEDPAID0000001', status: 'refunded' }) }, { ...env, ENVIRONMENT: 'production' });
    expect(res.status).toBe(404);
  });

  it('shows the test checkout without the payment island in production', async () => {
    const res = await app.request(`${ORIGIN}/test-checkout`, {}, { ...env, ENVIRONMENT: 'production' });
    const html = await res.text();
    expect(html).toContain(decodeHtml(message('en-US', 'checkout.test.productionOnly')).slice(0, 30));
    expect(html).not.toContain('data-island="CheckoutForm"');
  });
});
