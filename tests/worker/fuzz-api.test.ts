import { env, exports } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { app } from '../../src/index';
import { API_PATHS, APP_ID, PRODUCT_ID, PRODUCT_ID_HEADER, TEST_PAYMENT_CONFIRM_PATH, readEnvelope } from '../../src/domain/api-schemas';
import { ORIGIN } from './helpers';
import { FUZZ_TEST_TIMEOUT_MS, HOSTILE, answerProblems, freshIp, fuzzParams, headersArb } from './fuzz-shared';

// Property-based fuzzing of the /api proxy. How outbound requests are observed:
//   - with the real reference origin (the local "service:ORIGIN" upstream), the ORIGIN binding's
//     fetch is wrapped by a spy that records each request and passes it on unchanged (the Worker
//     under test runs in this isolate, so it calls the wrapped binding); globalThis.fetch is
//     wrapped the same way to catch any request that bypasses the binding;
//   - with URL upstreams (UPSTREAM_RELEASE/SV/JB set to https URLs, as in production), the app is
//     run with that env and globalThis.fetch is intercepted — only to observe where requests go
//     and answer them with a success envelope; nothing leaves the test.
// The properties: nothing outside the allowlist is ever forwarded; an allowed call is forwarded
// at most once, to its own path, as a POST with X-Cf-Productid: 81, common.app_id = 81 and none
// of the visitor's cookies or user agent; no answer is a 5xx.

const ALLOWED = new Set<string>([...API_PATHS, TEST_PAYMENT_CONFIRM_PATH]);

interface Outbound {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

/** Wraps ORIGIN.fetch and globalThis.fetch so every outbound request is recorded, then sent on. */
function observeOutbound() {
  const viaBinding: Outbound[] = [];
  const viaFetch: Outbound[] = [];
  const origin = env.ORIGIN!;
  const originFetch = origin.fetch.bind(origin);
  const globalFetch = globalThis.fetch.bind(globalThis);
  const record = async (into: Outbound[], input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input as RequestInfo, init);
    into.push({ url: request.url, method: request.method, headers: request.headers, body: await request.clone().text() });
    return request;
  };
  vi.spyOn(origin, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => originFetch(await record(viaBinding, input, init)));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => globalFetch(await record(viaFetch, input, init)));
  return { viaBinding, viaFetch, clear: () => { viaBinding.length = 0; viaFetch.length = 0; } };
}

// Each property runs a few hundred requests: give it time on a busy 2-core machine (they take
// a few seconds; the bound is the run count, not the clock).
vi.setConfig({ testTimeout: FUZZ_TEST_TIMEOUT_MS });

