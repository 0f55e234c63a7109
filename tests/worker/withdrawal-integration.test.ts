import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import * as site from '../../src/index';
import type { AppEnv } from '../../src/env';
import { EDGE_ERRORS } from '../../src/domain/api-handlers';
import { LOCALES, localizePath } from '../../src/domain/locales';
import { ORIGIN, UA, attributeValues, decodeHtml, get, message } from './helpers';

// The withdrawal function end to end through the Worker: the proxied call (valid, refused,
// unknown order, the upstream failing or timing out, the edge rate limit), what the reference
// origin recorded and mailed, and the page itself in every locale, with and without JavaScript.

const PATH = '/pay/withdrawal_request';
const app = ((site as { app?: Hono<AppEnv> }).app ?? site.default) as Hono<AppEnv>;

let ipCounter = 0;
const freshIp = () => `100.65.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

async function call<T = Record<string, unknown>>(path: string, body: unknown, { locale = 'en-US', ip = freshIp() } = {}) {
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/api${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'x-site-locale': locale, 'cf-connecting-ip': ip },
    }),
  );
  return { res, body: (await res.json()) as T & { resp_common: { ret: number; msg: string }; errors?: { field: string; message: string }[] } };
}

/** A new order paid with the test card through the site's proxy, as a buyer's browser does it. */
async function paidOrder(): Promise<{ order_id: string; email: string }> {
  const email = `withdraw-${crypto.randomUUID()}@example.com`;
  const { body: order } = await call<{ order_id: string; client_secret: string }>('/payv2/stripe/elements/create_cdkey_order', { product_id: 81902, currency: 'EUR', email });
  expect(order.resp_common.ret).toBe(0);
  const { body: paid } = await call('/test-payments/confirm', { order_id: order.order_id, client_secret: order.client_secret, card_number: '4242 4242 4242 4242' });
  expect(paid.resp_common.ret).toBe(0);
  return { order_id: order.order_id, email };
}

async function outbox(email: string): Promise<{ kind: string; lang: string; subject: string; body: string }[]> {
  const res = await env.ORIGIN!.fetch(`https://origin.internal/__test/outbox?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { mails: { kind: string; lang: string; subject: string; body: string }[] }).mails;
}

/** The site's app with the upstream binding replaced by `fake`. */
function callWithUpstream(fake: (request: Request) => Promise<Response>, timeoutMs = '8000') {
  const overrides = { ORIGIN: { fetch: fake } as unknown as Fetcher, UPSTREAM_RELEASE: 'service:ORIGIN', UPSTREAM_TIMEOUT_MS: timeoutMs };
  return app.request(
    new Request(`${ORIGIN}/api${PATH}`, {
      method: 'POST',
      body: JSON.stringify({ email: 'paid@example.com', order_id: 'MTSEEDPAID0000001' }),
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp(), 'x-site-locale': 'de-DE' },
    }),
    undefined,
    { ...env, ...overrides } as unknown as Env,
  );
}

// The origin seeds its D1 on its first request: do that outside any proxied call's deadline.
beforeAll(async () => {
  await env.ORIGIN!.fetch('https://origin.internal/health');
});

