import { INSTALLER_OBJECTS } from '../domain/tracking';
import type { BeaconPacket } from '../domain/beacon-messages';
import { checkUpstreamHealth, type UpstreamEnv } from './upstream';

/**
 * The readiness check behind GET /health/ready: can this Worker do its work right now? Four
 * dependencies are asked at once, each with the same overall deadline; a dependency that hangs
 * becomes 'timeout' at the deadline and the answer goes out anyway.
 *
 * - kv: a read of READINESS_KV_KEY, a key nothing writes (a miss is a good answer).
 * - installers: a head of the installer object; a missing installer is a failure (downloads 404).
 * - queue: the beacon producer. A queue producer has no read, so the only proof that a send works
 *   is a send: the check sends one empty packet ({v: 2, items: []}, about 20 bytes), which the
 *   consumer acks without delivering anything or logging an error (it counts as a message in its
 *   batch's log line). It catches what a look at the binding
 *   cannot (the queue deleted, its backlog full, Queues down); it writes no event, and the route
 *   is rate-limited, so it cannot be used to fill the queue.
 * - upstream: the same /health call as /health/upstream, on the default ("release") host.
 *
 * Each result names its state, its time and at most a fixed word or an HTTP status: never an
 * address, a key or an error's text (errors go to the log).
 */
export const READINESS_DEADLINE_MS = 2000;
export const READINESS_KV_KEY = 'health:readiness';
export const READINESS_PACKET: BeaconPacket = { v: 2, items: [] };

export type ReadinessCheckName = 'kv' | 'installers' | 'queue' | 'upstream';
export type ReadinessState = 'ok' | 'failing' | 'timeout';

export interface ReadinessCheck {
  state: ReadinessState;
  /** Milliseconds until it settled (the deadline for a timeout). */
  ms: number;
  /** Why it failed, from a fixed set: 'error', 'installer missing', 'unreachable', 'HTTP <status>'. */
  detail?: string;
}

export interface Readiness {
  ready: boolean;
  checks: Record<ReadinessCheckName, ReadinessCheck>;
  failed: ReadinessCheckName[];
}

export interface ReadinessEnv extends UpstreamEnv {
  PLAN_CACHE: KVNamespace;
  INSTALLERS: R2Bucket;
  BEACON_QUEUE: Queue;
}

type Probe = { ok: true } | { ok: false; timeout?: boolean; detail?: string; error?: unknown };

const probes: Record<ReadinessCheckName, (env: ReadinessEnv, deadlineMs: number) => Promise<Probe>> = {
  kv: async (env) => {
    await env.PLAN_CACHE.get(READINESS_KV_KEY);
    return { ok: true };
  },
  installers: async (env) => ((await env.INSTALLERS.head(INSTALLER_OBJECTS['mt-recover'])) ? { ok: true } : { ok: false, detail: 'installer missing' }),
  queue: async (env) => {
    await env.BEACON_QUEUE.send(READINESS_PACKET, { contentType: 'json' });
    return { ok: true };
  },
  upstream: async (env, deadlineMs) => {
    const health = await checkUpstreamHealth(env, null, deadlineMs);
    if (health.state === 'ok') return { ok: true };
    // Its own deadline is the overall one: a 'timeout' there is this check's timeout.
    if (health.state === 'timeout') return { ok: false, timeout: true };
    return { ok: false, detail: health.status === null ? health.state : `HTTP ${health.status}` };
  },
};

const NAMES = Object.keys(probes) as ReadinessCheckName[];

export async function checkReadiness(env: ReadinessEnv, deadlineMs: number = READINESS_DEADLINE_MS): Promise<Readiness> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), deadlineMs);
  });
  const run = async (name: ReadinessCheckName): Promise<ReadinessCheck> => {
    // Promise.resolve().then: a binding that throws at once (or is missing) is a failure, not a crash.
    const probe = Promise.resolve()
      .then(() => probes[name](env, deadlineMs))
      .catch((error: unknown): Probe => ({ ok: false, detail: 'error', error }));
    const outcome = await Promise.race([probe, deadline]);
    const ms = Date.now() - started;
    if (outcome !== 'deadline' && outcome.ok) return { state: 'ok', ms };
    const result: ReadinessCheck =
      outcome === 'deadline' || outcome.timeout ? { state: 'timeout', ms: Math.max(ms, deadlineMs) } : { state: 'failing', ms, detail: outcome.detail ?? 'error' };
    const error = outcome !== 'deadline' && outcome.error !== undefined ? { error: String(outcome.error) } : {};
    console.warn(JSON.stringify({ level: 'warn', msg: 'readiness check failed', check: name, ...result, ...error }));
    return result;
  };
  try {
    const results = await Promise.all(NAMES.map(run));
    const checks = Object.fromEntries(NAMES.map((name, i) => [name, results[i]!])) as Record<ReadinessCheckName, ReadinessCheck>;
    const failed = NAMES.filter((name) => checks[name].state !== 'ok');
    return { ready: failed.length === 0, checks, failed };
  } finally {
    clearTimeout(timer);
  }
}