beforeAll(async () => {
  await env.ORIGIN!.fetch('https://origin.internal/health');
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * What the proxy routes on: the URL path after /api, decoded the way the router decodes it, with
 * one trailing slash dropped (the app is not strict: '/api/pay/x/' is '/api/pay/x').
 */
function callPathOf(url: string): string {
  let pathname = new URL(url).pathname.slice('/api'.length);
  try {
    pathname = decodeURI(pathname);
  } catch {
    /* left as it is */
  }
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

const junkSegment = fc.oneof(
  fc.webSegment(),
  fc.constantFrom(...HOSTILE).map(encodeURIComponent),
  fc.constantFrom('pay', 'PAY', 'feedback', 'captcha', '..', '.', '%2e%2e', '%2F', '', 'test-payments', 'refund', '__admin', 'reset', '__faults', '__test', 'collect', 'count', 'health', 'json'),
);
/** Paths under /api that look like calls but are not on the allowlist (and a few that are, spelled oddly). */
const apiPathArb = fc.oneof(
  fc.array(junkSegment, { minLength: 0, maxLength: 4 }).map((segments) => `/api/${segments.join('/')}`),
  fc.tuple(fc.constantFrom(...ALLOWED), fc.constantFrom('/', '/x', '.json', '%00', '/..', '%2F..', '?', '#')).map(([path, suffix]) => `/api${path}${suffix}`),
  fc.constantFrom(...ALLOWED).map((path) => `/api${path.toUpperCase()}`),
  fc.constantFrom(...ALLOWED).map((path) => `/api/${path}`),
  fc.constantFrom('/api/__faults', '/api/__admin/reset', '/api/test-payments/refund', '/api/collect', '/api/collect/count', '/api/__test/outbox', '/api/health', '/api'),
);

const value = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('paid@example.com', 'newbie@example.com', 'USD', 'JPY', 'EUR', 'A', 'B', 'MTSEEDPAID0000001', '81901', 'download', 'https://evil.example/x', '4242 4242 4242 4242'),
);
const fieldName = fc.constantFrom('email', 'currency', 'code_table', 'product_id', 'product_ids', 'order_id', 'client_secret', 'card_number', 'captcha', 'captcha_id', 'first_name', 'last_name', 'country', 'region', 'remark', 'activity_id', 'device_id', 'long_code', 'source_url', 'action', 'data', '__proto__', 'constructor');
const commonArb = fc.oneof(fc.constant(undefined), fc.record({ app_id: fc.oneof(fc.constant(APP_ID), value), lang: value }, { requiredKeys: [] }), value);
/** Bodies shaped like the calls' payloads, with hostile and wrong-typed values, plus raw junk. */
const bodyArb = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.dictionary(fieldName, fc.oneof(value, fc.dictionary(fieldName, value, { maxKeys: 4 })), { maxKeys: 6 }), commonArb).map(([fields, common]) => JSON.stringify(common === undefined ? fields : { ...fields, common })) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 100 }) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(70 * 1024)) },
);
/** A valid payload of each call (the proxy adds common), to be mutated: so the properties also see forwarded calls. */
const VALID: Record<string, Record<string, unknown>> = {
  '/ocpc/report_action': { long_code: 'fuzz-long-code-1', action: 'download' },
  '/ocpc/get_short_code': { source_url: 'http://127.0.0.1/?bd_vid=fuzz', long_code: 'fuzz-long-code-2' },
  '/pay/send_cdkey_order_mail': { email: 'paid@example.com' },
  '/feedback/add': { captcha_id: 'fuzz', captcha: 'ABCDE', data: { ticket_type: 'recovery', problem_type: 'memory_card', first_name: 'A', last_name: 'B', name: 'A B', email: 'a@example.com', subject: 'S' } },
  '/feedback/captcha': {},
  '/paypackagebase/list_group': { currency: 'USD' },
  '/activity/receive': { activity_id: 1, email: 'newbie@example.com' },
  '/payv2/stripe/elements/create_cdkey_order': { product_id: 81901, currency: 'USD', email: 'buyer@example.com' },
  '/mingtingvip/payv2/paypal/create_cdkey_order': { product_id: 81902, currency: 'EUR', email: 'buyer@example.com' },
  '/pay/click_payment_report': { order_id: 'MTSEEDPAID0000001' },
  '/mingtingvip/payv2/stripe/order/query': { order_id: 'MTSEEDPAID0000001' },
  '/mingtingvip/payv2/paypal/order/query': { order_id: 'MTSEEDPAID0000002' },
  '/pay/get_cd_key': { order_id: 'MTSEEDPAID0000001', email: 'paid@example.com' },
  '/privacy_control/add': { first_name: 'A', last_name: 'B', email: 'optout@example.com' },
  '/pay/withdrawal_request': { email: 'paid@example.com', order_id: 'MTNOSUCHORDER0001', reason: 'fuzz' },
  [TEST_PAYMENT_CONFIRM_PATH]: { order_id: 'MTNOSUCHORDER0001', client_secret: 'secret', card_number: '4242 4242 4242 4242' },
};

