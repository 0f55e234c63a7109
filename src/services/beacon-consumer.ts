import { COLLECT_PATH, MAX_COLLECT_BATCH } from '../domain/api-schemas';
import { dedupeKey, DLQ_HOLD_SECONDS, retryDelaySeconds } from '../domain/tracking';
import { readQueueBody, type BeaconItem } from '../domain/beacon-messages';
import { sendMessages, sized } from './beacon-outbox';

/**
 * The queue consumer (the Worker's `queue` export). Two queues come here:
 *
 * - mt-beacons: events accepted at the edge (packets of up to 200, src/domain/beacon-messages.ts),
 *   posted to the collection host 500 at a time. A message whose events the host took is acked;
 *   one with an event that failed (host down, 5xx, timeout) is retried with a growing delay, and
 *   after max_retries the queue moves it to mt-beacons-dlq. An event twice in a batch is sent
 *   once; across batches the host's UNIQUE index drops repeats.
 * - mt-beacons-dlq: held (retried every 12 h) unless BEACON_REPLAY is "true", in which case the
 *   events are re-sent to mt-beacons and delivered again. docs/ARCHITECTURE.md, "Beacons".
 *
 * Staging names its queues apart (mt-beacons-staging and mt-beacons-staging-dlq): every
 * environment's dead-letter queue is its beacon queue's name + "-dlq" (wrangler.toml).
 *
 * Each batch ends with one JSON log line of its outcome (`beacon batch` / `dead-letter batch`):
 * counts and the queue's name only, never an event's fields.
 */
export const BEACON_QUEUE_NAME = 'mt-beacons';
export const BEACON_DLQ_NAME = 'mt-beacons-dlq';

type Outcome = 'stored' | 'rejected' | 'failed';

/** The dead-letter queue of any environment: mt-beacons-dlq, mt-beacons-staging-dlq. */
export function isDeadLetterQueue(queue: string): boolean {
  return queue.endsWith('-dlq');
}

export async function consumeBeacons(batch: MessageBatch<unknown>, env: Env, _ctx?: ExecutionContext): Promise<void> {
  if (isDeadLetterQueue(batch.queue)) return handleDeadLetters(batch, env);
  return deliver(batch, env);
}

/** The event as the collection host receives it: the report fields plus the edge's facts. */
function collectEvent({ event, edge }: BeaconItem) {
  return { ...event, ...edge };
}

/** POST /collect on the collection host: the ORIGIN binding locally, COLLECT_URL in production. */
async function postEvents(env: Env, events: object[]): Promise<Outcome> {
  const timeout = Number(env.UPSTREAM_TIMEOUT_MS) || 8000;
  const init: RequestInit = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ events }),
    signal: AbortSignal.timeout(timeout),
  };
  let res: Response;
  try {
    if (env.COLLECT_URL === 'service:ORIGIN') {
      if (!env.ORIGIN) throw new Error('COLLECT_URL is service:ORIGIN but there is no ORIGIN binding');
      res = await env.ORIGIN.fetch(new Request(`https://collect.internal${COLLECT_PATH}`, init));
    } else {
      res = await fetch(new URL(COLLECT_PATH, env.COLLECT_URL), init);
    }
    // Read the body so the connection is released whatever the status.
    await res.arrayBuffer();
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'collection host unreachable', error: String(error) }));
    return 'failed';
  }
  if (res.ok) return 'stored';
  // 400: the host refuses the content; sending it again cannot help. Anything else may pass later.
  if (res.status === 400) return 'rejected';
  console.warn(JSON.stringify({ level: 'warn', msg: 'collection host refused the batch', status: res.status }));
  return 'failed';
}

