import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/domain/locales';
import { decodeHtml, message, ORIGIN, page } from './helpers';

// The waiver of the right of withdrawal at the edge: the checkout asks EEA, UK and Swiss buyers
// for it, the proxy refuses their order without it (in the page's language), passes it on to the
// upstream with the order, and the licence mail repeats it. Anyone else is never asked.

const STRIPE_CREATE = '/api/payv2/stripe/elements/create_cdkey_order';
const PAYPAL_CREATE = '/api/mingtingvip/payv2/paypal/create_cdkey_order';

let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;
let emailCounter = 0;
const newEmail = (tag: string) => `waiver-${tag}-${Date.now()}-${emailCounter++}@example.com`;

function postJson(path: string, value: unknown, headers: Record<string, string> = {}) {
  return exports.default.fetch(
    new Request(ORIGIN + path, { method: 'POST', body: JSON.stringify(value), headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp(), ...headers } }),
  );
}

interface OutboxMail {
  kind: string;
  lang: string;
  body: string;
}

async function outbox(email: string): Promise<OutboxMail[]> {
  const res = await env.ORIGIN!.fetch(`https://origin.internal/__test/outbox?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { mails: OutboxMail[] }).mails;
}

function checkoutProps(html: string): Record<string, unknown> {
  const raw = /data-island="CheckoutForm"[^>]*data-props="([^"]*)"/.exec(html)?.[1] ?? /data-props="([^"]*)"[^>]*data-island="CheckoutForm"/.exec(html)?.[1];
  if (!raw) throw new Error('no CheckoutForm island');
  return JSON.parse(decodeHtml(raw)) as Record<string, unknown>;
}

const waiverText = (locale: Locale) => `${message(locale, 'checkout.waiver.delivery')} ${message(locale, 'checkout.waiver.loss')}`;

beforeAll(async () => {
  await env.ORIGIN!.fetch('https://origin.internal/health');
});

describe('who is asked', () => {
  it.each(['FR', 'DE', 'IE', 'NO', 'IS', 'LI', 'GB', 'CH', 'GP'])('a buyer from %s sees the waiver box', async (country) => {
    const { html } = await page('/checkout?product_id=81902', { cf: { country } });
    expect(checkoutProps(html)['waiver']).toBe(true);
  });

  it.each(['US', 'JP', 'KR', 'CA', 'AU', 'BR', 'TR'])('a buyer from %s is not asked', async (country) => {
    const { html } = await page('/checkout?product_id=81902', { cf: { country } });
    expect(checkoutProps(html)['waiver']).toBe(false);
  });

  it('does not ask a buyer whose country is unknown', async () => {
    const { html } = await page('/checkout?product_id=81902');
    expect(checkoutProps(html)['waiver']).toBe(false);
  });
});

describe('an order from the EEA, the UK or Switzerland', () => {
  it.each([
    ['FR', 'fr-FR', STRIPE_CREATE],
    ['DE', 'de-DE', PAYPAL_CREATE],
    ['GB', 'en-US', STRIPE_CREATE],
    ['CH', 'it-IT', STRIPE_CREATE],
  ] as const)('from %s without the waiver is refused in %s (%s)', async (country, locale, path) => {
    const res = await postJson(path, { product_id: 81902, currency: 'EUR', email: newEmail('refused') }, { 'X-Debug-Country': country, 'X-Site-Locale': locale });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { resp_common?: { ret: number; msg: string }; result?: { status: number; msg: string }; errors: { field: string }[]; order_id?: string };
    const head = body.resp_common ?? { ret: body.result!.status, msg: body.result!.msg };
    expect(head).toEqual({ ret: 4001001, msg: message(locale, 'checkout.waiver.required') });
    expect(body.errors).toEqual([{ field: 'withdrawal_waiver', message: 'withdrawal waiver is required' }]);
    expect(body.order_id).toBeUndefined();
  });

  it('refuses a waiver that is not accepted, in the page’s language', async () => {
    const res = await postJson(
      STRIPE_CREATE,
      { product_id: 81902, currency: 'EUR', email: newEmail('false'), withdrawal_waiver: { accepted: false, accepted_at: Math.floor(Date.now() / 1000), text: waiverText('de-DE') } },
      { 'X-Debug-Country': 'AT', 'X-Site-Locale': 'de-DE' },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { resp_common: { msg: string } }).resp_common.msg).toBe(message('de-DE', 'checkout.waiver.required'));
  });

  it('carries the waiver to the upstream with the order; the licence mail repeats its words and time', async () => {
    const email = newEmail('fr');
    const tickedAt = Math.floor(Date.now() / 1000) - 30;
    const created = await postJson(
      STRIPE_CREATE,
      { product_id: 81902, currency: 'EUR', email, withdrawal_waiver: { accepted: true, accepted_at: tickedAt, text: waiverText('fr-FR') } },
      { 'X-Debug-Country': 'FR', 'X-Site-Locale': 'fr-FR' },
    );
    expect(created.status).toBe(200);
    const order = (await created.json()) as { resp_common: { ret: number }; order_id: string; client_secret: string; amount: number };
    expect(order.resp_common.ret).toBe(0);
    const paid = await postJson('/api/test-payments/confirm', { order_id: order.order_id, client_secret: order.client_secret, card_number: '4242424242424242' });
    expect(paid.status).toBe(200);
    const [mail] = await outbox(email);
    expect(mail).toMatchObject({ kind: 'purchase', lang: 'fr-FR' });
    expect(mail!.body).toContain(`"${waiverText('fr-FR')}"`);
    expect(mail!.body).toContain(`${new Date(tickedAt * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`);
  });

  it('records a tick the browser’s clock puts in the future at the edge’s time instead', async () => {
    const email = newEmail('clock');
    const before = Math.floor(Date.now() / 1000);
    const created = await postJson(
      PAYPAL_CREATE,
      { product_id: 81901, currency: 'GBP', email, withdrawal_waiver: { accepted: true, accepted_at: before + 7 * 24 * 3600, text: waiverText('en-US') } },
      { 'X-Debug-Country': 'GB' },
    );
    const order = (await created.json()) as { order_id: string; client_secret: string };
    await postJson('/api/test-payments/confirm', { order_id: order.order_id, client_secret: order.client_secret, card_number: '4242424242424242' });
    const [mail] = await outbox(email);
    const stated = /at (\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}) UTC/.exec(mail!.body)?.[1];
    const statedAt = Date.parse(`${stated!.replace(' ', 'T')}Z`) / 1000;
    expect(statedAt).toBeGreaterThanOrEqual(before);
    expect(statedAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });
});

describe('an order from anywhere else', () => {
  it('needs no waiver: a US order is created as before', async () => {
    const res = await postJson(STRIPE_CREATE, { product_id: 81902, currency: 'USD', email: newEmail('us') }, { 'X-Debug-Country': 'US' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { resp_common: { ret: number }; amount: number })).toMatchObject({ resp_common: { ret: 0 }, amount: 2999 });
  });

  it('needs none from an unknown country either', async () => {
    const res = await postJson(STRIPE_CREATE, { product_id: 81902, currency: 'USD', email: newEmail('unknown') });
    expect(res.status).toBe(200);
  });

  it('never carries one: a waiver a US page sends anyway is left out, and the mail has no waiver', async () => {
    const email = newEmail('us-extra');
    const created = await postJson(
      STRIPE_CREATE,
      { product_id: 81901, currency: 'USD', email, withdrawal_waiver: { accepted: true, accepted_at: Math.floor(Date.now() / 1000), text: waiverText('en-US') } },
      { 'X-Debug-Country': 'US' },
    );
    const order = (await created.json()) as { order_id: string; client_secret: string };
    await postJson('/api/test-payments/confirm', { order_id: order.order_id, client_secret: order.client_secret, card_number: '4242424242424242' });
    const [mail] = await outbox(email);
    expect(mail!.kind).toBe('purchase');
    expect(mail!.body).not.toContain('right of withdrawal');
  });
});
