import { env, exports } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import worker from '../../src/index';
import { beaconEventSchema, collectBatchSchema, edgeBeaconSchema } from '../../src/domain/api-schemas';
import { BEACON_QUEUE_NAME } from '../../src/services/beacon-consumer';
import type { BeaconItem, BeaconMessage } from '../../src/domain/beacon-messages';
import { captureQueue, countAtHost, ORIGIN, UA } from './helpers';
import { FUZZ_TEST_TIMEOUT_MS, HOSTILE, answerProblems, freshIp, fuzzParams } from './fuzz-shared';

// Property-based fuzzing of the tracking beacon, edge to collection host. Random report queries
// (each field valid, invalid or absent; unknown and repeated keys) go to GET/POST /beacon:
//   - the edge accepts exactly what the shared edge schema accepts, and never answers 5xx;
//   - whatever it enqueues passes the collection host's beaconEventSchema (observed by spying on
//     the queue's send, which then does not deliver);
//   - through the real queue, the host stores exactly the accepted events of this run (counted
//     with the origin's GET /collect/count) and none of the refused ones;
//   - the queue consumer, fed random message bodies, posts only valid events to the host.

// Each property runs a few hundred requests: give it time on a busy 2-core machine (they take
// a few seconds; the bound is the run count, not the clock).
vi.setConfig({ testTimeout: FUZZ_TEST_TIMEOUT_MS });

beforeAll(async () => {
  await env.ORIGIN!.fetch('https://origin.internal/health');
});

afterEach(() => {
  vi.restoreAllMocks();
});

const PAIRS = [['16', '1'], ['16', '2'], ['16', '11'], ['16', '12'], ['16', '15']] as const;
const hostile = fc.constantFrom(...HOSTILE);
const junk = fc.oneof(hostile, fc.string({ maxLength: 20 }), fc.constantFrom('', ' ', '-1', '1.5', '1e3', 'null', 'true', '0x10', 'x'.repeat(300)));
const token = fc.stringMatching(/^[A-Za-z0-9_.:/-]{1,24}$/);

const ms = fc.integer({ min: 1_000_000_000_000, max: 9_999_999_999_999 }).map(String);
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });

/** A report the edge must accept: required fields valid, optional ones valid or absent. */
const validReportArb = fc
  .record({
    uuid: fc.stringMatching(/^[A-Za-z0-9-]{8,40}$/),
    time_: ms,
    action: fc.oneof(fc.constantFrom('download', 'buy_click', 'page_view'), fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/)),
    tryno: opt(fc.integer({ min: 0, max: 20 }).map(String)),
    business_index: fc.constantFrom('8109', '8105'),
    cid: fc.constant('81'),
    pair: fc.constantFrom(...PAIRS),
    item_id: opt(token),
    page_id: opt(token),
    btn_id: opt(token),
    from_: opt(fc.stringMatching(/^[A-Za-z0-9_.-]{1,24}$/)),
    step: opt(token),
    indent: opt(token),
    result: opt(token),
    pkg_type: opt(token),
    user_info: opt(fc.string({ maxLength: 60 }).filter((s) => !/[\u0000-\u001f\u007f<>]/.test(s))),
    pay: opt(token),
    collect_time: opt(ms),
  })
  .map(({ pair, ...rest }) => {
    const fields: Record<string, string> = {};
    for (const [key, v] of Object.entries({ ...rest, tid1: pair[0], tid2: pair[1] })) if (v !== undefined) fields[key] = v;
    return fields;
  });

const FIELD_NAMES = ['uuid', 'time_', 'action', 'tryno', 'business_index', 'cid', 'tid1', 'tid2', 'item_id', 'page_id', 'btn_id', 'from_', 'step', 'indent', 'result', 'pkg_type', 'user_info', 'pay', 'collect_time'];
/** One change that may or may not make a report invalid: junk in a field, a field dropped, an unknown key, another tid pair. */
const mutationArb = fc.oneof(
  fc.tuple(fc.constant('set' as const), fc.constantFrom(...FIELD_NAMES), junk),
  fc.tuple(fc.constant('drop' as const), fc.constantFrom(...FIELD_NAMES), fc.constant('')),
  fc.tuple(fc.constant('set' as const), fc.constantFrom('evil', 'uuid2', '__proto__', 'constructor', 'time'), junk),
  fc.tuple(fc.constant('set' as const), fc.constantFrom('tid1', 'tid2', 'business_index', 'cid'), fc.constantFrom('16', '17', '0', '3', '01', '8100', '82', '99999')),
);