describe('POST /api/pay/withdrawal_request', () => {
  it('records the withdrawal of a paid order and mails the acknowledgement in the page language', async () => {
    const { order_id, email } = await paidOrder();
    const { res, body } = await call<{ order_id: string; request_id: string; received_at: number; already_received: boolean; pay_status: string }>(
      PATH,
      { email, order_id, reason: 'Ne trouve pas mes photos' },
      { locale: 'fr-FR' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ resp_common: { ret: 0, msg: 'success' }, order_id, already_received: false, pay_status: 'paid' });
    expect(Math.abs(body.received_at - Date.now() / 1000)).toBeLessThan(60);
    const mails = (await outbox(email)).filter((mail) => mail.kind === 'withdrawal_received');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.lang).toBe('fr-FR');
    expect(mails[0]!.body).toContain(order_id);
    expect(mails[0]!.body).toContain(body.request_id);
  });

  it('answers a repeat with the first request, and mails nothing more', async () => {
    const { order_id, email } = await paidOrder();
    const first = (await call<{ request_id: string; received_at: number }>(PATH, { email, order_id })).body;
    const again = (await call<{ request_id: string; received_at: number; already_received: boolean }>(PATH, { email, order_id })).body;
    expect(again).toMatchObject({ request_id: first.request_id, received_at: first.received_at, already_received: true });
    expect((await outbox(email)).filter((mail) => mail.kind === 'withdrawal_received')).toHaveLength(1);
  });

  it('refuses bad fields before the upstream, with the messages of the page language', async () => {
    const { res, body } = await call(PATH, { email: 'not-an-email', order_id: 'x', reason: 'r'.repeat(1001) }, { locale: 'de-DE' });
    expect(res.status).toBe(400);
    expect(body.resp_common.ret).toBe(4001001);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'email is invalid' },
        { field: 'order_id', message: 'order id is invalid' },
        { field: 'reason', message: 'reason is too long' },
      ]),
    );
    expect(body.resp_common.msg).toBe(message('de-DE', 'ui.forms.errors.emailInvalid'));
    const missing = await call(PATH, { email: 'paid@example.com' }, { locale: 'ja-JP' });
    expect(missing.body.resp_common.msg).toBe(message('ja-JP', 'ui.forms.errors.orderIdRequired'));
  });

  it('answers an unknown order, or another buyer’s, with 4590004 and records nothing', async () => {
    const unknown = await call(PATH, { email: 'paid@example.com', order_id: 'MTNOSUCHORDER0001' });
    expect(unknown.res.status).toBe(200);
    expect(unknown.body.resp_common).toEqual({ ret: 4590004, msg: 'Order not found' });
    const stranger = `stranger-${crypto.randomUUID()}@example.com`;
    const someoneElses = await call(PATH, { email: stranger, order_id: 'MTSEEDPAID0000001' });
    expect(someoneElses.body.resp_common.ret).toBe(4590004);
    expect(await outbox(stranger)).toEqual([]);
  });

  it('answers 502 with the upstream-failed envelope when the upstream fails', async () => {
    const res = await callWithUpstream(async () => new Response('<h1>500</h1>', { status: 500, headers: { 'content-type': 'text/html' } }));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ resp_common: { ret: EDGE_ERRORS.UPSTREAM_FAILED.code, msg: EDGE_ERRORS.UPSTREAM_FAILED.message } });
  });

  it('answers 502 when the upstream cannot be reached, and 504 when it does not answer in time', async () => {
    const unreachable = await callWithUpstream(() => Promise.reject(new TypeError('Network connection lost.')));
    expect(unreachable.status).toBe(502);
    expect(((await unreachable.json()) as { resp_common: { ret: number } }).resp_common.ret).toBe(EDGE_ERRORS.UPSTREAM_UNREACHABLE.code);
    const started = Date.now();
    const timeout = await callWithUpstream(() => new Promise<Response>(() => {}), '50');
    expect(timeout.status).toBe(504);
    expect(await timeout.json()).toEqual({ resp_common: { ret: EDGE_ERRORS.UPSTREAM_TIMEOUT.code, msg: EDGE_ERRORS.UPSTREAM_TIMEOUT.message } });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('is a form submit: limited per visitor like the others (429 and the localized 6919992)', async () => {
    const ip = freshIp();
    let refused: Awaited<ReturnType<typeof call>> | null = null;
    let accepted = 0;
    // FORM_RATE_LIMITER allows 10 a minute in clock-aligned windows: the first refusal comes after 10 to 20.
    for (let i = 0; i < 21 && !refused; i++) {
      const answer = await call(PATH, { email: 'paid@example.com', order_id: 'MTNOSUCHORDER0001' }, { ip, locale: 'ko-KR' });
      if (answer.res.status === 429) refused = answer;
      else accepted++;
    }
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(refused?.res.headers.get('retry-after')).toBe('60');
    expect(refused?.body).toEqual({ resp_common: { ret: 6919992, msg: message('ko-KR', 'ui.api.6919992') } });
  });
});