/** A call and a body for it: its valid payload, maybe with one field replaced, or any junk body. */
const callArb = fc.constantFrom(...ALLOWED).chain((path) =>
  fc.tuple(
    fc.constant(path),
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(JSON.stringify(VALID[path])) },
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...Object.keys(VALID[path]!), 'common', 'extra'), value).map(([key, v]) => JSON.stringify({ ...VALID[path], [key]: v })) },
      { weight: 2, arbitrary: bodyArb },
    ),
  ),
);

const contentTypeArb = fc.constantFrom('application/json', 'application/json; charset=UTF-8', 'APPLICATION/JSON', 'text/plain', 'application/x-www-form-urlencoded', '');

function postApi(path: string, body: string, headers: Record<string, string>, contentType: string): Promise<Response> {
  return exports.default.fetch(
    new Request(ORIGIN + path, { method: 'POST', body, redirect: 'manual', headers: { ...headers, 'cf-connecting-ip': freshIp(), ...(contentType ? { 'content-type': contentType } : {}) } }),
  );
}

/** What is wrong with one forwarded request for the call `path` (behind the host's own path `prefix`). */
function outboundProblems(call: Outbound, path: string, visitorHeaders: Record<string, string>, prefix = ''): string[] {
  const problems: string[] = [];
  const url = new URL(call.url);
  if (url.pathname !== prefix + path) problems.push(`forwarded to ${url.pathname} instead of ${prefix + path}`);
  if (url.search) problems.push(`forwarded with a query ${url.search}`);
  if (call.method !== 'POST') problems.push(`forwarded as ${call.method}`);
  if (call.headers.get(PRODUCT_ID_HEADER) !== PRODUCT_ID) problems.push(`X-Cf-Productid ${call.headers.get(PRODUCT_ID_HEADER)}`);
  if (call.headers.has('cookie')) problems.push('the visitor cookie was forwarded');
  if (visitorHeaders['user-agent'] && call.headers.get('user-agent') === visitorHeaders['user-agent']) problems.push('the visitor user agent was forwarded');
  if (call.headers.has('referer')) problems.push('the visitor referer was forwarded');
  if (path !== TEST_PAYMENT_CONFIRM_PATH) {
    let appId: unknown = 'no body';
    try {
      appId = (JSON.parse(call.body) as { common?: { app_id?: unknown } } | null)?.common?.app_id;
    } catch {
      problems.push('the forwarded body is not JSON');
    }
    if (appId !== APP_ID) problems.push(`common.app_id ${JSON.stringify(appId)}`);
  }
  return problems;
}

describe('a path under /api that is not on the allowlist', () => {
  it('is answered 404 with the JSON envelope and never reaches the upstream, whatever the method and body', async () => {
    const outbound = observeOutbound();
    const method = fc.constantFrom('POST', 'GET', 'PUT', 'DELETE', 'OPTIONS', 'PATCH');
    await fc.assert(
      fc.asyncProperty(apiPathArb, method, bodyArb, headersArb, async (path, verb, body, headers) => {
        const url = new URL(ORIGIN + path);
        const callPath = callPathOf(url.href);
        fc.pre(url.pathname.startsWith('/api') && !ALLOWED.has(callPath) && callPath !== '/geo' && callPath !== '/geo/');
        outbound.clear();
        const res = await exports.default.fetch(
          new Request(url, { method: verb, body: verb === 'GET' ? undefined : body, redirect: 'manual', headers: { ...headers, 'content-type': 'application/json', 'cf-connecting-ip': freshIp() } }),
        );
        const label = `${verb} ${url.pathname}`;
        expect(res.status, label).toBe(404);
        expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
        expect(readEnvelope(await res.json()), label).not.toBeNull();
        expect(outbound.viaBinding.map((c) => c.url), label).toEqual([]);
        expect(outbound.viaFetch.map((c) => c.url), label).toEqual([]);
      }),
      fuzzParams(150),
    );
  });
});