/** About half valid reports, half with one to three mutations. */
const reportArb = fc.tuple(validReportArb, fc.oneof(fc.constant([]), fc.array(mutationArb, { minLength: 1, maxLength: 3 }))).map(([fields, mutations]) => {
  const out = { ...fields };
  for (const [kind, key, v] of mutations) {
    if (kind === 'drop') delete out[key];
    else out[key] = v;
  }
  return out;
});

/**
 * The query string; one in eight with a key repeated (which the edge must refuse). Not
 * fc.option(…, {freq: 8}): that gives the *nil* one chance in eight, so seven queries in eight
 * were repeats, and 40 samples had no accepted beacon about one run in thirteen.
 */
const repeatArb = fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('uuid', 'action', 'cid', 'tid1') });
const queryArb = fc.tuple(reportArb, repeatArb).map(([fields, repeat]) => {
  const params = new URLSearchParams(fields);
  if (repeat) {
    params.append(repeat, fields[repeat] ?? 'x');
    if (!(repeat in fields)) params.append(repeat, 'x');
  }
  return { fields, repeated: repeat !== undefined, query: params.toString() };
});

function sendBeacon(query: string, method: 'GET' | 'POST') {
  return exports.default.fetch(new Request(`${ORIGIN}/beacon?${query}`, { method, headers: { 'user-agent': UA.desktop, 'cf-connecting-ip': freshIp() } }));
}

/** The event as the consumer posts it to the host (src/services/beacon-consumer.ts collectEvent). */
function asCollected({ event, edge }: BeaconItem) {
  return { ...event, received_at: edge.received_at, client_id: edge.client_id, country: edge.country, colo: edge.colo, is_bot: edge.is_bot };
}

describe('random beacons at the edge', () => {
  it('are accepted exactly when the edge schema accepts them, and everything enqueued is a valid collection event', async () => {
    const { messages: queued } = captureQueue();
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(queryArb, fc.constantFrom('GET' as const, 'POST' as const), async ({ fields, repeated, query }, method) => {
        const res = await sendBeacon(query, method);
        const label = `${method} /beacon?${query}`;
        expect(await answerProblems(res.clone()), label).toEqual([]);
        await res.arrayBuffer();
        expect([200, 204, 400, 414, 429], label).toContain(res.status);
        const shouldAccept = !repeated && `${ORIGIN}/beacon?${query}`.length <= 4096 && edgeBeaconSchema.safeParse(fields).success;
        const wasAccepted = res.status === (method === 'POST' ? 204 : 200);
        expect(wasAccepted, label).toBe(shouldAccept);
        if (wasAccepted) accepted++;
      }),
      fuzzParams(250),
    );
    // waitUntil sends after the answer: let them land.
    await vi.waitFor(() => expect(queued.length).toBeGreaterThan(0));
    expect(accepted).toBeGreaterThan(0);
    expect(queued.length).toBeLessThanOrEqual(accepted);
    for (const message of queued) {
      expect(edgeBeaconSchema.safeParse(message.event).success, JSON.stringify(message.event)).toBe(true);
      expect(beaconEventSchema.safeParse(message.event).success, JSON.stringify(message.event)).toBe(true);
      expect(collectBatchSchema.safeParse({ events: [asCollected(message)] }).success, JSON.stringify(message.event)).toBe(true);
    }
  });
});

