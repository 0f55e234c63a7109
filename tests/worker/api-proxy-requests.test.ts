import { exports, env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import * as site from '../../src/index';
import type { AppEnv } from '../../src/env';
import { API_PATHS, MAX_REQUEST_BYTES } from '../../src/domain/api-schemas';
import { ORIGIN, message } from './helpers';

// What the proxy itself accepts and refuses at /api/*, through the Worker's real fetch (the
// reference origin behind the ORIGIN binding answers whatever gets through).

const app = ((site as { app?: Hono<AppEnv> }).app ?? site.default) as Hono<AppEnv>;

let ipCounter = 0;
/** A fresh visitor IP per request, so the form rate limiter never interferes. */
const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

function post(path: string, body: BodyInit | null, headers: Record<string, string> = {}): Promise<Response> {
  return exports.default.fetch(
    new Request(ORIGIN + path, { method: 'POST', body, headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp(), ...headers } }),
  );
}

function postJson(path: string, value: unknown, headers: Record<string, string> = {}) {
  return post(path, JSON.stringify(value), headers);
}

const notFoundEnvelope = { resp_common: { ret: 4001001, msg: message('en-US', 'ui.api.edge.notFound') } };

// The origin seeds its (per-file) D1 on its first request: do that outside any proxied call's deadline.
beforeAll(async () => {
  await env.ORIGIN!.fetch('https://origin.internal/health');
});

