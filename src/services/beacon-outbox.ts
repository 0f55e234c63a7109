import { PACKET_MAX_BYTES, PACKET_MAX_ITEMS, type BeaconItem, type BeaconPacket } from '../domain/beacon-messages';
import { dedupeKey } from '../domain/tracking';

/**
 * The edge's outbox for accepted beacons. Items wait here for a moment and leave together: packed
 * into as few queue messages as fit (BeaconPacket, up to 200 events each), sent with as few calls
 * as fit. The queue bills and rate-limits per message and per call, and in the bench a message
 * per beacon was most of what a beacon cost (docs/ARCHITECTURE.md, Beacons).
 *
 * One request at a time holds the flush: the first item into an empty outbox arms a timer in
 * that request's waitUntil, and that flush takes everything that arrived meanwhile; the request
 * that brings the 200th item sends at once. Every other beacon request has nothing to wait for.
 * Requests share only this array, never a promise, so every send runs in a live request context.
 */

/**
 * How long the first item waits for company. Each queue call has a fixed cost (in the bench,
 * a flush every 200 ms cost the beacon several points of throughput against /health), and the
 * consumer batches over seconds anyway.
 */
export const OUTBOX_FLUSH_MS = 500;
/** A queue call takes at most 100 messages and 256 KB; a margin is kept on the bytes. */
export const CALL_MAX_MESSAGES = 100;
export const CALL_MAX_BYTES = 200 * 1024;
/** A flush armed longer ago than this is taken for lost (its request was cancelled); the next item re-arms. */
const ARMED_STALE_MS = 5_000;

const encoder = new TextEncoder();
const jsonBytes = (value: unknown) => encoder.encode(JSON.stringify(value)).byteLength;
const PACKET_ENVELOPE_BYTES = '{"v":2,"items":[]}'.length;

interface Sized<T> {
  value: T;
  bytes: number;
}

const waiting: BeaconItem[] = [];
let armedAt: number | null = null;

/**
 * Puts one item in the outbox, synchronously. Returns the work the caller must keep alive with
 * waitUntil (a flush: now when a packet is full, else after OUTBOX_FLUSH_MS), or null when a
 * flush another request holds will carry the item.
 */
export function post(env: Env, item: BeaconItem, now = Date.now()): Promise<void> | null {
  waiting.push(item);
  if (waiting.length >= PACKET_MAX_ITEMS) return flush(env);
  if (armedAt !== null && now - armedAt < ARMED_STALE_MS) return null;
  armedAt = now;
  return scheduler.wait(OUTBOX_FLUSH_MS).then(() => {
    armedAt = null;
    return flush(env);
  });
}

/** Packs everything waiting (≤ 200 items and ≤ 96 KB a packet) and sends it. */
export async function flush(env: Env): Promise<void> {
  const items = waiting.splice(0, waiting.length).map(sized);
  const packets: Sized<BeaconPacket>[] = [];
  while (items.length > 0) {
    const run = takeRun(items, PACKET_MAX_ITEMS, PACKET_MAX_BYTES);
    // The packet's JSON is `{"v":2,"items":[` + the items joined by commas + `]}`: its size
    // follows from theirs, without stringifying it again.
    const bytes = PACKET_ENVELOPE_BYTES + run.reduce((sum, item) => sum + item.bytes, 0) + run.length - 1;
    packets.push({ value: { v: 2, items: run.map((item) => item.value) }, bytes });
  }
  await sendMessages(env.BEACON_QUEUE, packets, (failed) => ({
    msg: 'beacon enqueue failed',
    count: failed.reduce((sum, packet) => sum + packet.items.length, 0),
    keys: failed.flatMap((packet) => packet.items.map((item) => dedupeKey(item.event))),
  }));
}

/**
 * Sends queue message bodies with as few calls as the queue's limits allow. Each call is tried
 * twice; what still fails is logged (with `describe`) and returned, so a caller that can retry
 * (the dead-letter replay) does.
 */
export async function sendMessages<T>(queue: Queue, bodies: Sized<T>[], describe: (failed: T[]) => Record<string, unknown>): Promise<T[]> {
  const pending = [...bodies];
  const failed: T[] = [];
  while (pending.length > 0) {
    const call = takeRun(pending, CALL_MAX_MESSAGES, CALL_MAX_BYTES).map((body) => body.value);
    if (!(await twice(() => queue.sendBatch(call.map((body) => ({ body, contentType: 'json' as const })))))) failed.push(...call);
  }
  if (failed.length > 0) console.error(JSON.stringify({ level: 'error', ...describe(failed) }));
  return failed;
}

export function sized<T>(value: T): Sized<T> {
  return { value, bytes: jsonBytes(value) };
}

/** Removes and returns the longest run from the front of `list` within both limits (always at least one). */
function takeRun<T extends { bytes: number }>(list: T[], maxCount: number, maxBytes: number): T[] {
  let count = 0;
  let bytes = 0;
  while (count < list.length && count < maxCount && (count === 0 || bytes + list[count]!.bytes <= maxBytes)) {
    bytes += list[count]!.bytes;
    count++;
  }
  return list.splice(0, count);
}

async function twice(send: () => Promise<unknown>): Promise<boolean> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      await send();
      return true;
    } catch (error) {
      if (attempt === 2) console.warn(JSON.stringify({ level: 'warn', msg: 'queue send failed twice', error: String(error) }));
    }
  }
  return false;
}
