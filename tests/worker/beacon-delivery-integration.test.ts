import { env, exports } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import { BEACON_QUEUE_NAME } from '../../src/services/beacon-consumer';
import type { BeaconItem } from '../../src/domain/beacon-messages';
import { captureQueue, countAtHost, countsAtHost, ORIGIN, setCollectDown, UA } from './helpers';

// The whole way: N beacons in at GET /beacon, N events at the collection host (the reference
// origin, counted with GET /collect/count), with the host down for part of the run. Nothing is
// lost and nothing is doubled.

const origin = env.ORIGIN!;

let ipCounter = 0;
function sendBeacons(uuid: string, from: number, to: number) {
  const ip = `192.0.2.${++ipCounter}`;
  return Promise.all(
    Array.from({ length: to - from }, async (_, i) => {
      const n = from + i;
      const query = new URLSearchParams({ uuid, time_: String(1763700000000 + n), action: 'download', business_index: '8109', cid: '81', tid1: '16', tid2: '1', btn_id: `b${n}` });
      const res = await exports.default.fetch(new Request(`${ORIGIN}/beacon?${query}`, { headers: { 'user-agent': UA.desktop, 'cf-connecting-ip': ip } }));
      expect(res.status).toBe(200);
    }),
  );
}

/**
 * Runs the Worker's queue handler on `items` as one delivery, each in a packet of its own (so a
 * message is an event); resolves to the indexes it acked and retried.
 */
async function deliver(items: BeaconItem[], attempts: number) {
  const bodies = items.map((item) => ({ v: 2, items: [item] }));
  const acked: number[] = [];
  const retried: number[] = [];
  const batch = {
    queue: BEACON_QUEUE_NAME,
    messages: bodies.map((body, i) => ({ id: String(i), timestamp: new Date(), attempts, body, ack: () => void acked.push(i), retry: () => void retried.push(i) })),
    ackAll: () => undefined,
    retryAll: () => undefined,
  } as unknown as MessageBatch<unknown>;
  await worker.queue(batch, env, createExecutionContext());
  return { acked, retried };
}

afterEach(async () => {
  vi.restoreAllMocks();
  await setCollectDown(false);
});

describe('beacons from the edge to the collection host', () => {
  it('N beacons in are N events at the host through the real queue', async () => {
    const uuid = `delivery-real-${Date.now().toString(36)}`;
    const n = 24;
    await sendBeacons(uuid, 0, n);
    await vi.waitFor(async () => expect(await countAtHost(uuid)).toBeGreaterThanOrEqual(n), { timeout: 20_000, interval: 250 });
    // Every event arrived once, each with what the edge added (client id, country, colo, isbot).
    expect(await countsAtHost(uuid)).toEqual({ count: n, with_edge: n });
  });

  it('loses nothing and doubles nothing when the host is down for part of the run', async () => {
    const uuid = `delivery-faults-${Date.now().toString(36)}`;
    const n = 30;
    // What the edge enqueues, captured so this test drives every delivery itself.
    const { messages: queued } = captureQueue();
    await sendBeacons(uuid, 0, n);
    await vi.waitFor(() => expect(queued).toHaveLength(n));
    const firstHalf = queued.slice(0, n / 2);
    const secondHalf = queued.slice(n / 2);

    await setCollectDown(true);
    const whileDown = await deliver(firstHalf, 1);
    expect(whileDown.acked).toEqual([]);
    expect(whileDown.retried).toHaveLength(n / 2);
    expect(await countAtHost(uuid)).toBe(0);

    await setCollectDown(false);
    expect((await deliver(secondHalf, 1)).acked).toHaveLength(n / 2);
    // The retried half comes back, and the queue (at least once) hands the second half over again.
    expect((await deliver(firstHalf, 2)).acked).toHaveLength(n / 2);
    expect((await deliver(secondHalf, 2)).acked).toHaveLength(n / 2);

    expect(await countAtHost(uuid)).toBe(n);
  });

  it('delivers through the real queue what arrived while the host was down, once it is back', async () => {
    const uuid = `delivery-outage-${Date.now().toString(36)}`;
    const n = 12;
    const realFetch = origin.fetch.bind(origin);
    const refused: number[] = [];
    vi.spyOn(origin, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await realFetch(input as RequestInfo, init);
      if (res.status === 503) refused.push(res.status);
      return res;
    });
    await setCollectDown(true);
    await sendBeacons(uuid, 0, n);
    // The consumer has tried and been refused: the host really was down for these events.
    await vi.waitFor(() => expect(refused.length).toBeGreaterThan(0), { timeout: 20_000, interval: 250 });
    expect(await countAtHost(uuid)).toBe(0);
    await setCollectDown(false);
    await vi.waitFor(async () => expect(await countAtHost(uuid)).toBeGreaterThanOrEqual(n), { timeout: 60_000, interval: 500 });
    expect(await countAtHost(uuid)).toBe(n);
  }, 90_000);
});