describe('an allowlisted call with any body and headers', () => {
  it('is forwarded at most once, to its own path, with the site headers and common block, and never answers 5xx', async () => {
    const outbound = observeOutbound();
    let forwarded = 0;
    await fc.assert(
      fc.asyncProperty(callArb, headersArb, contentTypeArb, async ([path, body], headers, contentType) => {
        outbound.clear();
        const res = await postApi(`/api${path}`, body, headers, contentType);
        const label = `POST /api${path} ${contentType} ${body.slice(0, 120)}`;
        expect(await answerProblems(res.clone()), label).toEqual([]);
        expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
        expect(readEnvelope(await res.json()), label).not.toBeNull();
        expect(outbound.viaFetch.map((c) => c.url), label).toEqual([]);
        expect(outbound.viaBinding.length, label).toBeLessThanOrEqual(1);
        for (const call of outbound.viaBinding) expect(outboundProblems(call, path, headers), label).toEqual([]);
        forwarded += outbound.viaBinding.length;
      }),
      fuzzParams(120),
    );
    // Not vacuous: some of the calls did reach the origin.
    expect(forwarded).toBeGreaterThan(0);
  });

  it('the observation sees a forwarded call (so "nothing forwarded" above means something)', async () => {
    const outbound = observeOutbound();
    const res = await postApi('/api/feedback/captcha', '{}', { 'user-agent': 'fuzz' }, 'application/json');
    expect(res.status).toBe(200);
    expect(outbound.viaBinding.map((c) => new URL(c.url).pathname)).toEqual(['/feedback/captcha']);
  });
});

describe('with URL upstreams (as in production)', () => {
  const HOSTS = { UPSTREAM_RELEASE: 'https://release.upstream.test', UPSTREAM_SV: 'https://sv.upstream.test/v1', UPSTREAM_JB: 'https://jb.upstream.test' };
  const ORIGINS = new Set(Object.values(HOSTS).map((h) => new URL(h).origin));

  it('every request leaves for a configured host and an allowlisted path, whatever the host key header says', async () => {
    const sent: Outbound[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input as RequestInfo, init);
      sent.push({ url: request.url, method: request.method, headers: request.headers, body: await request.text() });
      return Response.json({ resp_common: { ret: 0, msg: 'success' } });
    });
    const runEnv = { ...env, ...HOSTS } as Env;
    const requestArb = fc.oneof(callArb.map(([path, body]) => [`/api${path}`, body] as const), fc.tuple(apiPathArb, bodyArb));
    let forwarded = 0;
    await fc.assert(
      fc.asyncProperty(requestArb, headersArb, async ([path, body], headers) => {
        sent.length = 0;
        const ctx = createExecutionContext();
        const res = await app.request(ORIGIN + path, { method: 'POST', body, headers: { ...headers, 'content-type': 'application/json', 'cf-connecting-ip': freshIp() } }, runEnv, ctx);
        await waitOnExecutionContext(ctx);
        const label = `POST ${path} host=${headers['x-upstream-host'] ?? ''}`;
        expect(res.status, label).toBeLessThan(500);
        await res.arrayBuffer();
        expect(sent.length, label).toBeLessThanOrEqual(1);
        forwarded += sent.length;
        for (const call of sent) {
          const url = new URL(call.url);
          expect(ORIGINS.has(url.origin), `${label} → ${call.url}`).toBe(true);
          const prefix = url.origin === new URL(HOSTS.UPSTREAM_SV).origin ? '/v1' : '';
          expect(url.pathname.startsWith(prefix), `${label} → ${call.url}`).toBe(true);
          expect(ALLOWED.has(url.pathname.slice(prefix.length)), `${label} → ${call.url}`).toBe(true);
          expect(outboundProblems(call, url.pathname.slice(prefix.length), headers, prefix), label).toEqual([]);
        }
      }),
      fuzzParams(100),
    );
    expect(forwarded).toBeGreaterThan(0);
  });
});
