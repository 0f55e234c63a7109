import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker, { app } from '../../src/index';

// The staging environment runs the production code with ENVIRONMENT = "staging": its own health
// answer, no local-only controls on its public host, and its own queue names.

const stagingEnv = () => ({ ...env, ENVIRONMENT: 'staging' }) as unknown as Env;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('staging', () => {
  it("answers /health with exactly 'ok: staging'", async () => {
    const res = await app.request('/health', {}, stagingEnv());
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok: staging');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('does not let anyone replace the installer', async () => {
    const put = vi.spyOn(env.INSTALLERS, 'put');
    const res = await app.request('/__test/installer', { method: 'PUT', body: 'MZ', headers: { 'content-length': '2' } }, stagingEnv());
    expect(res.status).toBe(404);
    expect(put).not.toHaveBeenCalled();
  });

  it('hides the bench routes', async () => {
    expect((await app.request('/__bench/routes', {}, stagingEnv())).status).toBe(404);
    expect((await app.request('/__bench/render?path=/&n=2000', {}, stagingEnv())).status).toBe(404);
  });

  it("holds the letters of its dead-letter queue, mt-beacons-staging-dlq, while replay is off", async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const retryAll = vi.fn();
    const batch = { queue: 'mt-beacons-staging-dlq', messages: [{ id: 'letter-1', body: { v: 2, items: [] }, attempts: 1, ack: vi.fn(), retry: vi.fn() }], retryAll, ackAll: vi.fn() } as unknown as MessageBatch<unknown>;
    await worker.queue(batch, stagingEnv(), createExecutionContext());
    expect(retryAll).toHaveBeenCalledTimes(1);
  });

  it('delivers from its beacon queue, mt-beacons-staging, like production does from mt-beacons', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const ack = vi.fn();
    const retryAll = vi.fn();
    const batch = { queue: 'mt-beacons-staging', messages: [{ id: 'packet-1', body: { v: 2, items: [] }, attempts: 1, ack, retry: vi.fn() }], retryAll, ackAll: vi.fn() } as unknown as MessageBatch<unknown>;
    await worker.queue(batch, stagingEnv(), createExecutionContext());
    expect(ack).toHaveBeenCalledTimes(1);
    expect(retryAll).not.toHaveBeenCalled();
  });
});
