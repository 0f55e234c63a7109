import { describe, expect, it } from 'vitest';
import { call, codeOf, common, db, getJson, postJson, uniqueEmail, type Json } from './helpers';

// The reference origin stores a buyer's waiver of the right of withdrawal with the order it
// arrives with, and the licence mail of that order repeats it (the statements and their time).

const ip = '198.51.100.61';
const STRIPE_CREATE = '/payv2/stripe/elements/create_cdkey_order';
const PAYPAL_CREATE = '/mingtingvip/payv2/paypal/create_cdkey_order';
const TEXT_DE =
  'Ich verlange ausdrücklich, dass der Lizenzcode sofort und noch vor Ablauf der 14-tägigen Widerrufsfrist geliefert wird. Mir ist bekannt, dass ich mit der Lieferung des Lizenzcodes mein Widerrufsrecht verliere.';

async function create(path: string, email: string, extra: Json = {}, lang = 'de-DE'): Promise<Json> {
  const { body } = await call(path, { product_id: 81902, currency: 'EUR', email, common: common(lang), ...extra }, { ip });
  expect(codeOf(body)).toBe(0);
  return body;
}

const pay = (order: Json) => postJson('/test-payments/confirm', { order_id: order.order_id, client_secret: order.client_secret, card_number: '4242424242424242' });

async function latestMail(email: string): Promise<Json> {
  const { body } = await getJson(`/__test/outbox?email=${encodeURIComponent(email)}`);
  return body.mails[0];
}

describe('an order with a waiver', () => {
  it('stores the statements, their language and time with the order (Stripe)', async () => {
    const acceptedAt = 1_795_000_000;
    const order = await create(STRIPE_CREATE, uniqueEmail('waiver'), { withdrawal_waiver: { accepted: true, accepted_at: acceptedAt, text: TEXT_DE } });
    const row = await db.prepare('SELECT * FROM order_waivers WHERE order_id = ?').bind(order.order_id).first<Json>();
    expect(row).toMatchObject({ order_id: order.order_id, text: TEXT_DE, lang: 'de-DE', accepted_at: acceptedAt });
    expect(row!.recorded_at).toBeGreaterThan(acceptedAt);
  });

  it('stores it for a PayPal order too', async () => {
    const order = await create(PAYPAL_CREATE, uniqueEmail('waiver-pp'), { withdrawal_waiver: { accepted: true, accepted_at: 1_795_000_100, text: 'I expressly request immediate delivery. I acknowledge that I lose my right of withdrawal.' } }, 'en-US');
    const row = await db.prepare('SELECT text, lang FROM order_waivers WHERE order_id = ?').bind(order.order_id).first<Json>();
    expect(row).toEqual({ text: 'I expressly request immediate delivery. I acknowledge that I lose my right of withdrawal.', lang: 'en-US' });
  });

  it('repeats the waiver in the licence mail: the words as shown and when the box was ticked', async () => {
    const email = uniqueEmail('waiver-mail');
    const order = await create(STRIPE_CREATE, email, { withdrawal_waiver: { accepted: true, accepted_at: 1_795_000_000, text: TEXT_DE } });
    expect((await pay(order)).body.pay_status).toBe('paid');
    const mail = await latestMail(email);
    expect(mail).toMatchObject({ kind: 'purchase', lang: 'de-DE' });
    expect(mail.body).toContain(order.order_id);
    expect(mail.body).toMatch(/MTDR-/);
    expect(mail.body).toContain(`"${TEXT_DE}"`);
    expect(mail.body).toContain('2026-11-18 11:06:40 UTC');
    expect(mail.body).toContain('30-day money-back guarantee');
  });

  it('refuses a waiver without its statements or with a made-up time', async () => {
    for (const waiver of [
      { accepted: true, accepted_at: 1_795_000_000, text: '' },
      { accepted: true, accepted_at: 'yesterday', text: TEXT_DE },
      { accepted: false, accepted_at: 1_795_000_000, text: TEXT_DE },
      { accepted: true, accepted_at: 1_795_000_000, text: 'x'.repeat(1001) },
    ]) {
      const { body } = await call(STRIPE_CREATE, { product_id: 81902, currency: 'EUR', email: uniqueEmail('bad'), common: common(), withdrawal_waiver: waiver }, { ip });
      expect(codeOf(body), JSON.stringify(waiver)).toBe(4001001);
    }
  });
});

describe('an order without a waiver', () => {
  it('stores none, and its licence mail says nothing about withdrawal', async () => {
    const email = uniqueEmail('no-waiver');
    const order = await create(STRIPE_CREATE, email, {}, 'en-US');
    expect(await db.prepare('SELECT 1 FROM order_waivers WHERE order_id = ?').bind(order.order_id).first()).toBeNull();
    await pay(order);
    const mail = await latestMail(email);
    expect(mail.kind).toBe('purchase');
    expect(mail.body).not.toContain('withdrawal');
  });
});
