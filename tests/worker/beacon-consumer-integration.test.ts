import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import { countAtHost, setCollectDown } from './helpers';
import { BEACON_DLQ_NAME, BEACON_QUEUE_NAME } from '../../src/services/beacon-consumer';
import type { BeaconMessage, BeaconPacket } from '../../src/domain/beacon-messages';
import { edgeBeaconSchema, MAX_COLLECT_BATCH } from '../../src/domain/api-schemas';
import { DLQ_HOLD_SECONDS, retryDelaySeconds } from '../../src/domain/tracking';

// The Worker's queue handler, called directly with batches built by cloudflare:test, against the
// reference origin as the collection host (the ORIGIN auxiliary worker). The host's fault switch
// (POST /__faults) takes it down; fetch interception is used only to inject a refusal or an outage.

const origin = env.ORIGIN!;

let runCounter = 0;
/** A uuid of its own per test: the host's table is shared by the whole file. */
const freshUuid = () => `consumer-${Date.now().toString(36)}-${++runCounter}`;

function beaconMessage(uuid: string, n: number, overrides: Record<string, string> = {}): BeaconMessage {
  const event = edgeBeaconSchema.parse({ uuid, time_: String(1763700000000 + n), action: 'download', business_index: '8109', cid: '81', tid1: '16', tid2: '1', ...overrides });
  return { v: 1, event, edge: { country: 'US', colo: 'SJC', received_at: 1763700000500 + n, client_id: 'c'.repeat(32), is_bot: false } };
}

/** What the handler did with a batch: which messages it acked, which it retried and after how long. */
interface Outcome {
  acked: string[];
  retried: { id: string; delaySeconds?: number }[];
  retriedAll?: { delaySeconds?: number };
  ids: string[];
}

let idCounter = 0;
/** A MessageBatch whose messages record ack() and retry({delaySeconds}) (cloudflare:test's drops the delay). */
function fakeBatch(queue: string, bodies: unknown[], attempts = 1): { batch: MessageBatch<unknown>; outcome: Outcome } {
  const outcome: Outcome = { acked: [], retried: [], ids: [] };
  const messages = bodies.map((body) => {
    const id = `msg-${++idCounter}`;
    outcome.ids.push(id);
    return {
      id,
      timestamp: new Date(1763700000000),
      attempts,
      body,
      ack: () => void outcome.acked.push(id),
      retry: (options?: { delaySeconds?: number }) => void outcome.retried.push({ id, delaySeconds: options?.delaySeconds }),
    };
  });
  const batch = {
    queue,
    messages,
    metadata: { metrics: { backlogCount: 0, backlogBytes: 0, oldestMessageTimestamp: new Date(0) } },
    ackAll: () => void outcome.acked.push(...outcome.ids),
    retryAll: (options?: { delaySeconds?: number }) => void (outcome.retriedAll = { delaySeconds: options?.delaySeconds }),
  } as unknown as MessageBatch<unknown>;
  return { batch, outcome };
}

async function run(queue: string, bodies: unknown[], attempts = 1, runEnv: Env = env): Promise<Outcome> {
  const { batch, outcome } = fakeBatch(queue, bodies, attempts);
  await worker.queue(batch, runEnv, createExecutionContext());
  return outcome;
}

/** Records every body posted to the collection host, still passing the requests through. */
function recordPosts() {
  const bodies: { events: Record<string, unknown>[] }[] = [];
  const paths: string[] = [];
  const realFetch = origin.fetch.bind(origin);
  vi.spyOn(origin, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input as RequestInfo, init);
    paths.push(new URL(request.url).pathname);
    bodies.push(await request.clone().json());
    return realFetch(request);
  });
  return { bodies, paths };
}

const sorted = (list: string[]) => [...list].sort();

beforeEach(async () => {
  await setCollectDown(false);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await setCollectDown(false);
});