describe('the /api allowlist', () => {
  it.each(API_PATHS)('answers %s itself instead of the 404 envelope', async (path) => {
    const res = await postJson(`/api${path}`, {});
    expect(res.status).not.toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('forwards an allowed call to the reference origin and returns its answer', async () => {
    const res = await postJson('/api/feedback/captcha', {});
    expect(res.status).toBe(200);
    const body = (await res.json()) as { resp_common: { ret: number }; captcha_id: string; image: string };
    expect(body.resp_common.ret).toBe(0);
    expect(body.captcha_id).toMatch(/\S/);
    expect(body.image).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it.each([
    '/api/nope',
    '/api/pay',
    '/api/pay/send_cdkey_order_mail/extra',
    '/api/PAY/SEND_CDKEY_ORDER_MAIL',
    '/api//pay/send_cdkey_order_mail',
    '/api/pay/send_cdkey_order_mail.json',
    '/api/test-payments/refund',
    '/api/__admin/reset',
    '/api/__faults',
    '/api/collect',
    '/api/',
  ])('answers %s with 404 and the JSON envelope', async (path) => {
    const res = await postJson(path, { common: { app_id: 81 } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual(notFoundEnvelope);
  });

  it('answers an unknown path with the 404 envelope whatever the method', async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/nope`));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(notFoundEnvelope);
  });

  it('never lets a visitor reach the origin test controls, even outside production', async () => {
    const before = await env.ORIGIN!.fetch('https://origin.internal/__faults');
    await postJson('/api/__faults', { collect_down: true });
    const after = await env.ORIGIN!.fetch('https://origin.internal/__faults');
    expect(await after.json()).toEqual(await before.json());
  });

  it('forwards the test payment confirmation outside production', async () => {
    const res = await postJson('/api/test-payments/confirm', { order_id: 'MTNOSUCHORDER0001', client_secret: 'secret', card_number: '4242 4242 4242 4242' });
    expect(res.status).not.toBe(404);
    expect(((await res.json()) as { resp_common: { ret: number } }).resp_common.ret).toBe(4590004);
  });

  it('refuses the test payment confirmation in production', async () => {
    const res = await app.request(
      `${ORIGIN}/api/test-payments/confirm`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: 'MTNOSUCHORDER0001', client_secret: 's', card_number: '4242424242424242' }) },
      { ...env, ENVIRONMENT: 'production' },
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(notFoundEnvelope);
  });

  it('leaves other /api routes to their own sub-apps', async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/geo`));
    expect(res.status).not.toBe(404);
  });
});

describe('methods', () => {
  it.each(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('answers %s on a call path with 405, Allow: POST and the envelope', async (method) => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/pay/send_cdkey_order_mail`, { method }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toEqual({ resp_common: { ret: 4001001, msg: message('en-US', 'ui.api.edge.method') } });
  });

  it('answers HEAD with 405 and Allow: POST', async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/pay/send_cdkey_order_mail`, { method: 'HEAD' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('uses the result envelope on the /mingtingvip/payv2/ paths', async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/mingtingvip/payv2/stripe/order/query`));
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ result: { status: 4001001, msg: message('en-US', 'ui.api.edge.method') } });
  });
});

describe('content types', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json-patch+json', 'application/jsonp'])(
    'refuses %s with 415',
    async (type) => {
      const res = await post('/api/pay/send_cdkey_order_mail', '{"email":"paid@example.com"}', { 'content-type': type });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ resp_common: { ret: 4001001, msg: message('en-US', 'ui.api.edge.contentType') } });
    },
  );

  it('refuses a body without a content type with 415', async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/pay/send_cdkey_order_mail`, { method: 'POST', body: new Uint8Array([123, 125]) }));
    expect(res.status).toBe(415);
  });

  it.each(['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8'])('accepts %s', async (type) => {
    const res = await post('/api/feedback/captcha', '{}', { 'content-type': type });
    expect(res.status).toBe(200);
  });

  it('answers the 415 message in the locale the page sent', async () => {
    const res = await post('/api/pay/send_cdkey_order_mail', 'email=x', { 'content-type': 'text/plain', 'x-site-locale': 'ja-JP' });
    expect(((await res.json()) as { resp_common: { msg: string } }).resp_common.msg).toBe(message('ja-JP', 'ui.api.edge.contentType'));
  });
});

/** A JSON object of exactly `size` bytes, with a padding field the schemas ignore. */
function jsonOfSize(size: number): string {
  const head = '{"email":"paid@example.com","padding":"';
  const tail = '"}';
  return head + 'x'.repeat(size - head.length - tail.length) + tail;
}

/** A body streamed in chunks, without Content-Length (Transfer-Encoding: chunked). */
function chunkedBody(text: string, chunkSize = 8192): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

describe('body caps', () => {
  const tooLarge = { resp_common: { ret: 4001001, msg: message('en-US', 'ui.api.edge.tooLarge') } };

  it('accepts a body of exactly 64 KB', async () => {
    const res = await post('/api/pay/send_cdkey_order_mail', jsonOfSize(MAX_REQUEST_BYTES));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { resp_common: { ret: number } }).resp_common.ret).toBe(0);
  });

  it('refuses a body one byte over 64 KB with 413', async () => {
    const res = await post('/api/pay/send_cdkey_order_mail', jsonOfSize(MAX_REQUEST_BYTES + 1));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
  });

  it('refuses a declared Content-Length over 64 KB without reading the body', async () => {
    const res = await post('/api/pay/send_cdkey_order_mail', jsonOfSize(200_000));
    expect(res.status).toBe(413);
  });

  it('refuses a chunked body without Content-Length once it passes 64 KB', async () => {
    const request = new Request(`${ORIGIN}/api/pay/send_cdkey_order_mail`, {
      method: 'POST',
      body: chunkedBody(jsonOfSize(MAX_REQUEST_BYTES + 10_000)),
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp() },
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    const res = await exports.default.fetch(request);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
  });

  it('accepts a chunked body without Content-Length under 64 KB', async () => {
    const request = new Request(`${ORIGIN}/api/pay/send_cdkey_order_mail`, {
      method: 'POST',
      body: chunkedBody(jsonOfSize(40_000)),
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp() },
      duplex: 'half',
    } as RequestInit);
    const res = await exports.default.fetch(request);
    expect(res.status).toBe(200);
  });
});

describe('bodies and fields', () => {
  const badJson = { resp_common: { ret: 4001001, msg: message('en-US', 'ui.api.edge.badJson') } };

  it.each([
    ['broken JSON', '{"email":'],
    ['an array', '[{"email":"paid@example.com"}]'],
    ['a string', '"paid@example.com"'],
    ['null', 'null'],
    ['an empty body', ''],
  ])('refuses %s with 400', async (_name, body) => {
    const res = await post('/api/pay/send_cdkey_order_mail', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badJson);
  });

  it('refuses a body that is not UTF-8 with 400', async () => {
    const res = await post('/api/pay/send_cdkey_order_mail', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badJson);
  });

  it('answers a field error with 400, the message in the page locale and the field list', async () => {
    const res = await postJson('/api/pay/send_cdkey_order_mail', { email: 'not-an-email' }, { 'x-site-locale': 'fr-FR' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      resp_common: { ret: 4001001, msg: message('fr-FR', 'ui.forms.errors.emailInvalid') },
      errors: [{ field: 'email', message: 'email is invalid' }],
    });
  });

  it("answers the do-not-sell form's missing names with the contract messages", async () => {
    const res = await postJson('/api/privacy_control/add', { email: 'someone@example.com' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { resp_common: { msg: string }; errors: { field: string; message: string }[] };
    expect(body.resp_common.msg).toBe('First Name is required');
    expect(body.errors).toEqual([
      { field: 'first_name', message: 'First Name is required' },
      { field: 'last_name', message: 'Last Name is required' },
    ]);
  });

  it('never reflects markup from the request', async () => {
    const res = await postJson('/api/pay/send_cdkey_order_mail', { email: '<script>alert(1)</script>' });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain('<script>');
  });

  it('falls back to English for an unknown or injected locale header', async () => {
    for (const locale of ['sv-SE', 'fr-fr', 'fr-FR, ja-JP', 'x'.repeat(4096)]) {
      const res = await postJson('/api/pay/send_cdkey_order_mail', { email: 'nope' }, { 'x-site-locale': locale });
      expect(((await res.json()) as { resp_common: { msg: string } }).resp_common.msg).toBe(message('en-US', 'ui.forms.errors.emailInvalid'));
    }
  });

  it('refuses a cross-site request with 403', async () => {
    const res = await postJson('/api/pay/send_cdkey_order_mail', { email: 'paid@example.com' }, { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ resp_common: { ret: 4001006, msg: message('en-US', 'ui.api.edge.crossSite') } });
  });

  it('accepts a same-origin request that says so', async () => {
    const res = await postJson('/api/feedback/captcha', {}, { 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
  });
});
