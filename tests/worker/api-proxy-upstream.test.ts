import { env } from 'cloudflare:workers';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Hono } from 'hono';
import * as site from '../../src/index';
import type { AppEnv } from '../../src/env';
import { EDGE_ERRORS, parseHostKey } from '../../src/domain/api-handlers';
import { ORIGIN } from './helpers';

// What the upstream actually receives, and which upstream. The reference origin cannot report the
// headers it got, so these tests call the site's app directly with its real env, where the
// UPSTREAM_* variables point at recording service bindings ("service:NAME" is how the
// configuration names a binding). Each recorder forwards to the real reference origin, so the
// call still succeeds end to end. Only the URL-target test intercepts the global fetch, because
// that is the only way a URL upstream is reached.

const app = ((site as { app?: Hono<AppEnv> }).app ?? site.default) as Hono<AppEnv>;

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** A service binding that records each request and forwards it to the reference origin. */
function recorder() {
  const seen: Seen[] = [];
  const binding = {
    async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const request = new Request(input, init);
      seen.push({ url: request.url, method: request.method, headers: Object.fromEntries(request.headers), body: await request.clone().text() });
      return env.ORIGIN!.fetch(request);
    },
  };
  return { seen, binding: binding as unknown as Fetcher };
}

function upstreams() {
  const release = recorder();
  const sv = recorder();
  const jb = recorder();
  const overrides = {
    UPSTREAM_RELEASE: 'service:RELEASE_SPY',
    UPSTREAM_SV: 'service:SV_SPY',
    UPSTREAM_JB: 'service:JB_SPY',
    RELEASE_SPY: release.binding,
    SV_SPY: sv.binding,
    JB_SPY: jb.binding,
  };
  return { release, sv, jb, overrides };
}

let ipCounter = 0;
const freshIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

function callApp(path: string, init: RequestInit & { cf?: Record<string, unknown> }, overrides: Record<string, unknown>) {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', freshIp());
  return app.request(new Request(ORIGIN + path, { method: 'POST', ...init, headers }), undefined, { ...env, ...overrides } as unknown as Env);
}

afterEach(() => {
  vi.restoreAllMocks();
});

// The origin seeds its (per-file) D1 on its first request: do that outside any proxied call's deadline.
beforeAll(async () => {
  await env.ORIGIN!.fetch('https://origin.internal/health');
});

