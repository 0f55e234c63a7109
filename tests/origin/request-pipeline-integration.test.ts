import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../src/domain/api-errors';
import { API_PATHS, MAX_REQUEST_BYTES } from '../../src/domain/api-schemas';
import { BASE, call, codeOf, common, send } from './helpers';

const ip = '198.51.100.10';
const LIST = '/paypackagebase/list_group';

describe('authorization (4001006)', () => {
  it('refuses a request without X-Cf-Productid', async () => {
    const res = await send(
      new Request(BASE + LIST, { method: 'POST', headers: { 'CF-Connecting-IP': ip }, body: JSON.stringify({ currency: 'USD', common: common() }) }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ resp_common: { ret: 4001006, msg: API_ERRORS.FORBIDDEN.message } });
  });

  it("refuses an X-Cf-Productid other than '81'", async () => {
    const { body } = await call(LIST, { currency: 'USD', common: common() }, { ip, headers: { 'X-Cf-Productid': '82' } });
    expect(codeOf(body)).toBe(4001006);
  });

  it('refuses common.app_id other than 81, even as the string "81"', async () => {
    for (const app_id of [82, '81', null]) {
      const { body } = await call(LIST, { currency: 'USD', common: { app_id, lang: 'en-US' } }, { ip });
      expect(codeOf(body)).toBe(4001006);
    }
  });

  it('refuses a body without the common block', async () => {
    const { body } = await call(LIST, { currency: 'USD' }, { ip });
    expect(codeOf(body)).toBe(4001006);
  });

  it('answers in the result envelope on /mingtingvip/payv2/ paths', async () => {
    const { body } = await call('/mingtingvip/payv2/stripe/order/query', { order_id: 'MTSEEDPAID0000001', common: { app_id: 1 } }, { ip });
    expect(body).toEqual({ result: { status: 4001006, msg: API_ERRORS.FORBIDDEN.message } });
  });
});

describe('malformed requests (4001001)', () => {
  it('answers non-JSON with 4001001', async () => {
    const { status, body } = await call(LIST, '{"currency": "USD", ', { ip });
    expect(status).toBe(200);
    expect(codeOf(body)).toBe(4001001);
  });

  it('answers a JSON array, a string and an empty body with 4001001', async () => {
    for (const raw of ['[]', '"USD"', '', 'null']) {
      const { body } = await call(LIST, raw, { ip });
      expect(codeOf(body)).toBe(4001001);
    }
  });

  it('answers a body over 64 KiB with 4001001 without reading it all', async () => {
    const { body } = await call(LIST, { currency: 'USD', pad: 'x'.repeat(MAX_REQUEST_BYTES), common: common() }, { ip });
    expect(codeOf(body)).toBe(4001001);
  });

  it('answers invalid UTF-8 with 4001001', async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const res = await send(new Request(BASE + LIST, { method: 'POST', headers: { 'X-Cf-Productid': '81' }, body: bytes }));
    expect(codeOf(await res.json())).toBe(4001001);
  });

  it('names the failing fields for wrong types and missing fields', async () => {
    const { body } = await call('/pay/send_cdkey_order_mail', { email: 42, common: { app_id: 81 } }, { ip });
    expect(codeOf(body)).toBe(4001001);
    expect(body.resp_common.msg).toBe('email is invalid');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'email is invalid' },
        { field: 'common.lang', message: 'lang is required' },
      ]),
    );
  });

  it('rejects bad emails and oversized strings with field errors', async () => {
    const bad = await call('/privacy_control/add', { first_name: 'A', last_name: 'B', email: 'not-an-email', common: common() }, { ip });
    expect(bad.body.errors).toEqual([{ field: 'email', message: 'email is invalid' }]);
    const long = await call('/privacy_control/add', { first_name: 'A'.repeat(65), last_name: 'B', email: 'a@example.com', common: common() }, { ip });
    expect(long.body.errors).toEqual([{ field: 'first_name', message: 'First Name is too long' }]);
  });

  it('answers an unknown path with 404 and 4001001', async () => {
    const { status, body } = await call('/pay/not_a_call', { common: common() }, { ip });
    expect(status).toBe(404);
    expect(codeOf(body)).toBe(4001001);
  });

  it('answers another method on a call path with 405 and Allow: POST', async () => {
    const res = await send(new Request(BASE + LIST, { method: 'GET', headers: { 'X-Cf-Productid': '81' } }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(codeOf(await res.json())).toBe(4001001);
  });

  it('never answers 500 and always answers an envelope, whatever the body', async () => {
    const bodies = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json({ maxDepth: 3 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify({ ...(typeof v === 'object' && v && !Array.isArray(v) ? v : { v }), common: common() })),
      fc.record({ email: fc.string(), currency: fc.string(), order_id: fc.string(), common: fc.constant(common()) }).map((v) => JSON.stringify(v)),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...API_PATHS), bodies, async (path, raw) => {
        const { status, body } = await call(path, raw, { ip: '198.51.100.11' });
        expect(status).toBe(200);
        expect(typeof codeOf(body)).toBe('number');
      }),
      { numRuns: 120 },
    );
  });
});

describe('health', () => {
  it('answers ok with the environment', async () => {
    const res = await send(new Request(`${BASE}/health`));
    expect(await res.text()).toBe('ok: development');
  });
});
