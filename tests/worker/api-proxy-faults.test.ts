import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import * as site from '../../src/index';
import type { AppEnv } from '../../src/env';
import { EDGE_ERRORS, type EdgeErrorName } from '../../src/domain/api-handlers';
import { MAX_UPSTREAM_RESPONSE_BYTES } from '../../src/services/upstream';
import { ORIGIN } from './helpers';

// Fault injection: the ORIGIN binding is replaced by a fake that misbehaves in one way each, and
// the site's app is called directly with that env. Every fault must come back quickly as the
// exact status and envelope, never a hang, a 500 or a stack.

const app = ((site as { app?: Hono<AppEnv> }).app ?? site.default) as Hono<AppEnv>;

type FakeFetch = (request: Request) => Promise<Response>;

function callWith(fake: FakeFetch, { path = '/api/feedback/captcha', body = '{}', timeoutMs = '8000' } = {}) {
  const overrides = { ORIGIN: { fetch: fake } as unknown as Fetcher, UPSTREAM_RELEASE: 'service:ORIGIN', UPSTREAM_TIMEOUT_MS: timeoutMs };
  return app.request(
    new Request(ORIGIN + path, { method: 'POST', body, headers: { 'content-type': 'application/json', 'cf-connecting-ip': '192.0.2.200' } }),
    undefined,
    { ...env, ...overrides } as unknown as Env,
  );
}

function envelope(name: EdgeErrorName) {
  return { resp_common: { ret: EDGE_ERRORS[name].code, msg: EDGE_ERRORS[name].message } };
}

/** A body that sends `first` and then never ends. */
function neverEndingBody(first: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
    },
  });
}

/** A body of `size` bytes streamed in 64 KB chunks, without Content-Length. */
function streamedBody(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

describe('upstream faults', () => {
  it('answers 504 with the timeout envelope when the upstream never answers', async () => {
    const res = await callWith(() => new Promise<Response>(() => {}), { timeoutMs: '50' });
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual(envelope('UPSTREAM_TIMEOUT'));
  });

  it('answers 504 when the upstream starts an answer and never finishes it', async () => {
    const res = await callWith(async () => new Response(neverEndingBody('{"resp_common":'), { headers: { 'content-type': 'application/json' } }), { timeoutMs: '50' });
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual(envelope('UPSTREAM_TIMEOUT'));
  });

  it('aborts the upstream request when the deadline passes', async () => {
    let signal: AbortSignal | undefined;
    await callWith(
      (request) => {
        signal = request.signal;
        return new Promise<Response>(() => {});
      },
      { timeoutMs: '50' },
    );
    expect(signal?.aborted).toBe(true);
  });

  it('answers 502 with the unreachable envelope when the connection fails (reset)', async () => {
    const res = await callWith(async () => {
      throw new TypeError('Network connection lost.');
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual(envelope('UPSTREAM_UNREACHABLE'));
  });

  it('answers 502 with the failed envelope when the upstream answers 500, even with an envelope', async () => {
    const res = await callWith(async () => Response.json({ resp_common: { ret: 5000001, msg: 'Service temporarily unavailable' }, stack: 'Error: at db.ts:12' }, { status: 500 }));
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual(envelope('UPSTREAM_FAILED'));
    expect(text).not.toContain('db.ts');
  });

  it('answers 502 with the failed envelope when the upstream answers 503 in HTML', async () => {
    const res = await callWith(async () => new Response('<html><body>Service Unavailable</body></html>', { status: 503, headers: { 'content-type': 'text/html' } }));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual(envelope('UPSTREAM_FAILED'));
  });

  it.each([
    ['an HTML page', '<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>', 'text/html'],
    ['an empty body', '', 'application/json'],
    ['JSON that is not an envelope', '{"ok":true}', 'application/json'],
    ['a JSON array', '[{"resp_common":{"ret":0,"msg":"success"}}]', 'application/json'],
    ['an envelope whose code is not a number', '{"resp_common":{"ret":"0","msg":"success"}}', 'application/json'],
  ])('answers 502 with the bad-answer envelope when the upstream sends %s', async (_name, body, type) => {
    const res = await callWith(async () => new Response(body, { status: 200, headers: { 'content-type': type } }));
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual(envelope('UPSTREAM_BAD_ANSWER'));
    expect(text).not.toContain('nginx');
  });

  it('answers 502 with the bad-answer envelope when the answer is over 1 MB (declared)', async () => {
    const huge = JSON.stringify({ resp_common: { ret: 0, msg: 'success' }, padding: 'x'.repeat(MAX_UPSTREAM_RESPONSE_BYTES) });
    const res = await callWith(async () => new Response(huge, { headers: { 'content-type': 'application/json', 'content-length': String(huge.length) } }));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual(envelope('UPSTREAM_BAD_ANSWER'));
  });

  it('answers 502 with the bad-answer envelope when a streamed answer passes 1 MB', async () => {
    const res = await callWith(async () => new Response(streamedBody(4 * MAX_UPSTREAM_RESPONSE_BYTES), { headers: { 'content-type': 'application/json' } }));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual(envelope('UPSTREAM_BAD_ANSWER'));
  });

  it('answers 502 for a redirect instead of following it', async () => {
    const res = await callWith(async () => new Response(null, { status: 302, headers: { location: 'https://evil.example/steal' } }));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual(envelope('UPSTREAM_BAD_ANSWER'));
  });

  it('uses the result envelope for a fault on a /mingtingvip/payv2/ call', async () => {
    const res = await callWith(() => new Promise<Response>(() => {}), { path: '/api/mingtingvip/payv2/stripe/order/query', body: '{"order_id":"MTSEEDPAID0000001"}', timeoutMs: '50' });
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ result: { status: EDGE_ERRORS.UPSTREAM_TIMEOUT.code, msg: EDGE_ERRORS.UPSTREAM_TIMEOUT.message } });
  });

  it("passes an upstream's 4xx envelope through with its status and body", async () => {
    const answer = { resp_common: { ret: 4001001, msg: 'Unsupported request, please check the query' } };
    const res = await callWith(async () => Response.json(answer, { status: 404 }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(answer);
  });

  it("returns only the envelope, none of the upstream's headers", async () => {
    const res = await callWith(async () =>
      Response.json({ resp_common: { ret: 0, msg: 'success' } }, { headers: { 'set-cookie': 'upstream=1', server: 'api-7', 'x-upstream-debug': 'yes' } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('server')).toBeNull();
    expect(res.headers.get('x-upstream-debug')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