describe('delivering beacons to the collection host', () => {
  it('posts a batch in one request, stores every event and acks every message', async () => {
    const uuid = freshUuid();
    const posts = recordPosts();
    const outcome = await run(BEACON_QUEUE_NAME, [0, 1, 2].map((n) => beaconMessage(uuid, n)));
    expect(posts.paths).toEqual(['/collect']);
    expect(sorted(outcome.acked)).toEqual(sorted(outcome.ids));
    expect(outcome.retried).toEqual([]);
    vi.restoreAllMocks();
    expect(await countAtHost(uuid)).toBe(3);
  });

  it(`splits more than ${MAX_COLLECT_BATCH} events into several posts`, async () => {
    const uuid = freshUuid();
    const posts = recordPosts();
    const n = MAX_COLLECT_BATCH + 50;
    const outcome = await run(BEACON_QUEUE_NAME, Array.from({ length: n }, (_, i) => beaconMessage(uuid, i)));
    expect(posts.bodies.map((b) => b.events.length)).toEqual([MAX_COLLECT_BATCH, 50]);
    expect(outcome.acked).toHaveLength(n);
    vi.restoreAllMocks();
    expect(await countAtHost(uuid)).toBe(n);
  });

  it('sends the edge facts along and never an IP', async () => {
    const uuid = freshUuid();
    const posts = recordPosts();
    await run(BEACON_QUEUE_NAME, [beaconMessage(uuid, 0)]);
    expect(posts.bodies[0]!.events[0]).toMatchObject({ uuid, action: 'download', country: 'US', colo: 'SJC', client_id: 'c'.repeat(32), is_bot: false });
  });

  it('retries every message with a delay that grows with its attempts while the host is down, and stores nothing', async () => {
    const uuid = freshUuid();
    await setCollectDown(true);
    const first = await run(BEACON_QUEUE_NAME, [beaconMessage(uuid, 0), beaconMessage(uuid, 1)], 1);
    expect(first.acked).toEqual([]);
    expect(first.retried.map((r) => r.delaySeconds)).toEqual([retryDelaySeconds(1), retryDelaySeconds(1)]);
    const third = await run(BEACON_QUEUE_NAME, [beaconMessage(uuid, 0)], 3);
    expect(third.retried.map((r) => r.delaySeconds)).toEqual([retryDelaySeconds(3)]);
    expect(retryDelaySeconds(3)).toBeGreaterThan(retryDelaySeconds(1));
    await setCollectDown(false);
    expect(await countAtHost(uuid)).toBe(0);
  });

  it('retries when the host cannot be reached at all', async () => {
    const uuid = freshUuid();
    vi.spyOn(origin, 'fetch').mockRejectedValue(new Error('connection reset'));
    const outcome = await run(BEACON_QUEUE_NAME, [beaconMessage(uuid, 0)], 2);
    expect(outcome.acked).toEqual([]);
    expect(outcome.retried).toEqual([{ id: outcome.ids[0], delaySeconds: retryDelaySeconds(2) }]);
  });

  it('sends an event that appears twice in a batch once and acks both copies', async () => {
    const uuid = freshUuid();
    const posts = recordPosts();
    const outcome = await run(BEACON_QUEUE_NAME, [beaconMessage(uuid, 0), beaconMessage(uuid, 0), beaconMessage(uuid, 1)]);
    expect(posts.bodies[0]!.events).toHaveLength(2);
    expect(sorted(outcome.acked)).toEqual(sorted(outcome.ids));
    vi.restoreAllMocks();
    expect(await countAtHost(uuid)).toBe(2);
  });

  it('acks a batch delivered again after it was stored, without doubling it at the host', async () => {
    const uuid = freshUuid();
    const bodies = [beaconMessage(uuid, 0), beaconMessage(uuid, 1)];
    await run(BEACON_QUEUE_NAME, bodies);
    const again = await run(BEACON_QUEUE_NAME, bodies, 2);
    expect(again.acked).toHaveLength(2);
    expect(await countAtHost(uuid)).toBe(2);
  });

  it('drops a malformed message and still delivers the rest', async () => {
    const uuid = freshUuid();
    const outcome = await run(BEACON_QUEUE_NAME, [{ v: 1, event: { uuid: 'x' } }, 'garbage', beaconMessage(uuid, 0)]);
    expect(sorted(outcome.acked)).toEqual(sorted(outcome.ids));
    expect(outcome.retried).toEqual([]);
    expect(await countAtHost(uuid)).toBe(1);
  });

  it('when the host refuses a batch, sends its events one by one: the refused one is dropped, the others stored', async () => {
    const uuid = freshUuid();
    const poison = `${uuid}-poison`;
    const realFetch = origin.fetch.bind(origin);
    vi.spyOn(origin, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input as RequestInfo, init);
      const { events } = (await request.clone().json()) as { events: { uuid: string }[] };
      if (events.length > 1 || events[0]!.uuid === poison) return Response.json({ resp_common: { ret: 4001001, msg: 'refused' } }, { status: 400 });
      return realFetch(request);
    });
    const outcome = await run(BEACON_QUEUE_NAME, [beaconMessage(uuid, 0), beaconMessage(poison, 1), beaconMessage(uuid, 2)]);
    expect(sorted(outcome.acked)).toEqual(sorted(outcome.ids));
    expect(outcome.retried).toEqual([]);
    vi.restoreAllMocks();
    expect(await countAtHost(uuid)).toBe(2);
    expect(await countAtHost(poison)).toBe(0);
  });
});

