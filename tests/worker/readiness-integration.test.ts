import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import { INSTALLER_OBJECTS } from '../../src/domain/tracking';
import { READINESS_DEADLINE_MS, READINESS_KV_KEY, READINESS_PACKET } from '../../src/services/readiness';
import { get } from './helpers';

// GET /health/ready through the Worker's real fetch. Each dependency is made to fail and to hang
// by stubbing its binding's method on env (restored after every test); the reference origin is the
// upstream (ORIGIN), stubbed the same way.

interface Check {
  state: 'ok' | 'failing' | 'timeout';
  ms: number;
  detail?: string;
}
interface ReadyBody {
  ready: boolean;
  checks: Record<'kv' | 'installers' | 'queue' | 'upstream', Check>;
  failed: string[];
  environment: string;
  deadlineMs: number;
}

const NAMES = ['installers', 'kv', 'queue', 'upstream'];
let client = 0;
/** A client address of its own per request: the route is rate-limited per client. */
const ready = (ip = `198.51.100.${++client % 250}`) => get('/health/ready', { headers: { 'cf-connecting-ip': ip } });
const hang = () => new Promise<never>(() => undefined);

async function readyBody(res: Response): Promise<ReadyBody> {
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as ReadyBody;
}

/** What a check answered, the others all ok. */
async function expectOnly(name: keyof ReadyBody['checks'], check: Partial<Check>) {
  const started = Date.now();
  const res = await ready();
  const elapsed = Date.now() - started;
  expect(res.status).toBe(503);
  const body = await readyBody(res);
  expect(body.ready).toBe(false);
  expect(body.failed).toEqual([name]);
  expect(body.checks[name]).toMatchObject(check);
  for (const other of NAMES.filter((n) => n !== name)) expect(body.checks[other as keyof ReadyBody['checks']].state).toBe('ok');
  return { body, elapsed };
}

beforeEach(async () => {
  await env.INSTALLERS.put(INSTALLER_OBJECTS['mt-recover'], 'MZ readiness stand-in');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /health/ready', () => {
  it('answers 200 with every check ok and its time, never cached', async () => {
    const res = await ready();
    expect(res.status).toBe(200);
    const body = await readyBody(res);
    expect(body).toMatchObject({ ready: true, failed: [], environment: 'development', deadlineMs: READINESS_DEADLINE_MS });
    expect(Object.keys(body.checks).sort()).toEqual(NAMES);
    for (const check of Object.values(body.checks)) {
      expect(check.state).toBe('ok');
      expect(check.ms).toBeGreaterThanOrEqual(0);
      expect(check.ms).toBeLessThanOrEqual(READINESS_DEADLINE_MS);
    }
  });

  it('never shows an address, a binding or a key', async () => {
    vi.spyOn(env.ORIGIN!, 'fetch').mockRejectedValue(new Error('connect ECONNREFUSED https://api.internal.example:8443 token=s3cret'));
    vi.spyOn(env.PLAN_CACHE, 'get').mockRejectedValue(new Error('KV namespace 00000000000000000000000000000001 unavailable'));
    const text = await (await ready()).text();
    for (const secret of ['http', 'ECONNREFUSED', 's3cret', 'ORIGIN', 'service:', '0000000000', 'localhost', READINESS_KV_KEY, 'mt-recover/setup.exe']) expect(text).not.toContain(secret);
  });

  it('writes nothing but reads its own KV key, heads the installer and sends the consumer one empty packet', async () => {
    const kvGet = vi.spyOn(env.PLAN_CACHE, 'get');
    const kvPut = vi.spyOn(env.PLAN_CACHE, 'put');
    const head = vi.spyOn(env.INSTALLERS, 'head');
    const send = vi.spyOn(env.BEACON_QUEUE, 'send').mockResolvedValue(undefined as never);
    const sendBatch = vi.spyOn(env.BEACON_QUEUE, 'sendBatch');
    expect((await ready()).status).toBe(200);
    expect(kvGet).toHaveBeenCalledExactlyOnceWith(READINESS_KV_KEY);
    expect(kvPut).not.toHaveBeenCalled();
    expect(head).toHaveBeenCalledExactlyOnceWith(INSTALLER_OBJECTS['mt-recover']);
    expect(send).toHaveBeenCalledExactlyOnceWith(READINESS_PACKET, { contentType: 'json' });
    expect(sendBatch).not.toHaveBeenCalled();
  });

  it('sends a packet the beacon consumer acks without delivering anything or logging an error', async () => {
    const error = vi.spyOn(console, 'error');
    const post = vi.spyOn(env.ORIGIN!, 'fetch');
    const ack = vi.fn();
    const retry = vi.fn();
    const batch = { queue: 'mt-beacons', messages: [{ id: 'readiness-1', body: structuredClone(READINESS_PACKET), attempts: 1, ack, retry }], ackAll: vi.fn(), retryAll: vi.fn() } as unknown as MessageBatch<unknown>;
    await worker.queue(batch, env, createExecutionContext());
    expect(ack).toHaveBeenCalledTimes(1);
    expect(retry).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('each dependency failing', () => {
  it('KV: a read that throws', async () => {
    vi.spyOn(env.PLAN_CACHE, 'get').mockRejectedValue(new Error('KV GET failed: 503'));
    await expectOnly('kv', { state: 'failing', detail: 'error' });
  });

  it('the installer bucket: a head that throws', async () => {
    vi.spyOn(env.INSTALLERS, 'head').mockRejectedValue(new Error('R2 internal error'));
    await expectOnly('installers', { state: 'failing', detail: 'error' });
  });

  it('the installer bucket: the installer is not there', async () => {
    await env.INSTALLERS.delete(INSTALLER_OBJECTS['mt-recover']);
    await expectOnly('installers', { state: 'failing', detail: 'installer missing' });
  });

  it('the beacon queue: a send that throws', async () => {
    vi.spyOn(env.BEACON_QUEUE, 'send').mockRejectedValue(new Error('Queue send failed: backlog full'));
    await expectOnly('queue', { state: 'failing', detail: 'error' });
  });

  it('the upstream: its /health answers 503', async () => {
    vi.spyOn(env.ORIGIN!, 'fetch').mockResolvedValue(new Response('down for maintenance', { status: 503 }));
    await expectOnly('upstream', { state: 'failing', detail: 'HTTP 503' });
  });

  it('the upstream: unreachable', async () => {
    vi.spyOn(env.ORIGIN!, 'fetch').mockRejectedValue(new Error('network connection lost'));
    await expectOnly('upstream', { state: 'failing', detail: 'unreachable' });
  });

  it('logs what failed, for ops, with the error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(env.PLAN_CACHE, 'get').mockRejectedValue(new Error('KV GET failed: 503'));
    await ready();
    const lines = warn.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'readiness check failed', check: 'kv', state: 'failing', error: 'Error: KV GET failed: 503' }));
  });
});

