import { describe, expect, it } from 'vitest';
import { SEED_EMAILS } from '../../origin/src/seed';
import { call, codeOf, common, db, getJson, postJson, uniqueEmail, type Json } from './helpers';

// /pay/withdrawal_request: withdrawing from the contract (or asking for the money-back refund) of
// one order, recorded once with its time and acknowledged in the mail outbox.

const ip = '198.51.100.90';
const PATH = '/pay/withdrawal_request';

const withdraw = (body: Json) => call(PATH, { common: common('de-DE'), ...body }, { ip });

/** A new order paid with the 4242 test card, so every test withdraws from its own. */
async function paidOrder(): Promise<{ order_id: string; email: string }> {
  const email = uniqueEmail('withdraw');
  const { body: order } = await call('/payv2/stripe/elements/create_cdkey_order', { product_id: 81902, currency: 'EUR', email, common: common() }, { ip });
  const confirmed = await postJson('/test-payments/confirm', { order_id: order.order_id, client_secret: order.client_secret, card_number: '4242424242424242' });
  expect(codeOf(confirmed.body)).toBe(0);
  return { order_id: order.order_id, email };
}

const outbox = async (email: string) => (await getJson(`/__test/outbox?email=${encodeURIComponent(email)}`)).body.mails as Json[];

describe('/pay/withdrawal_request', () => {
  it('records the request with the time it was received and mails an acknowledgement', async () => {
    const { order_id, email } = await paidOrder();
    const before = Math.floor(Date.now() / 1000);
    const { status, body } = await withdraw({ email: email.toUpperCase(), order_id, reason: '  Die Software erkennt meine Karte nicht.  ' });
    expect(status).toBe(200);
    expect(body.resp_common).toEqual({ ret: 0, msg: 'success' });
    expect(body).toMatchObject({ order_id, already_received: false, pay_status: 'paid' });
    expect(body.request_id).toMatch(/^WR[0-9A-Z]{14}$/);
    expect(body.received_at).toBeGreaterThanOrEqual(before - 1);
    expect(body.received_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);

    const row = await db.prepare('SELECT * FROM withdrawal_requests WHERE order_id = ?').bind(order_id).first();
    expect(row).toMatchObject({ request_id: body.request_id, email, reason: 'Die Software erkennt meine Karte nicht.', lang: 'de-DE', client_key: ip, created_at: body.received_at });

    const mails = (await outbox(email)).filter((mail) => mail.kind === 'withdrawal_received');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_email: email, lang: 'de-DE' });
    expect(mails[0]!.subject).toContain(order_id);
    expect(mails[0]!.body).toContain(`Order number: ${order_id}`);
    expect(mails[0]!.body).toContain(`Reference: ${body.request_id}`);
    expect(mails[0]!.body).toContain('Reason given: Die Software erkennt meine Karte nicht.');
    expect(mails[0]!.body).toContain(`Received: ${new Date(body.received_at * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`);
  });

  it('is idempotent per order: a repeat answers the first request and mails nothing more', async () => {
    const { order_id, email } = await paidOrder();
    const first = (await withdraw({ email, order_id })).body;
    const again = (await withdraw({ email, order_id, reason: 'Sent twice' })).body;
    expect(codeOf(again)).toBe(0);
    expect(again).toMatchObject({ request_id: first.request_id, received_at: first.received_at, already_received: true });
    const rows = await db.prepare('SELECT reason FROM withdrawal_requests WHERE order_id = ?').bind(order_id).all();
    expect(rows.results).toEqual([{ reason: null }]);
    expect((await outbox(email)).filter((mail) => mail.kind === 'withdrawal_received')).toHaveLength(1);
  });

  it('answers an unknown order and another buyer’s order alike, and records nothing', async () => {
    const unknown = await withdraw({ email: SEED_EMAILS.paid, order_id: 'MTNOSUCHORDER0001' });
    const someoneElses = await withdraw({ email: uniqueEmail('stranger'), order_id: 'MTSEEDPAID0000001' });
    for (const { body } of [unknown, someoneElses]) expect(body).toEqual({ resp_common: { ret: 4590004, msg: 'Order not found' } });
    const rows = await db.prepare(`SELECT COUNT(*) AS n FROM withdrawal_requests WHERE order_id IN ('MTNOSUCHORDER0001', 'MTSEEDPAID0000001')`).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it('refuses an order that was never paid', async () => {
    for (const [email, order_id] of [
      [SEED_EMAILS.paying, 'MTSEEDPAYING00001'],
      [SEED_EMAILS.failed, 'MTSEEDFAILED00001'],
    ]) {
      expect((await withdraw({ email, order_id })).body.resp_common).toEqual({ ret: 4590005, msg: 'The order has not been paid' });
    }
  });

  it('records a request for an order whose refund is already under way, and says so', async () => {
    const { body } = await withdraw({ email: SEED_EMAILS.refunding, order_id: 'MTSEEDREFUNDING01' });
    expect(codeOf(body)).toBe(0);
    expect(body.pay_status).toBe('refunding');
  });

  it('checks the fields with the contract messages and requires common.lang', async () => {
    const { body } = await call(PATH, { email: 'x@', order_id: 'no', reason: 'r'.repeat(1001), common: common() }, { ip });
    expect(codeOf(body)).toBe(4001001);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'email is invalid' },
        { field: 'order_id', message: 'order id is invalid' },
        { field: 'reason', message: 'reason is too long' },
      ]),
    );
    const missing = await call(PATH, { common: common() }, { ip });
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'email is required' },
        { field: 'order_id', message: 'order id is required' },
      ]),
    );
    const blank = await call(PATH, { email: SEED_EMAILS.paid, order_id: '   ', common: common() }, { ip });
    expect(blank.body.errors).toEqual([{ field: 'order_id', message: 'order id is required' }]);
    const noLang = await call(PATH, { email: SEED_EMAILS.paid, order_id: 'MTSEEDPAID0000001', common: { app_id: 81 } }, { ip });
    expect(noLang.body.errors).toEqual([{ field: 'common.lang', message: 'lang is required' }]);
  });
});
