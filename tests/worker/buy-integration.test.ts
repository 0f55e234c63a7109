import { describe, expect, it } from 'vitest';
import { attributeValues, decodeHtml, message, ORIGIN, page, plain, UA } from './helpers';
import { LOCALES } from '../../src/domain/locales';


/** The plan cards of a page: price and currency, in page order. */
function planCards(html: string) {
  return [...html.matchAll(/<p class="plan-price" data-price="(\d+)" data-currency="([A-Z]{3})"/g)].map((m) => ({
    price: Number(m[1]),
    currency: m[2],
  }));
}

function buyLinks(html: string): string[] {
  return attributeValues(html, 'a', 'href').filter((href) => /\/checkout\?/.test(href));
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

// docs/UPSTREAM.md's price table (One-Year): what the reference origin answers per currency.
const ONE_YEAR = { USD: '$29.99', JPY: '¥4,480', HKD: 'HK$239.00', SGD: 'SGD 41.90', EUR: '€27.99' } as const;

describe('/buy in the visitor currency', () => {
  it.each([
    ['US', 'USD'],
    ['JP', 'JPY'],
    ['HK', 'HKD'],
    ['SG', 'SGD'],
    ['FR', 'EUR'],
    ['DE', 'EUR'],
  ] as const)('shows a visitor from %s (cf.country) the plans in %s', async (country, currency) => {
    const { res, html, text } = await page('/buy', { cf: { country } });
    expect(res.status).toBe(200);
    const cards = planCards(html);
    expect(cards).toHaveLength(3);
    expect(cards.every((card) => card.currency === currency)).toBe(true);
    expect(text).toContain(ONE_YEAR[currency]);
    expect(html).toContain(`data-currency="${currency}"`);
  });

  it('shows a visitor with no country the plans in USD', async () => {
    const { html, text } = await page('/buy');
    expect(planCards(html).map((card) => card.currency)).toEqual(['USD', 'USD', 'USD']);
    expect(text).toContain('$29.99');
  });

  it.each([
    ['JP', 'JPY'],
    ['HK', 'HKD'],
    ['SG', 'SGD'],
    ['FR', 'EUR'],
    ['DE', 'EUR'],
    ['US', 'USD'],
  ] as const)('lets X-Debug-Country %s simulate the visitor (plans in %s)', async (country, currency) => {
    const { html, text } = await page('/buy', { cf: { country: 'BR' }, headers: { 'X-Debug-Country': country } });
    expect(planCards(html).every((card) => card.currency === currency)).toBe(true);
    expect(text).toContain(ONE_YEAR[currency]);
  });

  it('lets ?debug_country= simulate the visitor too', async () => {
    const { html } = await page('/fr-FR/buy?debug_country=jp');
    expect(planCards(html).map((card) => card.currency)).toEqual(['JPY', 'JPY', 'JPY']);
  });

  it('prices the three plans from the upstream list in its order, One-Month to Lifetime', async () => {
    const { html } = await page('/buy', { cf: { country: 'US' } });
    expect(planCards(html)).toEqual([
      { price: 2499, currency: 'USD' },
      { price: 2999, currency: 'USD' },
      { price: 5999, currency: 'USD' },
    ]);
  });

  it('formats money in the page locale', async () => {
    const { text: ja } = await page('/ja-JP/buy', { cf: { country: 'JP' } });
    expect(ja).toContain('￥4,480');
    const { text: fr } = await page('/fr-FR/buy', { cf: { country: 'FR' } });
    expect(fr).toContain('27,99 €');
  });

  it('strikes nothing through and claims no saving: the seeded prices have always been these', async () => {
    // The upstream's origin_price was never charged, so it is no reference price (reference-price-integration.test.ts).
    const { html, text } = await page('/buy', { cf: { country: 'US' } });
    expect(html).not.toContain('plan-price-origin');
    expect(html).not.toContain('data-saving-percent');
    expect(html).not.toContain('plan-card-featured');
    expect(text).not.toContain('$39.99');
    expect(text).not.toContain('$49.99');
  });

  it('names the plans in the page language, whatever language the upstream answers in', async () => {
    const { text } = await page('/ja-JP/buy', { cf: { country: 'JP' } });
    for (const kind of ['oneMonth', 'oneYear', 'lifetime']) expect(text).toContain(message('ja-JP', `buy.plans.${kind}.title`));
    expect(text).toContain(message('ja-JP', 'buy.plans.oneYear.access.1'));
    expect(text).not.toContain('Unlimited recovery for 1 year');
  });

  it('says that the One-Year licence lasts one year', async () => {
    const { text } = await page('/buy', { cf: { country: 'US' } });
    expect(text).toContain('Valid for 1 year after activation, no renewal fees');
    expect(text).toContain(message('en-US', 'buy.plans.oneYear.coverage'));
    expect(message('en-US', 'buy.plans.oneYear.coverage')).toMatch(/1 year/);
  });

  it('shows the money-back guarantee, the lifetime upgrades, what each licence covers and the testimonials', async () => {
    for (const locale of LOCALES) {
      const { text } = await page(locale === 'en-US' ? '/buy' : `/${locale}/buy`);
      expect(text).toContain(message(locale, 'buy.guarantee.heading'));
      expect(text).toContain(message(locale, 'buy.upgrades.heading'));
      expect(text).toContain(message(locale, 'buy.coverage.heading'));
      for (const kind of ['oneMonth', 'oneYear', 'lifetime']) expect(text).toContain(message(locale, `buy.plans.${kind}.coverage`));
      for (const id of ['marcus', 'priya', 'tom']) expect(text).toContain(message(locale, `testimonials.${id}.content`));
    }
  });

  it('tells the visitor which currency the prices are in', async () => {
    const { text } = await page('/buy', { cf: { country: 'SG' } });
    expect(text).toContain(message('en-US', 'buy.currency.shown', { name: 'Singapore Dollar', code: 'SGD' }));
  });
});

// docs/UPSTREAM.md's price table (One-Month, 81901) in each priced currency, as an en-US page shows it.
const ONE_MONTH_EN: [country: string, currency: string, price: number, text: string][] = [
  ['GB', 'GBP', 2199, '£21.99'],
  ['KR', 'KRW', 32000, '₩32,000'],
  ['TW', 'TWD', 79000, 'NT$790.00'],
  ['AU', 'AUD', 3999, 'A$39.99'],
  ['CA', 'CAD', 3499, 'CA$34.99'],
  ['NZ', 'NZD', 4299, 'NZ$42.99'],
  ['CH', 'CHF', 2790, 'CHF 27.90'],
  ['SE', 'SEK', 24900, 'SEK 249.00'],
  ['NO', 'NOK', 26900, 'NOK 269.00'],
  ['DK', 'DKK', 17900, 'DKK 179.00'],
  ['PL', 'PLN', 10999, 'PLN 109.99'],
  ['BR', 'BRL', 12990, 'R$129.90'],
  ['MX', 'MXN', 44900, 'MX$449.00'],
  ['IN', 'INR', 199900, '₹1,999.00'],
];

describe('/buy in each currency the plans are priced in', () => {
  it.each(ONE_MONTH_EN)('shows ?debug_country=%s the plans in %s, One-Month at %i minor units (%s)', async (country, currency, price, shown) => {
    const { res, html, text } = await page(`/buy?debug_country=${country}`);
    expect(res.status).toBe(200);
    expect(html).toContain(`data-currency="${currency}"`);
    const cards = planCards(html);
    expect(cards.map((card) => card.currency)).toEqual([currency, currency, currency]);
    expect(cards[0]!.price).toBe(price);
    expect(text).toContain(shown);
    expect(buyLinks(html)[0]).toBe(`/checkout?product_id=81901&currency=${currency}`);
  });

  it('shows a visitor from the UK pounds: £21.99 for One-Month', async () => {
    const { text } = await page('/buy', { headers: { 'X-Debug-Country': 'GB' } });
    expect(text).toContain('£21.99');
    expect(text).toContain(message('en-US', 'buy.currency.shown', { name: 'British Pound', code: 'GBP' }));
  });

  it('shows a visitor from Korea won without decimals, in every locale', async () => {
    for (const path of ['/buy', '/fr-FR/buy', '/ja-JP/buy', '/zh-CN/buy']) {
      const { html, text } = await page(`${path}?debug_country=KR`);
      expect(planCards(html).map((card) => card.price)).toEqual([32000, 39000, 77000]);
      const won = text.match(/₩\s?[\d,.\s]+|[\d\s]+₩/g) ?? [];
      expect(won.length, path).toBeGreaterThan(0);
      expect(text, path).toMatch(/₩32,000|32 000 ₩/);
      // No decimals: never "32,000.00" or "32 000,00".
      for (const amount of won) expect(amount.trim(), path).not.toMatch(/[.,]\d{2}$/);
    }
    const product = jsonLd((await page('/buy?debug_country=KR')).html).find((item) => item['@type'] === 'SoftwareApplication');
    expect((product?.['offers'] as { price: string; priceCurrency: string }[])[0]).toMatchObject({ price: '32000', priceCurrency: 'KRW' });
  });

  it('shows a visitor from Brazil reais, R$ with two decimals', async () => {
    const { text } = await page('/buy', { headers: { 'X-Debug-Country': 'BR' } });
    expect(text).toContain('R$129.90');
    expect(text).toContain('R$159.90');
    const { text: fr } = await page('/fr-FR/buy?debug_country=BR');
    expect(fr).toContain('129,90 R$');
  });

  it('keeps eurozone countries in euros and gives a currency without prices USD', async () => {
    for (const country of ['DE', 'AT', 'IE']) expect(planCards((await page(`/buy?debug_country=${country}`)).html)[0]).toMatchObject({ currency: 'EUR', price: 2299 });
    for (const country of ['CN', 'ZA', 'TR']) {
      const { html } = await page(`/buy?debug_country=${country}`);
      expect(planCards(html)[0], country).toMatchObject({ currency: 'USD', price: 2499 });
      // Not a fallback: USD is simply the currency chosen for that country.
      expect(html).not.toContain('data-currency-fallback');
    }
  });
});

describe('/buy links to checkout', () => {
  it('links each plan to the checkout of the same locale with its product id and currency', async () => {
    const { html } = await page('/ja-JP/buy', { cf: { country: 'JP' } });
    expect(buyLinks(html)).toEqual(['/ja-JP/checkout?product_id=81901&currency=JPY', '/ja-JP/checkout?product_id=81902&currency=JPY', '/ja-JP/checkout?product_id=81903&currency=JPY']);
  });

  it('carries the campaign keys along, and only valid campaign keys', async () => {
    const query = '?uuid=3f1c2a9e-5b7d-4c1e-9a2b-1234567890ab&from=newsletter&isSem=2&group_tid=12&bd_vid=abc_DEF-123&host=sv&evil=%3Cscript%3E&debug_country=JP';
    const { html } = await page(`/buy${query}`);
    const links = buyLinks(html);
    expect(links).toHaveLength(3);
    const url = new URL(links[1]!, ORIGIN);
    expect(url.pathname).toBe('/checkout');
    expect([...url.searchParams]).toEqual([
      ['product_id', '81802'],
      ['currency', 'JPY'],
      ['uuid', '3f1c2a9e-5b7d-4c1e-9a2b-1234567890ab'],
      ['from', 'newsletter'],
      ['isSem', '2'],
      ['group_tid', '12'],
      ['bd_vid', 'abc_DEF-123'],
    ]);
  });

  it('drops malformed campaign values instead of passing them on or reflecting them', async () => {
    const { res, html } = await page('/buy?from=%3Cscript%3Ealert(1)%3C/script%3E&isSem=7&uuid=%22onmouseover%3D');
    expect(res.status).toBe(200);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('"onmouseover=');
    expect(buyLinks(html)[0]).toBe('/checkout?product_id=81901&currency=USD');
  });

  it('uses package table A by default and table B for search-ad visitors', async () => {
    const a = buyLinks((await page('/buy')).html).map((href) => new URL(href, ORIGIN).searchParams.get('product_id'));
    const b = buyLinks((await page('/buy?isSem=1')).html).map((href) => new URL(href, ORIGIN).searchParams.get('product_id'));
    expect(a).toEqual(['81901', '81902', '81903']);
    expect(b).toEqual(['81801', '81802', '81803']);
  });

  it('renders each buy link inside a hydratable BuyButton island with its accessible plan name', async () => {
    const { html } = await page('/buy', { cf: { country: 'US' } });
    const islands = [...html.matchAll(/data-island="BuyButton" data-props="([^"]*)"/g)].map((m) => JSON.parse(decodeHtml(m[1]!)) as Record<string, unknown>);
    expect(islands.map((props) => props['productId'])).toEqual([81901, 81902, 81903]);
    // The accessible name says what the price includes, as the card does.
    expect(islands[1]).toMatchObject({ href: '/checkout?product_id=81902&currency=USD', planTitle: 'One-Year', priceText: '$29.99 tax included' });
    // The page is cached per currency and tax rule, not per country: the visitor's country never reaches its HTML.
    expect(islands.every((props) => !('geo' in props))).toBe(true);
    expect(html).toContain(message('en-US', 'ui.buy.ctaDetail', { plan: 'One-Year', price: '$29.99 tax included' }));
  });
});

describe('/buy for operators and crawlers', () => {
  it('reports the plan source in X-Plan-Source and is never shared-cached', async () => {
    const { res } = await page('/buy', { cf: { country: 'HK' } });
    expect(['kv-fresh', 'kv-stale', 'upstream', 'fallback']).toContain(res.headers.get('x-plan-source'));
    expect(res.headers.get('x-plan-source')).not.toBe('fallback');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('x-plan-cache-stats')).toMatch(/upstream-calls=\d+, kv-fresh=\d+, kv-stale=\d+, upstream=\d+, fallback=\d+, kv-errors=\d+/);
  });

  it('describes the product and its offers in JSON-LD, in the currency shown', async () => {
    const { html } = await page('/ja-JP/buy', { cf: { country: 'JP' } });
    const product = jsonLd(html).find((item) => item['@type'] === 'SoftwareApplication');
    expect(product).toMatchObject({ '@context': 'https://schema.org', name: 'MT Data Recovery', url: `${ORIGIN}/ja-JP/buy` });
    expect(product?.['offers']).toEqual([
      expect.objectContaining({ '@type': 'Offer', sku: '81901', price: '3980', priceCurrency: 'JPY', url: `${ORIGIN}/ja-JP/checkout?product_id=81901&currency=JPY` }),
      expect.objectContaining({ sku: '81902', price: '4480', priceCurrency: 'JPY', name: message('ja-JP', 'buy.plans.oneYear.title') }),
      expect.objectContaining({ sku: '81903', price: '8980', priceCurrency: 'JPY' }),
    ]);
    const { html: us } = await page('/buy', { cf: { country: 'US' } });
    const offers = jsonLd(us).find((item) => item['@type'] === 'SoftwareApplication')?.['offers'] as { price: string; priceCurrency: string }[];
    expect(offers.map((o) => [o.price, o.priceCurrency])).toEqual([
      ['24.99', 'USD'],
      ['29.99', 'USD'],
      ['59.99', 'USD'],
    ]);
  });

  it('puts the JSON-LD under the page nonce', async () => {
    const { res, html } = await page('/buy');
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toMatch(new RegExp(`<script type="application/ld\\+json" nonce="${nonce!.replace(/[+/=]/g, (c) => `\\${c}`)}">`));
  });
});

