import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { edgeBeaconSchema, type EdgeBeaconEvent } from '../domain/api-schemas';
import { dedupeKey, MAX_BEACON_URL_LENGTH } from '../domain/tracking';

/**
 * GET /beacon?<SPEC §3 report fields> (the image beacon; POST with the same query string for
 * navigator.sendBeacon). Lean on purpose — validate, hash, rate-limit, enqueue, answer — so it
 * costs about what /health costs; delivery to the collection host is the queue consumer's work.
 */

/** What the edge adds to an event: only the edge knows it, and the raw IP never leaves here. */
export interface EdgeFacts {
  country: string | null;
  colo: string | null;
  /** Epoch milliseconds at the edge. */
  received_at: number;
  /** SHA-256 of IP + salt + UTC day (hex, 128 bits): stable for a day, never reversible to the IP. */
  client_id: string;
  /** isbot on the User-Agent. */
  is_bot: boolean;
}

/** One queue message. `v` lets a later consumer read messages written by an older edge. */
export interface BeaconMessage {
  v: 1;
  event: EdgeBeaconEvent;
  edge: EdgeFacts;
}

/** 1 × 1 transparent GIF. */
const PIXEL = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (ch) => ch.charCodeAt(0));

/** The client-id salt is a secret (`wrangler secret put BEACON_HASH_SALT`), so `wrangler types` cannot know it. */
type BeaconSecrets = { BEACON_HASH_SALT?: string };

/**
 * Without the secret (local runs, or a production deploy that forgot it) the isolate makes a
 * random salt: ids then hold per isolate only, and production logs it.
 */
let fallbackSalt: string | null = null;
function saltOf(env: Env): string {
  const configured = (env as Env & BeaconSecrets).BEACON_HASH_SALT;
  if (configured && configured.length >= 16) return configured;
  if (!fallbackSalt) {
    if (env.ENVIRONMENT === 'production') console.error(JSON.stringify({ level: 'error', msg: 'BEACON_HASH_SALT is not set: client ids hold per isolate only' }));
    fallbackSalt = crypto.randomUUID();
  }
  return fallbackSalt;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export async function hashClientId(ip: string, salt: string, day: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${ip}\n${salt}\n${day}`)));
  let out = '';
  for (let i = 0; i < 16; i++) out += HEX[digest[i]!];
  return out;
}

/**
 * Best-effort first line of the dedupe: the same event seen by this isolate within a minute is
 * answered but not enqueued again. The collection host's UNIQUE (uuid, time_, action, tryno)
 * index is the definitive one (docs/ARCHITECTURE.md, Beacons).
 */
const RECENT_TTL_MS = 60_000;
const RECENT_MAX = 2000;
const recent = new Map<string, number>();

function seenRecently(key: string, now: number): boolean {
  const at = recent.get(key);
  if (at !== undefined && now - at < RECENT_TTL_MS) return true;
  recent.delete(key);
  if (recent.size >= RECENT_MAX) {
    // Maps iterate in insertion order: drop the oldest entry.
    const oldest = recent.keys().next().value;
    if (oldest !== undefined) recent.delete(oldest);
  }
  recent.set(key, now);
  return false;
}

function refuse(c: Context<AppEnv>, status: 400 | 405 | 414 | 429, error: string, fields?: { field: string; message: string }[]) {
  c.header('Cache-Control', 'no-store');
  return c.json(fields ? { error, fields } : { error }, status);
}

function accepted(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  if (c.req.method === 'POST') return c.body(null, 204);
  return c.body(PIXEL, 200, { 'Content-Type': 'image/gif' });
}

async function handleBeacon(c: Context<AppEnv>) {
  if (c.req.method === 'HEAD') return refuse(c, 405, 'use GET or POST');
  const url = c.req.url;
  if (url.length > MAX_BEACON_URL_LENGTH) return refuse(c, 414, 'beacon too long');

  const params = new URL(url).searchParams;
  const fields: Record<string, string> = {};
  for (const [key, value] of params) {
    if (Object.hasOwn(fields, key)) return refuse(c, 400, 'a field is repeated');
    fields[key] = value;
  }
  const parsed = edgeBeaconSchema.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'query', message: issue.message }));
    return refuse(c, 400, issues[0]?.message ?? 'invalid beacon', issues);
  }

  const env = c.env;
  const now = Date.now();
  const ip = c.req.header('cf-connecting-ip') ?? '';
  const clientId = await hashClientId(ip, saltOf(env), new Date(now).toISOString().slice(0, 10));
  const { success } = await env.BEACON_RATE_LIMITER.limit({ key: clientId });
  if (!success) {
    c.header('Retry-After', '60');
    return refuse(c, 429, 'too many beacons');
  }

  const event = parsed.data;
  if (!seenRecently(dedupeKey(event), now)) {
    const cf = c.req.raw.cf as { country?: unknown; colo?: unknown } | undefined;
    const message: BeaconMessage = {
      v: 1,
      event,
      edge: {
        country: typeof cf?.country === 'string' ? cf.country : null,
        colo: typeof cf?.colo === 'string' ? cf.colo : null,
        received_at: now,
        client_id: clientId,
        // The request context already ran isbot on the User-Agent.
        is_bot: c.get('device')?.bot ?? false,
      },
    };
    c.executionCtx.waitUntil(enqueue(env, message));
  }
  return accepted(c);
}

/** Sends after the answer; one retry, then the failure is logged with the event's key. */
async function enqueue(env: Env, message: BeaconMessage): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await env.BEACON_QUEUE.send(message, { contentType: 'json' });
      return;
    } catch (error) {
      if (attempt >= 2) {
        console.error(JSON.stringify({ level: 'error', msg: 'beacon enqueue failed', key: dedupeKey(message.event), error: String(error) }));
        return;
      }
    }
  }
}

export const beacon = new Hono<AppEnv>().on(['GET', 'POST', 'HEAD'], '/', handleBeacon);

/**
 * Outside production: how many events the collection host holds (optionally per uuid / action),
 * so end-to-end tests can count what arrived. Production answers 404 like any unknown path.
 */
export const beaconTestRoutes = new Hono<AppEnv>().get('/collect-count', async (c) => {
  if (c.env.ENVIRONMENT === 'production' || !c.env.ORIGIN || c.env.COLLECT_URL !== 'service:ORIGIN') return c.notFound();
  const query = new URLSearchParams();
  for (const key of ['uuid', 'action'] as const) {
    const value = c.req.query(key);
    if (value !== undefined) query.set(key, value.slice(0, 128));
  }
  const res = await c.env.ORIGIN.fetch(`https://origin/collect/count?${query}`);
  const body = (await res.json()) as { count?: unknown };
  c.header('Cache-Control', 'no-store');
  return c.json({ count: typeof body.count === 'number' ? body.count : 0 }, res.ok ? 200 : 502);
});
