import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/index';
import { attributeValues, decodeHtml, message, ORIGIN, page, plain, UA } from './helpers';
import type { Locale } from '../../src/domain/locales';
import { formatMoney } from '../../src/domain/money';
import { INSTALLER_PATH } from '../../src/pages/machinery/links';


/** The props of the first island called `name`. */
function islandProps(html: string, name: string): Record<string, unknown> {
  const match = html.match(new RegExp(`data-island="${name}" data-props="([^"]*)"`));
  if (!match) throw new Error(`no ${name} island`);
  return JSON.parse(decodeHtml(match[1]!)) as Record<string, unknown>;
}

// docs/UPSTREAM.md's price table (One-Year, 81902): price and original price per currency, in minor units.
const ONE_YEAR = { USD: [2999, 4999], JPY: [4480, 7480], HKD: [23400, 39000], SGD: [3998, 6698], EUR: [2799, 4599] } as const;

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
    expect(html).toContain(`data-price="${ONE_YEAR[currency][0]}" data-origin-price="${ONE_YEAR[currency][1]}"`);
    expect(text).toContain(plain(formatMoney(ONE_YEAR[currency][0], currency, locale)));
    expect(text).toContain(plain(formatMoney(ONE_YEAR[currency][1], currency, locale)));
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

  it.each(['', '?product_id=12345', '?product_id=abc', '?product_id=0', '?product_id=%3Cscript%3E'])('answers 404 with a localized message and a link to /buy for %s', async (query) => {
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

describe('/checkout/result', () => {
  it('renders the polling island with the locale\'s paths; the order stays in the URL', async () => {
    const { res, html, text } = await page('/ja-JP/checkout/result?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903&reason=card_declined&isSem=1');
    expect(res.status).toBe(200);
    expect(islandProps(html, 'CheckoutResult')).toEqual({
      paths: { checkout: '/ja-JP/checkout', feedback: '/ja-JP/feedback', licenseCode: '/ja-JP/license-code' },
      downloadHref: INSTALLER_PATH,
      mobile: false,
    });
    // Until the island reads the order: the checking status, no order number, no next steps.
    expect(text).toContain(message('ja-JP', 'checkout.status.paying.title'));
    expect(html).not.toContain('MTSEEDPAID0000001');
    expect(html).not.toContain('data-next=');
  });

  it.each(['', '?order_id=MT1&pay_type=1&product_id=81901', '?order_id=MTSEEDPAID0000001&pay_type=3&product_id=81901', '?order_id=MTSEEDPAID0000001&pay_type=1'])('answers 404 without a valid order (%s)', async (query) => {
    const { res } = await page(`/checkout/result${query}`);
    expect(res.status).toBe(404);
  });

  it('reflects nothing of the query', async () => {
    const { html } = await page('/checkout/result?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903&reason=%3Cb%3E');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('%3Cb%3E');
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