describe('/buy styles', () => {
  it('links the buy stylesheet in <head>, so the plans are styled at first paint without a layout shift', async () => {
    const { html } = await page('/buy');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="stylesheet" href="\/assets\/BuyButton-[\w-]+\.css" data-precedence="default"\/>/);
  });
});

describe('/mobile/buy', () => {
  it('shows a phone the same plans with a note that the app runs on Windows', async () => {
    const { res, html, text } = await page('/zh-CN/mobile/buy', { ua: UA.iphone, cf: { country: 'HK' } });
    expect(res.status).toBe(200);
    expect(planCards(html).map((card) => card.currency)).toEqual(['HKD', 'HKD', 'HKD']);
    expect(text).toContain(message('zh-CN', 'buy.mobileNote'));
    expect(buyLinks(html)[0]).toBe('/zh-CN/checkout?product_id=81901&currency=HKD');
  });

  it('sends a phone from /buy to /mobile/buy with the query intact', async () => {
    const { res } = await page('/buy?isSem=1&from=ad', { ua: UA.android });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/mobile/buy?isSem=1&from=ad');
  });
});

describe('/components/MoreSave', () => {
  it('applies the buy page’s rule to the real plans in USD, JPY and EUR: no reduction, no badge', async () => {
    const { res, html, text } = await page('/components/MoreSave');
    expect(res.status).toBe(200);
    expect([...html.matchAll(/class="demo-savings" data-currency="([A-Z]{3})"/g)].map((m) => m[1])).toEqual(['USD', 'JPY', 'EUR']);
    expect([...html.matchAll(/data-reduced="(true|false)"/g)].map((m) => m[1])).toEqual(Array(9).fill('false'));
    expect(html).not.toContain('data-saving-percent');
    expect(text).toContain(message('en-US', 'buy.demo.none'));
    expect(html).toContain('<meta name="robots" content="noindex,follow"/>');
  });
});