async function deliver(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const started = Date.now();
  const count = { malformed: 0, stored: 0, rejected: 0, failed: 0 };
  // Each event once, with every message that carries it (a packet carries many events; a
  // redelivered message or a replayed letter may carry an event again).
  const events = new Map<string, { item: BeaconItem; carriers: Set<Message<unknown>> }>();
  for (const msg of batch.messages) {
    const read = readQueueBody(msg.body);
    if (!read || read.invalid > 0) console.error(JSON.stringify({ level: 'error', msg: 'dropping malformed beacon items', id: msg.id, dropped: read ? read.invalid : 'the whole message' }));
    count.malformed += read ? read.invalid : 1;
    if (!read || read.items.length === 0) {
      msg.ack();
      continue;
    }
    for (const item of read.items) {
      const key = dedupeKey(item.event);
      const entry = events.get(key);
      if (entry) entry.carriers.add(msg);
      else events.set(key, { item, carriers: new Set([msg]) });
    }
  }

  // A message is acked when every event it carries was stored (or refused for good), and
  // retried with a growing delay when any of them could not be delivered: the host's UNIQUE
  // index makes re-sending the stored ones harmless.
  const failed = new Set<Message<unknown>>();
  const settle = (entries: { item: BeaconItem; carriers: Set<Message<unknown>> }[], outcome: Outcome) => {
    count[outcome] += entries.length;
    if (outcome === 'rejected') for (const entry of entries) console.error(JSON.stringify({ level: 'error', msg: 'collection host rejected an event', key: dedupeKey(entry.item.event) }));
    if (outcome === 'failed') for (const entry of entries) for (const msg of entry.carriers) failed.add(msg);
  };

  const all = [...events.values()];
  for (let i = 0; i < all.length; i += MAX_COLLECT_BATCH) {
    const chunk = all.slice(i, i + MAX_COLLECT_BATCH);
    const outcome = await postEvents(env, chunk.map((entry) => collectEvent(entry.item)));
    if (outcome !== 'rejected' || chunk.length === 1) {
      settle(chunk, outcome);
      continue;
    }
    // One bad event must not hold back the others: send them one by one.
    for (const entry of chunk) settle([entry], await postEvents(env, [collectEvent(entry.item)]));
  }

  const carriers = new Set([...events.values()].flatMap((entry) => [...entry.carriers]));
  for (const msg of carriers) {
    if (failed.has(msg)) msg.retry({ delaySeconds: retryDelaySeconds(msg.attempts) });
    else msg.ack();
  }
  console.log(JSON.stringify({
    level: failed.size > 0 ? 'warn' : 'info',
    msg: 'beacon batch',
    queue: batch.queue,
    messages: batch.messages.length,
    events: events.size,
    stored: count.stored,
    rejected: count.rejected,
    failed: count.failed,
    malformed: count.malformed,
    retried: failed.size,
    ms: Date.now() - started,
  }));
}

async function handleDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const log = (outcome: Record<string, unknown>) =>
    console.log(JSON.stringify({ level: 'info', msg: 'dead-letter batch', queue: batch.queue, messages: batch.messages.length, ...outcome }));
  if (String(env.BEACON_REPLAY) !== 'true') {
    // Hold: the letters stay in the dead-letter queue until replay is switched on.
    batch.retryAll({ delaySeconds: DLQ_HOLD_SECONDS });
    log({ action: 'held', holdSeconds: DLQ_HOLD_SECONDS });
    return;
  }
  const replayable = batch.messages.filter((msg) => {
    if (readQueueBody(msg.body)) return true;
    console.error(JSON.stringify({ level: 'error', msg: 'dropping a malformed dead letter', id: msg.id }));
    msg.ack();
    return false;
  });
  if (replayable.length === 0) {
    log({ action: 'replay', replayed: 0, retried: 0, malformed: batch.messages.length });
    return;
  }
  // Back onto mt-beacons as they are (packets stay packets), in calls within the queue's limits.
  const unsent = new Set(await sendMessages(env.BEACON_QUEUE, replayable.map((msg) => sized(msg.body)), (failed) => ({ msg: 'dead-letter replay failed', count: failed.length })));
  for (const msg of replayable) {
    if (unsent.has(msg.body)) msg.retry({ delaySeconds: retryDelaySeconds(msg.attempts) });
    else msg.ack();
  }
  const retried = replayable.filter((msg) => unsent.has(msg.body)).length;
  log({ action: 'replay', replayed: replayable.length - retried, retried, malformed: batch.messages.length - replayable.length });
}
