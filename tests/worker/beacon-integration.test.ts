import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BeaconMessage } from '../../src/routes/beacon';
import { ORIGIN, UA } from './helpers';

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

function beacon(query: Record<string, string> | string, { method = 'GET', ip = freshIp(), ua = UA.desktop }: { method?: string; ip?: string; ua?: string } = {}) {
  const search = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  return exports.default.fetch(new Request(`${ORIGIN}/beacon?${search}`, { method, headers: { 'user-agent': ua, 'cf-connecting-ip': ip } }));
}

function spyOnQueue() {
  return vi.spyOn(env.BEACON_QUEUE, 'send').mockResolvedValue(undefined as never);
}

const sentMessages = (spy: ReturnType<typeof spyOnQueue>) => spy.mock.calls.map((call) => call[0] as BeaconMessage);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a valid beacon', () => {
  it('is answered at once with an uncached 1×1 GIF', async () => {
    spyOnQueue();
    const res = await beacon(fields());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(String.fromCharCode(...bytes.slice(0, 6))).toBe('GIF89a');
  });

  it('sent with navigator.sendBeacon (a POST with the same query) gets 204', async () => {
    const spy = spyOnQueue();
    const res = await beacon(fields(), { method: 'POST' });
    expect(res.status).toBe(204);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('is enqueued once with its validated fields and what the edge knows', async () => {
    const spy = spyOnQueue();
    const input = fields({ btn_id: 'nav_download', from_: 'baidu', tid2: '11', tryno: '1' });
    await beacon(input, { ip: '203.0.113.77', ua: UA.googlebot });
    expect(spy).toHaveBeenCalledTimes(1);
    const [message] = sentMessages(spy);
    expect(message!.v).toBe(1);
    expect(message!.event).toMatchObject({ uuid: input.uuid, time_: Number(input.time_), action: 'download', btn_id: 'nav_download', from_: 'baidu', tid1: '16', tid2: '11', tryno: 1 });
    expect(message!.edge.client_id).toMatch(/^[0-9a-f]{32}$/);
    expect(message!.edge.is_bot).toBe(true);
    expect(typeof message!.edge.received_at).toBe('number');
    expect(message!.edge).toHaveProperty('country');
    expect(message!.edge).toHaveProperty('colo');
  });

  it('never carries the raw IP, only a hash that is stable per client and differs between clients', async () => {
    const spy = spyOnQueue();
    await beacon(fields(), { ip: '203.0.113.5' });
    await beacon(fields(), { ip: '203.0.113.5' });
    await beacon(fields(), { ip: '203.0.113.6' });
    const messages = sentMessages(spy);
    expect(JSON.stringify(messages)).not.toContain('203.0.113');
    expect(messages[0]!.edge.client_id).toBe(messages[1]!.edge.client_id);
    expect(messages[2]!.edge.client_id).not.toBe(messages[0]!.edge.client_id);
    expect(messages[0]!.edge.is_bot).toBe(false);
  });

  it('sent twice is answered twice but enqueued once', async () => {
    const spy = spyOnQueue();
    const input = fields();
    const ip = freshIp();
    expect((await beacon(input, { ip })).status).toBe(200);
    expect((await beacon(input, { ip })).status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('an invalid beacon', () => {
  it.each(['uuid', 'time_', 'action', 'business_index', 'cid', 'tid1', 'tid2'])('without %s gets 400 with the field named and is not stored', async (field) => {
    const spy = spyOnQueue();
    const input = fields();
    delete input[field];
    const res = await beacon(input);
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { error: string; fields: { field: string }[] };
    expect(body.error).toBe(`${field} is required`);
    expect(body.fields[0]!.field).toBe(field);
    expect(spy).not.toHaveBeenCalled();
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
    const spy = spyOnQueue();
    const res = await beacon(fields({ [field]: value }));
    expect(res.status).toBe(400);
    expect(spy).not.toHaveBeenCalled();
  });

  it('with an oversized value gets 400 saying it is too long', async () => {
    const spy = spyOnQueue();
    const res = await beacon(fields({ btn_id: 'b'.repeat(65) }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('btn_id is too long');
    expect(spy).not.toHaveBeenCalled();
  });

  it('with an unknown or repeated field gets 400', async () => {
    const spy = spyOnQueue();
    expect((await beacon(fields({ extra: '1' }))).status).toBe(400);
    expect((await beacon(`${new URLSearchParams(fields())}&action=view`)).status).toBe(400);
    expect(spy).not.toHaveBeenCalled();
  });

  it('never reflects the script it was sent', async () => {
    spyOnQueue();
    const res = await beacon(fields({ '<script>alert(1)</script>': 'x', user_info: '<img src=x onerror=alert(1)>' }));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    expect(text).not.toContain('<script>');
    expect(text).not.toContain('<img');
  });

  it('longer than 4 KB gets 414 before anything is read', async () => {
    const spy = spyOnQueue();
    const res = await beacon(fields({ user_info: 'u'.repeat(5000) }));
    expect(res.status).toBe(414);
    expect(spy).not.toHaveBeenCalled();
  });

  it('as a HEAD request gets 405 and is not stored', async () => {
    const spy = spyOnQueue();
    const res = await beacon(fields(), { method: 'HEAD' });
    expect(res.status).toBe(405);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('the per-client rate limit', () => {
  it('refuses a client beyond 120 beacons a minute with 429, and not the next client', async () => {
    const spy = spyOnQueue();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await beacon(fields(), { ip })).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect(spy).toHaveBeenCalledTimes(120);
    expect((await beacon(fields(), { ip: freshIp() })).status).toBe(200);
  });
});

describe('the test-only count route', () => {
  it('answers 404 in production', async () => {
    const { app } = await import('../../src/index');
    const res = await app.request('/__test/collect-count', {}, { ...env, ENVIRONMENT: 'production' });
    expect(res.status).toBe(404);
  });
});