describe('what the upstream receives', () => {
  it('gets X-Cf-Productid 81, JSON, the visitor IP and country, and no other header', async () => {
    const { release, overrides } = upstreams();
    const res = await callApp(
      '/api/pay/send_cdkey_order_mail',
      {
        body: JSON.stringify({ email: 'paid@example.com' }),
        headers: {
          'cf-connecting-ip': '192.0.2.44',
          cookie: 'locale=fr-FR; session=visitor-secret',
          authorization: 'Bearer visitor-token',
          'user-agent': 'Mozilla/5.0 (visitor)',
          referer: 'https://www.example.com/license-code',
          origin: 'https://www.example.com',
          'x-forwarded-for': '10.0.0.1',
          'x-site-locale': 'en-US',
          'x-upstream-host': 'release',
        },
        cf: { country: 'JP' },
      },
      overrides,
    );
    expect(res.status).toBe(200);
    expect(release.seen).toHaveLength(1);
    const [seen] = release.seen;
    expect(seen!.method).toBe('POST');
    expect(new URL(seen!.url).pathname).toBe('/pay/send_cdkey_order_mail');
    expect(seen!.headers).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
      'x-cf-productid': '81',
      'cf-connecting-ip': '192.0.2.44',
      'cf-ipcountry': 'JP',
    });
  });

  it("sets common.app_id to 81 and common.lang to the page's locale, whatever the browser sent", async () => {
    const { release, overrides } = upstreams();
    const res = await callApp(
      '/api/pay/send_cdkey_order_mail',
      { body: JSON.stringify({ email: ' Paid@Example.com ', common: { app_id: 99, lang: 'xx' } }), headers: { 'x-site-locale': 'ja-JP' } },
      overrides,
    );
    expect(((await res.json()) as { resp_common: { ret: number } }).resp_common.ret).toBe(0);
    expect(JSON.parse(release.seen[0]!.body)).toEqual({ email: 'paid@example.com', common: { app_id: 81, lang: 'ja-JP' } });
  });

  it('sends the default locale as common.lang when the page sent none', async () => {
    const { release, overrides } = upstreams();
    await callApp('/api/paypackagebase/list_group', { body: JSON.stringify({ currency: 'usd' }) }, overrides);
    expect(JSON.parse(release.seen[0]!.body)).toEqual({ currency: 'USD', code_table: 'A', common: { app_id: 81, lang: 'en-US' } });
  });

  it('forwards only the fields of the call, not whatever else the browser added', async () => {
    const { release, overrides } = upstreams();
    await callApp('/api/privacy_control/add', { body: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', email: `extra-${crypto.randomUUID()}@example.com`, is_admin: true, __proto__x: 1 }) }, overrides);
    const forwarded = JSON.parse(release.seen[0]!.body) as Record<string, unknown>;
    expect(Object.keys(forwarded).sort()).toEqual(['common', 'email', 'first_name', 'last_name']);
  });

  it('leaves out an IP or a country that is not one', async () => {
    const { release, overrides } = upstreams();
    await callApp('/api/feedback/captcha', { body: '{}', headers: { 'cf-connecting-ip': 'not an ip; drop table' }, cf: { country: 'Japan' } }, overrides);
    expect(release.seen[0]!.headers['cf-connecting-ip']).toBeUndefined();
    expect(release.seen[0]!.headers['cf-ipcountry']).toBeUndefined();
  });

  it('sends no signature when no signing secret is configured', async () => {
    const { release, overrides } = upstreams();
    await callApp('/api/feedback/captcha', { body: '{}' }, overrides);
    expect(release.seen[0]!.headers['x-signature']).toBeUndefined();
    expect(release.seen[0]!.headers['x-timestamp']).toBeUndefined();
  });

  it('signs timestamp, path and body with HMAC-SHA256 when a secret is configured, and never shows it to the browser', async () => {
    const { release, overrides } = upstreams();
    const secret = 'edge-signing-secret-0123456789';
    const res = await callApp('/api/pay/send_cdkey_order_mail', { body: JSON.stringify({ email: 'paid@example.com' }) }, { ...overrides, UPSTREAM_SIGNING_SECRET: secret });
    const seen = release.seen[0]!;
    const timestamp = seen.headers['x-timestamp']!;
    expect(timestamp).toMatch(/^\d{10}$/);
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}\n/pay/send_cdkey_order_mail\n${seen.body}`));
    const expected = [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
    expect(seen.headers['x-signature']).toBe(expected);

    const answer = await res.text();
    expect(answer).not.toContain(secret);
    expect(answer).not.toContain(expected);
    expect(res.headers.get('x-signature')).toBeNull();
    expect([...res.headers.values()].join('\n')).not.toContain(secret);
  });
});

describe('which upstream', () => {
  it.each([
    ['sv', 'sv'],
    ['jb', 'jb'],
  ] as const)('sends host key %s to its configured upstream', async (key, expected) => {
    const spies = upstreams();
    const res = await callApp('/api/feedback/captcha', { body: '{}', headers: { 'x-upstream-host': key } }, spies.overrides);
    expect(res.status).toBe(200);
    expect(spies[expected].seen).toHaveLength(1);
    expect(spies.release.seen).toHaveLength(0);
  });

  it('sends a request without a host key to the release upstream', async () => {
    const spies = upstreams();
    await callApp('/api/feedback/captcha', { body: '{}' }, spies.overrides);
    expect(spies.release.seen).toHaveLength(1);
    expect(spies.sv.seen).toHaveLength(0);
    expect(spies.jb.seen).toHaveLength(0);
  });

  it.each([
    'release',
    'SV',
    'Jb',
    'sv,jb',
    'sv jb',
    'svx',
    'https://evil.example',
    'http://127.0.0.1:8788',
    '//evil.example',
    'service:ORIGIN',
    'UPSTREAM_SV',
    'sv%0d%0aX-Injected:%201',
    'sv\tX-Injected: 1',
    's'.repeat(8192),
  ])('sends the unknown host key %j to the release upstream and nowhere else', async (key) => {
    const spies = upstreams();
    const outbound = vi.spyOn(globalThis, 'fetch');
    const res = await callApp('/api/feedback/captcha', { body: '{}', headers: { 'x-upstream-host': key } }, spies.overrides);
    expect(res.status).toBe(200);
    expect(spies.release.seen).toHaveLength(1);
    expect(spies.sv.seen).toHaveLength(0);
    expect(spies.jb.seen).toHaveLength(0);
    expect(outbound).not.toHaveBeenCalled();
    expect(spies.release.seen[0]!.headers['x-injected']).toBeUndefined();
  });

  it('reads a host key with CR or LF as no key (the platform refuses to even send one)', () => {
    expect(parseHostKey('sv\r\nX-Injected: 1')).toBeNull();
    expect(parseHostKey('sv\n')).toBeNull();
    expect(() => new Headers({ 'x-upstream-host': 'sv\r\nX-Injected: 1' })).toThrow();
  });

  it('reaches a URL upstream at its base URL plus the call path, without following redirects', async () => {
    const outbound = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ resp_common: { ret: 0, msg: 'success' }, captcha_id: 'c1' }));
    const res = await callApp('/api/feedback/captcha', { body: '{}', headers: { 'x-upstream-host': 'sv' } }, { UPSTREAM_SV: 'https://sv-api.example.test/v2/' });
    expect(res.status).toBe(200);
    expect(outbound).toHaveBeenCalledTimes(1);
    const request = outbound.mock.calls[0]![0] as Request;
    expect(request.url).toBe('https://sv-api.example.test/v2/feedback/captcha');
    expect(request.method).toBe('POST');
    expect(request.redirect).toBe('manual');
    expect(request.headers.get('x-cf-productid')).toBe('81');
  });

  it.each(['service:MISSING', 'service:lowercase', 'ftp://files.example.test', 'not a url', ''])(
    'answers 502 when the configured target %j cannot be used',
    async (target) => {
      const res = await callApp('/api/feedback/captcha', { body: '{}' }, { UPSTREAM_RELEASE: target });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ resp_common: { ret: EDGE_ERRORS.UPSTREAM_UNREACHABLE.code, msg: EDGE_ERRORS.UPSTREAM_UNREACHABLE.message } });
    },
  );
});