describe('each dependency hanging: answered at the 2 s deadline', () => {
  const hung = async (name: keyof ReadyBody['checks']) => {
    const { body, elapsed } = await expectOnly(name, { state: 'timeout' });
    expect(body.checks[name].ms).toBeGreaterThanOrEqual(READINESS_DEADLINE_MS - 300);
    // The deadline, not the dependency, ends the wait (with room for a busy machine's late timers).
    expect(elapsed).toBeLessThan(READINESS_DEADLINE_MS + 8000);
  };

  it('KV', async () => {
    vi.spyOn(env.PLAN_CACHE, 'get').mockImplementation(hang);
    await hung('kv');
  });

  it('the installer bucket', async () => {
    vi.spyOn(env.INSTALLERS, 'head').mockImplementation(hang);
    await hung('installers');
  });

  it('the beacon queue', async () => {
    vi.spyOn(env.BEACON_QUEUE, 'send').mockImplementation(hang);
    await hung('queue');
  });

  it('the upstream', async () => {
    vi.spyOn(env.ORIGIN!, 'fetch').mockImplementation(hang);
    await hung('upstream');
  });

  it('everything at once, the rate limiter included: still one answer, naming all four', async () => {
    vi.spyOn(env.PLAN_CACHE, 'get').mockImplementation(hang);
    vi.spyOn(env.INSTALLERS, 'head').mockImplementation(hang);
    vi.spyOn(env.BEACON_QUEUE, 'send').mockImplementation(hang);
    vi.spyOn(env.ORIGIN!, 'fetch').mockImplementation(hang);
    vi.spyOn(env.FORM_RATE_LIMITER, 'limit').mockImplementation(hang);
    const started = Date.now();
    const res = await ready();
    expect(res.status).toBe(503);
    const body = await readyBody(res);
    expect(body.failed.sort()).toEqual(NAMES);
    for (const check of Object.values(body.checks)) expect(check.state).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(READINESS_DEADLINE_MS + 8000);
  });
});

describe('rate limit', () => {
  it('is rate-limited per client like /health/upstream: 10 a minute, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await ready('203.0.113.91')).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const limited = await ready('203.0.113.91');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.headers.get('cache-control')).toBe('no-store');
    // Another client is not affected.
    expect((await ready('203.0.113.92')).status).toBe(200);
  });

  it('goes on when the limiter fails', async () => {
    vi.spyOn(env.FORM_RATE_LIMITER, 'limit').mockRejectedValue(new Error('rate limiter unavailable'));
    expect((await ready()).status).toBe(200);
  });
});
