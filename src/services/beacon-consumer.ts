import { COLLECT_PATH, edgeBeaconSchema, MAX_COLLECT_BATCH } from '../domain/api-schemas';
import { dedupeKey, DLQ_HOLD_SECONDS, retryDelaySeconds } from '../domain/tracking';
import type { BeaconMessage } from '../routes/beacon';

/**
 * The queue consumer (the Worker's `queue` export). Two queues come here:
 *
 * - mt-beacons: events accepted at the edge, posted to the collection host in batches of up to
 *   100. What the host takes is acked; what fails (host down, 5xx, timeout) is retried with a
 *   growing delay; after max_retries the queue moves it to mt-beacons-dlq. A duplicate inside a
 *   batch is acked without being sent; across batches the host's UNIQUE index drops repeats.
 * - mt-beacons-dlq: held (retried every 12 h) unless BEACON_REPLAY is "true", in which case the
 *   events are re-sent to mt-beacons and delivered again. docs/ARCHITECTURE.md, "Beacons".
 */
export const BEACON_QUEUE_NAME = 'mt-beacons';
export const BEACON_DLQ_NAME = 'mt-beacons-dlq';

type Outcome = 'stored' | 'rejected' | 'failed';

export async function consumeBeacons(batch: MessageBatch<unknown>, env: Env, _ctx?: ExecutionContext): Promise<void> {
  if (batch.queue === BEACON_DLQ_NAME) return handleDeadLetters(batch, env);
  return deliver(batch, env);
}

/** A message body the edge wrote, re-checked: a body that is not one can never succeed. */
function readMessage(body: unknown): BeaconMessage | null {
  if (!body || typeof body !== 'object' || (body as { v?: unknown }).v !== 1) return null;
  const { event, edge } = body as { event?: unknown; edge?: unknown };
  const parsed = edgeBeaconSchema.safeParse(event);
  if (!parsed.success || !edge || typeof edge !== 'object') return null;
  return { v: 1, event: parsed.data, edge: edge as BeaconMessage['edge'] };
}

/** The event as the collection host receives it: the report fields plus the edge's facts. */
function collectEvent({ event, edge }: BeaconMessage) {
  return {
    ...event,
    received_at: edge.received_at,
    client_id: edge.client_id,
    country: edge.country,
    colo: edge.colo,
    is_bot: edge.is_bot,
  };
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
  // First message of each event; later copies ride along with it.
  const groups = new Map<string, { message: BeaconMessage; carriers: Message<unknown>[] }>();
  for (const msg of batch.messages) {
    const message = readMessage(msg.body);
    if (!message) {
      console.error(JSON.stringify({ level: 'error', msg: 'dropping a malformed beacon message', id: msg.id }));
      msg.ack();
      continue;
    }
    const key = dedupeKey(message.event);
    const group = groups.get(key);
    if (group) group.carriers.push(msg);
    else groups.set(key, { message, carriers: [msg] });
  }

  const settle = (carriers: Message<unknown>[], outcome: Outcome) => {
    for (const msg of carriers) {
      if (outcome === 'failed') msg.retry({ delaySeconds: retryDelaySeconds(msg.attempts) });
      else msg.ack();
    }
  };

  const all = [...groups.values()];
  for (let i = 0; i < all.length; i += MAX_COLLECT_BATCH) {
    const chunk = all.slice(i, i + MAX_COLLECT_BATCH);
    const outcome = await postEvents(env, chunk.map((g) => collectEvent(g.message)));
    if (outcome !== 'rejected' || chunk.length === 1) {
      if (outcome === 'rejected') console.error(JSON.stringify({ level: 'error', msg: 'collection host rejected an event', key: dedupeKey(chunk[0]!.message.event) }));
      chunk.forEach((g) => settle(g.carriers, outcome));
      continue;
    }
    // One bad event must not hold back the others: send them one by one.
    for (const group of chunk) {
      const single = await postEvents(env, [collectEvent(group.message)]);
      if (single === 'rejected') console.error(JSON.stringify({ level: 'error', msg: 'collection host rejected an event', key: dedupeKey(group.message.event) }));
      settle(group.carriers, single);
    }
  }
}

async function handleDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  if (String(env.BEACON_REPLAY) !== 'true') {
    // Hold: the letters stay in the dead-letter queue until replay is switched on.
    batch.retryAll({ delaySeconds: DLQ_HOLD_SECONDS });
    return;
  }
  const replayable = batch.messages.filter((msg) => {
    if (readMessage(msg.body)) return true;
    console.error(JSON.stringify({ level: 'error', msg: 'dropping a malformed dead letter', id: msg.id }));
    msg.ack();
    return false;
  });
  if (replayable.length === 0) return;
  try {
    await env.BEACON_QUEUE.sendBatch(replayable.map((msg) => ({ body: msg.body, contentType: 'json' as const })));
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'dead-letter replay failed', error: String(error) }));
    for (const msg of replayable) msg.retry({ delaySeconds: retryDelaySeconds(msg.attempts) });
    return;
  }
  for (const msg of replayable) msg.ack();
}
