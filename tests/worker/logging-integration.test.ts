import { env, exports } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import worker, { app } from '../../src/index';
import { edgeBeaconSchema } from '../../src/domain/api-schemas';
import type { AppEnv } from '../../src/env';
import { requestLog } from '../../src/middleware/request-log';
import { securityHeaders } from '../../src/middleware/security';
import { requestContext } from '../../src/middleware/context';
import { notFound, onError } from '../../src/middleware/errors';
import { ORIGIN, UA, get } from './helpers';

// What the Worker writes to its logs (Workers Logs in production): one JSON line per request with
// the request id, the route, the status and the time; and never a visitor's email or card number,
// whatever happens to the request. console is spied on, not silenced: every line is kept and read.

const METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;
let lines: { method: string; text: string }[] = [];

beforeEach(() => {
  lines = [];
  for (const method of METHODS) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push({ method, text: args.map((arg) => (typeof arg === 'string' ? arg : arg instanceof Error ? `${arg.message} ${arg.stack}` : JSON.stringify(arg))).join(' ') });
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

// The origin seeds its D1 on its first request: outside any proxied call's deadline.
beforeAll(async () => {
  await env.ORIGIN!.fetch('https://origin.internal/health');
});

let ipCounter = 0;
const freshIp = () => `100.72.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
/** An address the visitor typed: mixed case, a plus tag, as people type them. */
const visitorEmail = () => `Leaky.Visitor+${crypto.randomUUID().slice(0, 8)}@Example.com`;

function requestLines() {
  return lines.filter((line) => line.method === 'log' && line.text.includes('"msg":"request"')).map((line) => JSON.parse(line.text) as Record<string, unknown>);
}

/** No line holds the address, in any case or encoding. */
function expectNoEmail(email: string) {
  const forms = [email, email.toLowerCase(), encodeURIComponent(email), encodeURIComponent(email).toLowerCase(), email.split('@')[0]!];
  for (const line of lines) for (const form of forms) expect(line.text, `a ${line.method} line quotes the visitor's email`).not.toContain(form);
}

function postApi(path: string, body: string, ip = freshIp()) {
  return exports.default.fetch(new Request(`${ORIGIN}/api${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-site-locale': 'en-US', 'cf-connecting-ip': ip, 'user-agent': UA.desktop } }));
}

describe('the request log', () => {
  it('is one JSON line per request with the request id, method, route, status and time', async () => {
    const res = await get('/buy', { headers: { 'cf-ray': 'ray-buy-1' } });
    await res.arrayBuffer();
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toEqual({ level: 'info', msg: 'request', requestId: 'ray-buy-1', method: 'GET', route: '/buy', status: 200, ms: expect.any(Number) });
  });

  it('is built but not written when REQUEST_LOG is off (the bench), and written again without it', async () => {
    const request = () => new Request(`${ORIGIN}/buy`, { headers: { 'user-agent': UA.desktop, 'cf-ray': 'ray-quiet-1' } });
    await (await app.fetch(request(), { ...env, REQUEST_LOG: 'off' }, createExecutionContext())).arrayBuffer();
    expect(requestLines()).toEqual([]);
    await (await app.fetch(request(), env, createExecutionContext())).arrayBuffer();
    expect(requestLines().map((line) => line['requestId'])).toEqual(['ray-quiet-1']);
  });

  it('names the route as registered, never the path the visitor asked for', async () => {
    await (await get('/fr-FR/article-list/3')).arrayBuffer();
    await (await get('/download/mt-recover_setup_16_1_abc123.exe', { headers: { range: 'bytes=0-0' } })).arrayBuffer();
    await (await get('/no-such-page-here')).arrayBuffer();
    const routes = requestLines().map((line) => [line['route'], line['status']]);
    expect(routes[0]).toEqual(['/fr-FR/article-list/:id', 200]);
    expect(routes[1]![0]).toBe('/download/:file');
    // An unmatched path: the last catch-all middleware that ran, then the 404 page.
    expect(routes[2]![0]).toMatch(/^\/?\*$/);
    expect(routes[2]![1]).toBe(404);
    for (const line of lines) expect(line.text).not.toContain('no-such-page-here');
  });

  it('has a request id even without cf-ray, and the error page its 5xx', async () => {
    const broken = new Hono<AppEnv>({ strict: false });
    broken.use('*', requestLog);
    broken.use('*', securityHeaders);
    broken.use('*', requestContext);
    broken.get('/boom', () => {
      throw new Error('boom');
    });
    broken.notFound(notFound);
    broken.onError(onError);
    const res = await broken.request('/boom', { headers: { 'user-agent': UA.desktop } }, env);
    expect(res.status).toBe(500);
    const [line] = requestLines();
    expect(line).toMatchObject({ level: 'error', route: '/boom', status: 500 });
    expect(line!['requestId']).toMatch(/^[0-9a-f-]{36}$/);
    // The error line carries the same id, so the two can be joined.
    const error = lines.find((l) => l.method === 'error' && l.text.includes('"level":"error"'));
    expect(JSON.parse(error!.text)).toMatchObject({ requestId: line!['requestId'], method: 'GET', path: '/boom', status: 500, error: 'Error: boom' });
  });

  it('/health keeps its exact answer with the log in front of it', async () => {
    const res = await app.request('/health', {}, { ...env, ENVIRONMENT: 'production' });
    expect(await res.text()).toBe('ok: production');
    expect(requestLines()).toHaveLength(1);
  });
});

describe("no log line holds a visitor's email", () => {
  it('a licence-code request', async () => {
    const email = visitorEmail();
    const res = await postApi('/pay/send_cdkey_order_mail', JSON.stringify({ email }));
    expect(res.status).toBe(200);
    expect(requestLines()).toHaveLength(1);
    expectNoEmail(email);
  });

  it('a do-not-sell request', async () => {
    const email = visitorEmail();
    const res = await postApi('/privacy_control/add', JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', email }));
    expect(res.status).toBe(200);
    expectNoEmail(email);
  });

  it('a checkout order', async () => {
    const email = visitorEmail();
    await (await postApi('/payv2/stripe/elements/create_cdkey_order', JSON.stringify({ product_id: 81901, currency: 'USD', email }))).arrayBuffer();
    expectNoEmail(email);
  });

  it('the upstream answering 500', async () => {
    const email = visitorEmail();
    vi.spyOn(env.ORIGIN!, 'fetch').mockResolvedValue(new Response(`internal error for ${email}`, { status: 500 }));
    const res = await postApi('/pay/send_cdkey_order_mail', JSON.stringify({ email }));
    expect(res.status).toBe(502);
    expect(lines.some((line) => line.text.includes('upstream fault'))).toBe(true);
    expectNoEmail(email);
  });

  it('the upstream failing with an error that quotes the request', async () => {
    const email = visitorEmail();
    vi.spyOn(env.ORIGIN!, 'fetch').mockRejectedValue(new Error(`connection reset while sending {"email":"${email}"}`));
    const res = await postApi('/pay/send_cdkey_order_mail', JSON.stringify({ email }));
    expect(res.status).toBe(502);
    const fault = lines.find((line) => line.text.includes('upstream fault'));
    expect(fault?.text).toContain('<email>');
    expectNoEmail(email);
  });

  it('the upstream timing out', async () => {
    const email = visitorEmail();
    vi.spyOn(env.ORIGIN!, 'fetch').mockImplementation(() => new Promise<never>(() => undefined));
    const res = await app.request(
      '/api/pay/send_cdkey_order_mail',
      { method: 'POST', body: JSON.stringify({ email }), headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp(), 'user-agent': UA.desktop } },
      { ...env, UPSTREAM_TIMEOUT_MS: '50' },
    );
    expect(res.status).toBe(504);
    expectNoEmail(email);
  });

  it('a body that is not JSON, or not a valid request', async () => {
    const email = visitorEmail();
    expect((await postApi('/pay/send_cdkey_order_mail', `{"email": "${email}"`)).status).toBe(400);
    expect((await postApi('/pay/send_cdkey_order_mail', JSON.stringify({ email: `${email} ${email}` }))).status).toBe(400);
    expectNoEmail(email);
  });

  it('a page whose link carries the email (a feedback prefill), and a path made of it', async () => {
    const email = visitorEmail();
    await (await get(`/feedback?ticket_type=refund&order_id=MT123&email=${encodeURIComponent(email)}`)).arrayBuffer();
    await (await get(`/${encodeURIComponent(email)}`)).arrayBuffer();
    expect(requestLines().map((line) => line['status'])).toEqual([200, 404]);
    expectNoEmail(email);
  });

  it('a form page posted without JavaScript', async () => {
    const email = visitorEmail();
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/license-code`, { method: 'POST', body: `email=${encodeURIComponent(email)}`, headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA.desktop }, redirect: 'manual' }),
    );
    expect(res.status).toBe(303);
    expectNoEmail(email);
  });

  it('an error whose text quotes the email and a card number: the error line keeps what is needed to act', async () => {
    const email = visitorEmail();
    const broken = new Hono<AppEnv>({ strict: false });
    broken.use('*', requestLog);
    broken.use('*', securityHeaders);
    broken.use('*', requestContext);
    broken.post('/api/parse', () => {
      throw new SyntaxError(`Unexpected token 'x', "{"email":"${email}","card":"4242 4242 4242 4242"}" is not valid JSON`);
    });
    broken.onError(onError);
    const res = await broken.request(`/api/parse`, { method: 'POST', headers: { 'user-agent': UA.desktop } }, env);
    expect(res.status).toBe(500);
    const error = JSON.parse(lines.find((line) => line.method === 'error')!.text) as Record<string, string>;
    expect(error).toMatchObject({ level: 'error', method: 'POST', path: '/api/parse', status: 500 });
    expect(error['requestId']).toBeTruthy();
    expect(error['error']).toContain('SyntaxError: Unexpected token');
    expect(error['error']).toContain('<email>');
    expect(error['error']).toContain('<card number>');
    expect(error['stack']).toBeTruthy();
    for (const line of lines) expect(line.text).not.toMatch(/4242 ?4242 ?4242 ?4242/);
    expectNoEmail(email);
  });
});