/** The island props the server serialized for `name`. */
function islandProps(html: string, name: string): Record<string, unknown> {
  const marker = new RegExp(`data-island="${name}" data-props="([^"]*)"`).exec(html);
  if (!marker) throw new Error(`no ${name} island`);
  return JSON.parse(decodeHtml(marker[1]!)) as Record<string, unknown>;
}

const mainOf = (html: string) => decodeHtml(/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '');
const footerOf = (html: string) => /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';

describe('the withdrawal page', () => {
  it.each([
    ['/withdraw', UA.desktop],
    ['/de-DE/withdraw', UA.desktop],
    ['/ja-JP/mobile/withdraw', UA.iphone],
  ])('%s renders a labelled POST form to itself, its submit disabled until hydrated', async (path, ua) => {
    const res = await get(path, { ua });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(islandProps(html, 'WithdrawForm')['action']).toBe(path);
    const form = /<form[^>]*id="withdraw-form"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="${path}"`);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    for (const id of [...attributeValues(html, 'input', 'id'), ...attributeValues(html, 'textarea', 'id')]) expect(html).toContain(`for="${id}"`);
    // Hints are tied to their fields.
    expect(html).toMatch(/id="withdraw-order-id"[^>]*aria-describedby="withdraw-order-id-hint"|aria-describedby="withdraw-order-id-hint"[^>]*id="withdraw-order-id"/);
  });

  it.each([...LOCALES])('is served in %s with its own heading, the form and the guarantee', async (locale) => {
    const main = mainOf(await (await get(localizePath(locale, '/withdraw'))).text());
    expect(main).toContain(message(locale, 'pages.withdraw.heading'));
    expect(main).toContain(message(locale, 'withdraw.orderId.label'));
    expect(main).toContain(message(locale, 'withdraw.continue'));
    expect(main).toContain(message(locale, 'pages.withdraw.help.items.1'));
  });

  it('sends phones to the mobile variant and keeps the order number a link carries out of the cache key', async () => {
    const phone = await get('/withdraw?order_id=MTSEEDPAID0000001', { ua: UA.iphone });
    expect(phone.status).toBe(302);
    expect(phone.headers.get('location')).toBe('/mobile/withdraw?order_id=MTSEEDPAID0000001');
    await get('/fr-FR/withdraw');
    const withOrder = await get('/fr-FR/withdraw?order_id=MTANYORDER0000001');
    expect(withOrder.headers.get('x-page-cache')).toBe('hit');
    expect(await withOrder.text()).not.toContain('MTANYORDER0000001');
  });

  it('without JavaScript, names the seller’s email as another way to withdraw', async () => {
    const html = await (await get('/it-IT/withdraw')).text();
    expect(decodeHtml(/<noscript>([\s\S]*?)<\/noscript>/.exec(mainOf(html))?.[1] ?? '')).toContain(message('it-IT', 'pages.withdraw.noscriptEmail', { email: 'seller@example.com' }));
  });

  it.each(['/withdraw', '/es-ES/mobile/withdraw'])('answers a POST to %s (a submit without JavaScript) with 303 back to the form', async (path) => {
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}${path}?from=ad`, { method: 'POST', body: 'email=paid%40example.com&order_id=MTSEEDPAID0000001', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${path}?from=ad#withdraw-form`);
  });

  it.each([...LOCALES])('the footer of every %s page links it, the accessibility statement and the Japanese disclosure', async (locale) => {
    for (const path of ['/', '/buy', '/feedback', '/mobile']) {
      const res = await get(localizePath(locale, path), { ua: path === '/mobile' ? UA.iphone : UA.desktop });
      const footer = footerOf(await res.text());
      const links = new Map(
        [...footer.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href = '', label = '']) => [decodeHtml(label), decodeHtml(href)] as const),
      );
      const mobile = path === '/mobile';
      expect(links.get(message(locale, 'layout.footer.withdraw')), `${locale} ${path}`).toBe(localizePath(locale, mobile ? '/mobile/withdraw' : '/withdraw'));
      expect(links.get(message(locale, 'layout.footer.accessibility'))).toBe(localizePath(locale, '/accessibility'));
      expect(links.get(message(locale, 'layout.footer.tokushoho'))).toBe(localizePath(locale, '/tokushoho'));
    }
  });
});
