import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import { PACKET_MAX_ITEMS } from '../../src/domain/beacon-messages';
import { isValidCampaignValue } from '../../src/domain/campaign';
import { captureQueue, ORIGIN, UA } from './helpers';

// GET /beacon through the Worker's fetch: validation, what is enqueued, and the abuse bounds.
// The queue's send is spied on (and kept from delivering) so each test sees exactly its messages.

let ipCounter = 0;
/** A client of its own per test, so the per-client rate limit never spills between tests. */
const freshIp = () => `198.51.100.${++ipCounter}`;

let eventCounter = 0;
function fields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    uuid: `beacon-test-${++eventCounter}`,
    time_: String(1763700000000 + eventCounter),
    action: 'download',
    business_index: '8109',
    cid: '81',
    tid1: '16',
    tid2: '1',
    ...overrides,
  };
}

/**
 * One beacon through the Worker's fetch. The answer comes first and the hashing, shared limiter
 * and enqueue run in waitUntil, so this waits for that work too before the test looks at the queue.
 */
async function beacon(query: Record<string, string> | string, { method = 'GET', ip = freshIp(), ua = UA.desktop, cf }: { method?: string; ip?: string; ua?: string; cf?: Record<string, unknown> } = {}) {
  const search = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}/beacon?${search}`, { method, headers: { 'user-agent': ua, 'cf-connecting-ip': ip }, ...(cf ? { cf } : {}) }), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}


afterEach(() => {
  vi.restoreAllMocks();
});

describe('a valid beacon', () => {
  it('is answered at once with an uncached 1×1 GIF', async () => {
    captureQueue();
    const res = await beacon(fields());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(String.fromCharCode(...bytes.slice(0, 6))).toBe('GIF89a');
  });

  it('sent with navigator.sendBeacon (a POST with the same query) gets 204', async () => {
    const { messages: sent } = captureQueue();
    const res = await beacon(fields(), { method: 'POST' });
    expect(res.status).toBe(204);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(sent).toHaveLength(1);
  });

  it('is enqueued once with its validated fields and what the edge knows', async () => {
    const { messages: sent } = captureQueue();
    const input = fields({ btn_id: 'nav_download', from_: 'baidu', tid2: '11', tryno: '1' });
    await beacon(input, { ip: '203.0.113.77', ua: UA.googlebot });
    expect(sent).toHaveLength(1);
    const [message] = sent;
    expect(message!.event).toMatchObject({ uuid: input.uuid, time_: Number(input.time_), action: 'download', btn_id: 'nav_download', from_: 'baidu', tid1: '16', tid2: '11', tryno: 1 });
    expect(message!.edge.client_id).toMatch(/^[0-9a-f]{32}$/);
    expect(message!.edge.is_bot).toBe(true);
    expect(typeof message!.edge.received_at).toBe('number');
    expect(message!.edge).toHaveProperty('country');
    expect(message!.edge).toHaveProperty('colo');
  });

  it('never carries the raw IP, only a hash that is stable per client and differs between clients', async () => {
    const { messages: sent } = captureQueue();
    await beacon(fields(), { ip: '203.0.113.5' });
    await beacon(fields(), { ip: '203.0.113.5' });
    await beacon(fields(), { ip: '203.0.113.6' });
    expect(JSON.stringify(sent)).not.toContain('203.0.113');
    expect(sent[0]!.edge.client_id).toBe(sent[1]!.edge.client_id);
    expect(sent[2]!.edge.client_id).not.toBe(sent[0]!.edge.client_id);
    expect(sent[0]!.edge.is_bot).toBe(false);
  });

  it('carries cf.country and cf.colo, and null for values that are not codes', async () => {
    const { messages: sent } = captureQueue();
    await beacon(fields(), { cf: { country: 'JP', colo: 'NRT' } });
    await beacon(fields(), { cf: { country: '<script>', colo: 'nrt' } });
    expect(sent.map((m) => [m.edge.country, m.edge.colo])).toEqual([
      ['JP', 'NRT'],
      [null, null],
    ]);
  });

  it('sent twice is answered twice but enqueued once', async () => {
    const { messages: sent } = captureQueue();
    const input = fields();
    const ip = freshIp();
    expect((await beacon(input, { ip })).status).toBe(200);
    expect((await beacon(input, { ip })).status).toBe(200);
    expect(sent).toHaveLength(1);
  });
});

describe('an invalid beacon', () => {
  it.each(['uuid', 'time_', 'action', 'business_index', 'cid', 'tid1', 'tid2'])('without %s gets 400 with the field named and is not stored', async (field) => {
    const { messages: sent } = captureQueue();
    const input = fields();
    delete input[field];
    const res = await beacon(input);
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { error: string; fields: { field: string }[] };
    expect(body.error).toBe(`${field} is required`);
    expect(body.fields[0]!.field).toBe(field);
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['time_', 'yesterday'],
    ['tryno', 'x'],
    ['business_index', '1234'],
    ['cid', '82'],
    ['action', 'DROP TABLE'],
    ['tid2', '3'],
    ['uuid', 'x'],
  ])('with %s = %j gets 400 and is not stored', async (field, value) => {
    const { messages: sent } = captureQueue();
    const res = await beacon(fields({ [field]: value }));
    expect(res.status).toBe(400);
    expect(sent).toHaveLength(0);
  });

  it('with an oversized value gets 400 saying it is too long', async () => {
    const { messages: sent } = captureQueue();
    const res = await beacon(fields({ btn_id: 'b'.repeat(65) }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('btn_id is too long');
    expect(sent).toHaveLength(0);
  });

  it('with an unknown or repeated field gets 400', async () => {
    const { messages: sent } = captureQueue();
    expect((await beacon(fields({ extra: '1' }))).status).toBe(400);
    expect((await beacon(`${new URLSearchParams(fields())}&action=view`)).status).toBe(400);
    expect(sent).toHaveLength(0);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('with the field %s gets 400 as an unknown field, and is not stored', async (name) => {
    const { messages: sent } = captureQueue();
    const res = await beacon(`${new URLSearchParams(fields())}&${name}=1`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('unknown field');
    expect(sent).toHaveLength(0);
  });

  it('never reflects the script it was sent', async () => {
    captureQueue();
    const res = await beacon(fields({ '<script>alert(1)</script>': 'x', user_info: '<img src=x onerror=alert(1)>' }));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    expect(text).not.toContain('<script>');
    expect(text).not.toContain('<img');
  });

  it('takes uuid and from_ by the campaign rule the pages use (isValidCampaignValue), no other', async () => {
    const { messages: sent } = captureQueue();
    for (const [field, key, value] of [['uuid', 'uuid', 'u-123'], ['uuid', 'uuid', 'x'.repeat(65)], ['from_', 'from', 'a b'], ['from_', 'from', 'x'.repeat(65)]] as const) {
      expect(isValidCampaignValue(key, value)).toBe(false);
      const res = await beacon(fields({ [field]: value }));
      expect(res.status, `${field}=${value}`).toBe(400);
    }
    expect(sent).toHaveLength(0);
    for (const [field, key, value] of [['uuid', 'uuid', 'visitor-12345'], ['from_', 'from', 'bing_ads.v2']] as const) {
      expect(isValidCampaignValue(key, value)).toBe(true);
      expect((await beacon(fields({ [field]: value }))).status).toBe(200);
    }
    expect(sent).toHaveLength(2);
  });

  it('longer than 4 KB gets 414 before anything is read', async () => {
    const { messages: sent } = captureQueue();
    const res = await beacon(fields({ user_info: 'u'.repeat(5000) }));
    expect(res.status).toBe(414);
    expect(sent).toHaveLength(0);
  });

  it('as a HEAD request gets 405 and is not stored', async () => {
    const { messages: sent } = captureQueue();
    const res = await beacon(fields(), { method: 'HEAD' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
    expect(sent).toHaveLength(0);
  });

  it.each(['PUT', 'DELETE', 'OPTIONS', 'PATCH'])('sent with %s gets 405 with Allow, never the HTML page, and is not stored', async (method) => {
    const { messages: sent } = captureQueue();
    const res = await beacon(fields(), { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
    expect(res.headers.get('content-type') ?? '').not.toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(sent).toHaveLength(0);
  });
});

describe('the per-client rate limit', () => {
  it('refuses a client beyond 120 beacons a minute with 429, and not the next client', async () => {
    const { messages: sent } = captureQueue();
    const ip = freshIp();
    // At once, as a flood would come: the edge counts without waiting for anything.
    const answers = await Promise.all(Array.from({ length: 121 }, () => beacon(fields(), { ip })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.headers.get('retry-after')).toBe('60');
    expect(refused[0]!.headers.get('cache-control')).toBe('no-store');
    expect(sent).toHaveLength(120);
    expect((await beacon(fields(), { ip })).status).toBe(429);
    expect((await beacon(fields(), { ip: freshIp() })).status).toBe(200);
  });
});

describe('the outbox', () => {
  const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).byteLength;

  it('packs a burst of beacons into a few queue messages and loses none', async () => {
    const { messages: sent, bodies, spy } = captureQueue();
    const n = 90;
    const inputs = Array.from({ length: n }, () => fields());
    const answers = await Promise.all(inputs.map((input) => beacon(input)));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(sent.map((m) => m.event.uuid).sort()).toEqual(inputs.map((input) => input.uuid).sort());
    // 90 events: one packet or two, not 90 messages.
    expect(bodies.length).toBeLessThanOrEqual(2);
    expect(spy.mock.calls.length).toBeLessThanOrEqual(3);
    for (const body of bodies) {
      expect(body.v).toBe(2);
      expect(body.v === 2 && body.items.length).toBeLessThanOrEqual(PACKET_MAX_ITEMS);
    }
  });

  it('keeps packets of the largest valid beacons under 128 KB a message and 256 KB a call', async () => {
    const { messages: sent, bodies, spy } = captureQueue();
    // Every optional field at its longest; user_info in 3-byte characters.
    const token = (k: number) => 'x'.repeat(k);
    const largest = () =>
      fields({ item_id: token(64), page_id: token(128), btn_id: token(64), from_: token(64), step: token(64), indent: token(64), result: token(64), pkg_type: token(64), pay: token(64), user_info: '漢'.repeat(256), collect_time: '1763700000000' });
    // About 2 KB each: 150 of them are more than one packet's 96 KB and one call's 200 KB.
    const inputs = Array.from({ length: 150 }, largest);
    const answers = await Promise.all(inputs.map((input) => beacon(input)));
    expect(answers.map((res) => res.status)).toEqual(inputs.map(() => 200));
    expect(sent).toHaveLength(inputs.length);
    expect(bodies.length).toBeGreaterThanOrEqual(3);
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(2);
    for (const body of bodies) expect(body.v === 2 && body.items.length).toBeLessThanOrEqual(PACKET_MAX_ITEMS);
    for (const body of bodies) expect(bytes(body)).toBeLessThanOrEqual(128 * 1024);
    for (const [batch] of spy.mock.calls) expect(bytes([...batch].map((request) => request.body))).toBeLessThanOrEqual(256 * 1024);
  });

  it('retries a failed queue call once, then logs every lost key', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const spy = vi.spyOn(env.BEACON_QUEUE, 'sendBatch').mockRejectedValueOnce(new Error('queue busy')).mockResolvedValueOnce(undefined as never);
    expect((await beacon(fields())).status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(error).not.toHaveBeenCalled();

    spy.mockReset().mockRejectedValue(new Error('queue down'));
    const input = fields();
    expect((await beacon(input)).status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(error.mock.calls.join(' ')).toContain(input.uuid);
  });
});

describe('the test-only count route', () => {
  it('answers 404 in production', async () => {
    const { app } = await import('../../src/index');
    const res = await app.request('/__test/collect-count', {}, { ...env, ENVIRONMENT: 'production' });
    expect(res.status).toBe(404);
  });
});