describe('the beacon consumer', () => {
  const item = (uuid: string, n: number) => ({
    event: edgeBeaconSchema.parse({ uuid, time_: String(1763800000000 + n), action: 'download', business_index: '8109', cid: '81', tid1: '16', tid2: '1', user_info: 'someone@example.com' }),
    edge: { country: 'US', colo: 'SJC', received_at: 1763800000500 + n, client_id: 'c'.repeat(32), is_bot: false },
  });
  const batchOf = (queue: string, bodies: unknown[]) =>
    ({
      queue,
      messages: bodies.map((body, i) => ({ id: `log-${i}`, body, attempts: 1, ack: () => undefined, retry: () => undefined })),
      ackAll: () => undefined,
      retryAll: () => undefined,
    }) as unknown as MessageBatch<unknown>;

  it("logs each batch's outcome as one JSON line of counts, never an event's fields", async () => {
    const uuid = `log-${crypto.randomUUID()}`;
    await worker.queue(batchOf('mt-beacons', [{ v: 2, items: [item(uuid, 0), item(uuid, 1)] }, { v: 2, items: [] }]), env, createExecutionContext());
    const batchLines = lines.filter((line) => line.text.includes('"msg":"beacon batch"'));
    expect(batchLines).toHaveLength(1);
    expect(JSON.parse(batchLines[0]!.text)).toEqual({ level: 'info', msg: 'beacon batch', queue: 'mt-beacons', messages: 2, events: 2, stored: 2, rejected: 0, failed: 0, malformed: 0, retried: 0, ms: expect.any(Number) });
    for (const line of lines) {
      expect(line.text).not.toContain(uuid);
      expect(line.text).not.toContain('someone@example.com');
    }
  });

  it('logs a dead-letter batch held while replay is off', async () => {
    await worker.queue(batchOf('mt-beacons-dlq', [{ v: 2, items: [item(`log-${crypto.randomUUID()}`, 0)] }]), env, createExecutionContext());
    const held = lines.filter((line) => line.text.includes('"msg":"dead-letter batch"')).map((line) => JSON.parse(line.text));
    expect(held).toEqual([{ level: 'info', msg: 'dead-letter batch', queue: 'mt-beacons-dlq', messages: 1, action: 'held', holdSeconds: expect.any(Number) }]);
  });
});