describe('random beacons through the real queue', () => {
  it('leave exactly the accepted events of this run at the collection host, and none of the refused ones', async () => {
    const runUuid = `fuzz-${crypto.randomUUID().slice(0, 18)}`;
    const samples = fc.sample(queryArb, { numRuns: 40, ...(fuzzParams(1).seed === undefined ? {} : { seed: fuzzParams(1).seed }) });
    const acceptedKeys = new Set<string>();
    const statuses: number[] = [];
    let n = 0;
    for (const { fields, repeated } of samples) {
      // One uuid for the run (so the host can count it) and distinct times (so nothing dedupes by accident).
      const own: Record<string, string> = { ...fields, uuid: runUuid, time_: String(1_763_700_000_000 + n++) };
      const params = new URLSearchParams(own);
      if (repeated) params.append('uuid', runUuid);
      const res = await sendBeacon(params.toString(), 'GET');
      await res.arrayBuffer();
      statuses.push(res.status);
      if (res.status === 200) acceptedKeys.add(`${own['time_']}|${own['action']}|${own['tryno'] ?? 0}`);
    }
    const count = () => countAtHost(runUuid);
    expect(acceptedKeys.size, `statuses: ${statuses.join(' ')}`).toBeGreaterThan(0);
    await vi.waitFor(async () => expect(await count()).toBeGreaterThanOrEqual(acceptedKeys.size), { timeout: 20_000, interval: 250 });
    expect(await count()).toBe(acceptedKeys.size);
  });
});

describe('the queue consumer fed random message bodies', () => {
  it('posts only valid events to the host, acks what can never be delivered, and retries nothing while the host is up', async () => {
    const validMessage = validReportArb
      .filter((fields) => edgeBeaconSchema.safeParse(fields).success)
      .map((fields): BeaconMessage => ({
        v: 1,
        event: edgeBeaconSchema.parse(fields),
        edge: { country: 'US', colo: 'LAX', received_at: 1_763_700_000_000, client_id: 'f'.repeat(32), is_bot: false },
      }));
    const tampered = fc.tuple(validMessage, fc.constantFrom('uuid', 'action', 'time_', 'business_index', 'user_info', 'tid2'), junk).map(([message, key, v]) => ({ ...message, event: { ...message.event, [key]: v } }));
    // Packets as the edge writes them (v2), some with a tampered item among valid ones.
    const item = ({ event, edge }: BeaconMessage): BeaconItem => ({ event, edge });
    const packet = fc.array(fc.oneof(validMessage, tampered), { minLength: 1, maxLength: 6 }).map((messages) => ({ v: 2, items: messages.map(item) }));
    const bodyArb = fc.oneof(validMessage, tampered, packet, fc.anything({ maxDepth: 2 }), fc.constant({ v: 2, event: {}, edge: {} }), fc.constant({ v: 2, items: 'x' }));

    // The consumer logs each malformed body it drops: expected here, by the hundred.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const posted: unknown[] = [];
    const origin = env.ORIGIN!;
    const originFetch = origin.fetch.bind(origin);
    vi.spyOn(origin, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input as RequestInfo, init);
      if (new URL(request.url).pathname === '/collect') posted.push(await request.clone().json());
      return originFetch(request);
    });

    await fc.assert(
      fc.asyncProperty(fc.array(bodyArb, { minLength: 1, maxLength: 12 }), async (bodies) => {
        posted.length = 0;
        const acked: number[] = [];
        const retried: number[] = [];
        const batch = {
          queue: BEACON_QUEUE_NAME,
          messages: bodies.map((body, i) => ({ id: String(i), timestamp: new Date(), attempts: 1, body, ack: () => void acked.push(i), retry: () => void retried.push(i) })),
          ackAll: () => undefined,
          retryAll: () => undefined,
        } as unknown as MessageBatch<unknown>;
        await worker.queue(batch, env, createExecutionContext());
        expect(retried).toEqual([]);
        expect(acked.sort((a, b) => a - b)).toEqual(bodies.map((_, i) => i));
        for (const batchBody of posted) {
          const parsed = collectBatchSchema.safeParse(batchBody);
          expect(parsed.success, JSON.stringify(batchBody)).toBe(true);
          for (const event of (batchBody as { events: unknown[] }).events) expect(edgeBeaconSchema.safeParse(pickReportFields(event)).success, JSON.stringify(event)).toBe(true);
        }
      }),
      fuzzParams(40),
    );
  });
});

/** The report fields of a collected event (without what the edge added). */
function pickReportFields(event: unknown): Record<string, unknown> {
  const { received_at: _r, client_id: _c, country: _co, colo: _cl, is_bot: _b, ...fields } = event as Record<string, unknown>;
  return fields;
}