describe('packets (several events in one queue message, as the edge sends them)', () => {
  const packet = (messages: BeaconMessage[]): BeaconPacket => ({ v: 2, items: messages.map(({ event, edge }) => ({ event, edge })) });

  it('stores every event of every packet and acks the packets', async () => {
    const uuid = freshUuid();
    const posts = recordPosts();
    const outcome = await run(BEACON_QUEUE_NAME, [packet([0, 1, 2].map((n) => beaconMessage(uuid, n))), packet([3, 4].map((n) => beaconMessage(uuid, n))), beaconMessage(uuid, 5)]);
    expect(posts.bodies).toHaveLength(1);
    expect(posts.bodies[0]!.events).toHaveLength(6);
    expect(sorted(outcome.acked)).toEqual(sorted(outcome.ids));
    vi.restoreAllMocks();
    expect(await countAtHost(uuid)).toBe(6);
  });

  it('retries a whole packet when any of its events could not be delivered, and acks the packets that got through', async () => {
    const uuid = freshUuid();
    // Packets of 50 filling one post and spilling into a second: the first post fails, the second goes through.
    const perPost = MAX_COLLECT_BATCH / 50;
    const packets = Array.from({ length: perPost + 1 }, (_, p) => packet(Array.from({ length: 50 }, (_, n) => beaconMessage(uuid, p * 50 + n))));
    const realFetch = origin.fetch.bind(origin);
    let posts = 0;
    vi.spyOn(origin, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (++posts === 1) throw new Error('connection reset');
      return realFetch(input as RequestInfo, init);
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const outcome = await run(BEACON_QUEUE_NAME, packets, 3);
    const firstPost = outcome.ids.slice(0, perPost);
    expect(sorted(outcome.retried.map((r) => r.id))).toEqual(sorted(firstPost));
    expect(outcome.retried[0]!.delaySeconds).toBe(retryDelaySeconds(3));
    expect(outcome.acked).toEqual([outcome.ids[perPost]]);
    vi.restoreAllMocks();
    expect(await countAtHost(uuid)).toBe(50);
    // The retry stores the rest; what was stored already is not doubled.
    expect((await run(BEACON_QUEUE_NAME, packets.slice(0, perPost), 4)).acked).toHaveLength(perPost);
    expect(await countAtHost(uuid)).toBe((perPost + 1) * 50);
  });

  it('drops the malformed items of a packet and delivers the others', async () => {
    const uuid = freshUuid();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = packet([beaconMessage(uuid, 0), beaconMessage(uuid, 1)]);
    const mixed = { v: 2, items: [...good.items, { event: { uuid: 'x' }, edge: {} }, { event: good.items[0]!.event, edge: { ...good.items[0]!.edge, client_id: '203.0.113.5' } }] };
    const outcome = await run(BEACON_QUEUE_NAME, [mixed, { v: 2, items: [] }, { v: 2, items: 'x' }]);
    expect(sorted(outcome.acked)).toEqual(sorted(outcome.ids));
    expect(await countAtHost(uuid)).toBe(2);
  });
});

describe('the dead-letter queue', () => {
  const replayEnv = () => ({ ...env, BEACON_REPLAY: 'true' }) as unknown as Env;

  it('holds its letters (retried after 12 h) while replay is off', async () => {
    const sendBatch = vi.spyOn(env.BEACON_QUEUE, 'sendBatch');
    const outcome = await run(BEACON_DLQ_NAME, [beaconMessage(freshUuid(), 0)], 1);
    expect(outcome.retriedAll).toEqual({ delaySeconds: DLQ_HOLD_SECONDS });
    expect(outcome.acked).toEqual([]);
    expect(sendBatch).not.toHaveBeenCalled();
  });

  it('re-sends its letters to mt-beacons and acks them when BEACON_REPLAY is "true"', async () => {
    const uuid = freshUuid();
    const sendBatch = vi.spyOn(env.BEACON_QUEUE, 'sendBatch').mockResolvedValue(undefined as never);
    const bodies = [beaconMessage(uuid, 0), beaconMessage(uuid, 1)];
    const outcome = await run(BEACON_DLQ_NAME, [...bodies, 'garbage'], 6, replayEnv());
    expect(sendBatch).toHaveBeenCalledTimes(1);
    expect([...sendBatch.mock.calls[0]![0]].map((m) => m.body)).toEqual(bodies);
    expect(sorted(outcome.acked)).toEqual(sorted(outcome.ids));
  });

  it('re-sends packets as they are, in calls within the 256 KB a queue call takes', async () => {
    const sendBatch = vi.spyOn(env.BEACON_QUEUE, 'sendBatch').mockResolvedValue(undefined as never);
    const uuid = freshUuid();
    const big = (from: number) => ({ v: 2, items: Array.from({ length: 50 }, (_, n) => beaconMessage(uuid, from + n, { user_info: '漢'.repeat(256), page_id: 'p'.repeat(128) })).map(({ event, edge }) => ({ event, edge })) });
    const letters = [big(0), big(50), big(100), big(150)];
    const outcome = await run(BEACON_DLQ_NAME, letters, 6, replayEnv());
    expect(sorted(outcome.acked)).toEqual(sorted(outcome.ids));
    const calls = sendBatch.mock.calls.map(([batch]) => [...batch].map((m) => m.body));
    expect(calls.flat()).toEqual(letters);
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) expect(new TextEncoder().encode(JSON.stringify(call)).byteLength).toBeLessThanOrEqual(256 * 1024);
  });

  it('keeps its letters for a later replay when re-sending fails', async () => {
    vi.spyOn(env.BEACON_QUEUE, 'sendBatch').mockRejectedValue(new Error('queue unavailable'));
    const outcome = await run(BEACON_DLQ_NAME, [beaconMessage(freshUuid(), 0)], 1, replayEnv());
    expect(outcome.acked).toEqual([]);
    expect(outcome.retried).toHaveLength(1);
  });
});
