import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../src/domain/api-errors';
import { SEED_ACTIVITIES, SEED_DEVICE_INSTALLED, SEED_EMAILS } from '../../origin/src/seed';
import { call, codeOf, common, db, getJson, postJson, uniqueEmail } from './helpers';

const ip = '198.51.100.40';

describe('/pay/send_cdkey_order_mail', () => {
  const send = (email: string) => call('/pay/send_cdkey_order_mail', { email, common: common('ja-JP') }, { ip });

  it('mails the codes of every paid order of the email', async () => {
    const { body } = await send('Paid@Example.com ');
    expect(body).toEqual({ resp_common: { ret: 0, msg: 'success' } });
    const outbox = await getJson(`/__test/outbox?email=${SEED_EMAILS.paid}`);
    const mail = outbox.body.mails[0];
    expect(mail).toMatchObject({ kind: 'licence_codes', lang: 'ja-JP', to_email: SEED_EMAILS.paid });
    expect(mail.body).toContain('MTDR-SEED0-PA1D0-00000-00001');
    expect(mail.body).toContain('MTDR-SEED0-PA1D0-00000-00002');
  });

  it("answers 'This email has not been registered' (4590001) for an email without a paid order", async () => {
    for (const email of [uniqueEmail('nobody'), SEED_EMAILS.refunded, SEED_EMAILS.paying, SEED_EMAILS.failed]) {
      const { body } = await send(email);
      expect(body).toEqual({ resp_common: { ret: 4590001, msg: 'This email has not been registered' } });
    }
  });

  it('registers an email once its first order is paid', async () => {
    const email = uniqueEmail('new-buyer');
    const { body: order } = await call(
      '/payv2/stripe/elements/create_cdkey_order',
      { product_id: 81901, currency: 'USD', email, common: common() },
      { ip },
    );
    expect(codeOf((await send(email)).body)).toBe(4590001);
    await postJson('/test-payments/confirm', { order_id: order.order_id, client_secret: order.client_secret, card_number: '4242424242424242' });
    expect(codeOf((await send(email)).body)).toBe(0);
  });
});

describe('/activity/receive', () => {
  const receive = (email: string, extra: Record<string, unknown> = {}) =>
    call('/activity/receive', { activity_id: SEED_ACTIVITIES.trial, email, common: common(), ...extra }, { ip });

  it('issues a trial code once per email and mails it', async () => {
    const email = uniqueEmail('trial');
    const first = await receive(email);
    expect(codeOf(first.body)).toBe(0);
    expect(first.body.cd_key).toMatch(/^MTTR(-[0-9A-Z]{5}){4}$/);
    expect(first.body).toMatchObject({ activity_id: 1, email });
    const outbox = await getJson(`/__test/outbox?email=${encodeURIComponent(email)}`);
    expect(outbox.body.mails[0].body).toContain(first.body.cd_key);

    const second = await receive(email.toUpperCase());
    expect(second.body).toEqual({
      resp_common: { ret: 4570002, msg: API_ERRORS.ACTIVITY_ALREADY_CLAIMED.message },
      activity_id: 1,
    });
  });

  it('answers 4570002 for the seeded claimed email', async () => {
    expect(codeOf((await receive(SEED_EMAILS.claimed)).body)).toBe(4570002);
  });

  it('answers 4570003 to an email that has paid for an order, refunded or not', async () => {
    for (const email of [SEED_EMAILS.paid, SEED_EMAILS.refunded, SEED_EMAILS.refunding]) {
      const { body } = await receive(email);
      expect(body.resp_common).toEqual({ ret: 4570003, msg: 'Previously purchased membership' });
    }
  });

  it('answers 4570004 for the expired activity', async () => {
    const { body } = await receive(uniqueEmail('late'), { activity_id: SEED_ACTIVITIES.expired });
    expect(body.resp_common).toEqual({ ret: 4570004, msg: 'Event has expired' });
  });

  it('answers 4570005 for an installed email or device', async () => {
    expect(codeOf((await receive(SEED_EMAILS.installed)).body)).toBe(4570005);
    expect(codeOf((await receive(uniqueEmail('fresh'), { device_id: SEED_DEVICE_INSTALLED })).body)).toBe(4570005);
  });

  it('answers 4590012 for an unknown activity', async () => {
    expect(codeOf((await receive(uniqueEmail('x'), { activity_id: 999 })).body)).toBe(4590012);
  });

  it('refuses a missing email and a malformed activity id', async () => {
    const { body } = await call('/activity/receive', { activity_id: 1.5, common: common() }, { ip });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'activity_id', message: 'activity id is invalid' },
        { field: 'email', message: 'email is required' },
      ]),
    );
  });
});

describe('/ocpc/get_short_code', () => {
  const shortCode = (long_code: string) =>
    call('/ocpc/get_short_code', { long_code, source_url: 'https://www.mt-recover.com/?bd_vid=x', common: common() }, { ip });

  it('returns the same short code for the same long code, and different ones otherwise', async () => {
    const long = `bdvid-${crypto.randomUUID()}`;
    const a = await shortCode(long);
    const b = await shortCode(long);
    const c = await shortCode(`${long}-other`);
    expect(codeOf(a.body)).toBe(0);
    expect(a.body.short_code).toMatch(/^[0-9A-Z]{8}$/);
    expect(b.body.short_code).toBe(a.body.short_code);
    expect(c.body.short_code).not.toBe(a.body.short_code);
  });

  it('moves on to another code when the derived one belongs to another long code', async () => {
    const long = `collide-${crypto.randomUUID()}`;
    const first = (await shortCode(long)).body.short_code as string;
    // Steal the code: another long code now owns it, as after a hash collision.
    await db.prepare('UPDATE short_codes SET long_code = ? WHERE long_code = ?').bind(`${long}-thief`, long).run();
    const second = (await shortCode(long)).body.short_code as string;
    expect(second).toMatch(/^[0-9A-Z]{8}$/);
    expect(second).not.toBe(first);
  });

  it('refuses a source url that is not http(s) and a long code with spaces', async () => {
    const url = await call('/ocpc/get_short_code', { long_code: 'abc', source_url: 'javascript:alert(1)', common: common() }, { ip });
    expect(url.body.errors).toEqual([{ field: 'source_url', message: 'source url is invalid' }]);
    const code = await call('/ocpc/get_short_code', { long_code: 'a b', source_url: 'https://x.example', common: common() }, { ip });
    expect(code.body.errors).toEqual([{ field: 'long_code', message: 'long code is invalid' }]);
  });
});

describe('/ocpc/report_action', () => {
  it('records a download action', async () => {
    const long_code = `report-${crypto.randomUUID()}`;
    const { body } = await call('/ocpc/report_action', { long_code, action: 'download', common: common() }, { ip });
    expect(body).toEqual({ resp_common: { ret: 0, msg: 'success' } });
    const row = await db.prepare('SELECT action, client_key FROM ocpc_actions WHERE long_code = ?').bind(long_code).first();
    expect(row).toEqual({ action: 'download', client_key: ip });
  });

  it('refuses an unknown action', async () => {
    const { body } = await call('/ocpc/report_action', { long_code: 'abc', action: 'purchase', common: common() }, { ip });
    expect(body.errors).toEqual([{ field: 'action', message: 'action is invalid' }]);
  });
});
