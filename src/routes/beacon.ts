import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { CF_COLO_PATTERN, CF_COUNTRY_PATTERN, edgeBeaconSchema, type EdgeFacts } from '../domain/api-schemas';
import { BEACON_LIMIT, dedupeKey, MAX_BEACON_URL_LENGTH } from '../domain/tracking';
import { VITALS_ACTION } from '../domain/vitals';
import { WindowCounter } from '../domain/window-counter';
import { post } from '../services/beacon-outbox';

/**
 * GET /beacon?<report fields> (the image beacon; POST with the same query string for
 * navigator.sendBeacon). Lean on purpose — validate, count, hash, answer; the outbox enqueues
 * after the answer — so it costs about what /health costs; delivery to the collection host is
 * the queue consumer's work.
 */

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

const utf8 = new TextEncoder();

/**
 * SHA-256 of IP + salt + UTC day, the first 128 bits in hex: stable per client for a day, never
 * reversible to the IP. Hashed before the beacon answers, so the IP goes no further than this
 * handler. Web Crypto, not node:crypto: importing node:crypto loads Node's stream polyfills into
 * every new isolate, several milliseconds of start-up for one hash per beacon.
 */
async function hashClientId(ip: string, salt: string, day: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', utf8.encode(`${ip}\n${salt}\n${day}`)));
  let hex = '';
  for (let i = 0; i < 16; i++) hex += digest[i]!.toString(16).padStart(2, '0');
  return hex;
}

/** cf.country / cf.colo as the collection host takes them (edgeFactsSchema), else null. */
const cfCode = (value: unknown, pattern: RegExp) => (typeof value === 'string' && pattern.test(value) ? value : null);

/**
 * Best-effort first line of the dedupe: the same event seen by this isolate within a minute is
 * answered but not enqueued again. The collection host's UNIQUE (uuid, time_, action, tryno)
 * index is the definitive one (docs/ARCHITECTURE.md, Beacons).
 */
const recentEvents = new WindowCounter(1, 60_000, 2000);

/**
 * The per-client bound, answered without I/O: this isolate's count of a visitor's beacons (429
 * past BEACON_LIMIT a minute). Keyed by the connecting address, which stays in this isolate's
 * memory for at most a minute and is never written, queued or logged. No rate-limiting binding
 * here: in the bench its call cost more than the rest of the beacon together (docs/ARCHITECTURE.md,
 * Beacons, for the trade-off and the WAF rule that bounds a client across isolates in production).
 */
const clientWindows = new WindowCounter(BEACON_LIMIT.requests, BEACON_LIMIT.periodSeconds * 1000, 10_000);

/** The methods a beacon may use (GET for the image, POST for navigator.sendBeacon). */
const ALLOWED_METHODS = 'GET, POST';

function refuse(c: Context<AppEnv>, status: 400 | 405 | 414 | 429, error: string, fields?: { field: string; message: string }[]) {
  c.header('Cache-Control', 'no-store');
  // RFC 9110: a 405 names the methods the resource does support.
  if (status === 405) c.header('Allow', ALLOWED_METHODS);
  return c.json(fields ? { error, fields } : { error }, status);
}

function accepted(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  if (c.req.method === 'POST') return c.body(null, 204);
  return c.body(PIXEL, 200, { 'Content-Type': 'image/gif' });
}

/**
 * Validate, count, hash, answer: no I/O before the answer, and none at all for most beacons.
 * The outbox sends them in packets after the answer (waitUntil), so a beacon costs about what
 * /health costs (its budget in docs/BENCHMARKS.md, measured by `npm run bench`).
 */
async function handleBeacon(c: Context<AppEnv>) {
  if (c.req.method === 'HEAD') return refuse(c, 405, 'use GET or POST');
  const url = c.req.url;
  if (url.length > MAX_BEACON_URL_LENGTH) return refuse(c, 414, 'beacon too long');

  const params = new URL(url).searchParams;
  // No prototype: `fields['__proto__'] = …` must make an own (unknown, so refused) field, as
  // 'constructor' does, not silently set the object's prototype and vanish.
  const fields = Object.create(null) as Record<string, string>;
  for (const [key, value] of params) {
    if (Object.hasOwn(fields, key)) return refuse(c, 400, 'a field is repeated');
    fields[key] = value;
  }
  const parsed = edgeBeaconSchema.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'query', message: issue.message }));
    return refuse(c, 400, issues[0]?.message ?? 'invalid beacon', issues);
  }

  const now = Date.now();
  const ip = c.req.header('cf-connecting-ip') ?? '';
  if (!clientWindows.hit(ip, now)) {
    c.header('Retry-After', String(BEACON_LIMIT.periodSeconds));
    return refuse(c, 429, 'too many beacons');
  }

  const event = parsed.data;
  // A vitals report's device class is the edge's own (Sec-CH-UA-Mobile, else the User-Agent: the
  // rule every page uses), never what the browser wrote.
  if (event.action === VITALS_ACTION) event.device = c.get('device')?.mobile ? 'mobile' : 'desktop';
  if (recentEvents.hit(dedupeKey(event), now)) {
    const cf = c.req.raw.cf as { country?: unknown; colo?: unknown } | undefined;
    const edge: EdgeFacts = {
      country: cfCode(cf?.country, CF_COUNTRY_PATTERN),
      colo: cfCode(cf?.colo, CF_COLO_PATTERN),
      received_at: now,
      client_id: await hashClientId(ip, saltOf(c.env), new Date(now).toISOString().slice(0, 10)),
      // The request context already ran isbot on the User-Agent.
      is_bot: c.get('device')?.bot ?? false,
    };
    // Into the outbox (src/services/beacon-outbox.ts); only the request that holds a flush
    // has work to keep alive after the answer.
    const flush = post(c.env, { event, edge });
    if (flush) c.executionCtx.waitUntil(flush);
  }
  return accepted(c);
}

export const beacon = new Hono<AppEnv>()
  .on(['GET', 'POST', 'HEAD'], '/', handleBeacon)
  // Any other method (PUT, DELETE, OPTIONS…) is the same refusal as HEAD, not the HTML 404 page.
  .all('/', (c) => refuse(c, 405, 'use GET or POST'));

/**
 * Outside production: how many events the collection host holds (optionally per uuid / action),
 * so end-to-end tests can count what arrived, and the vitals events it stored (optionally since
 * epoch seconds and per uuid) for the e2e tests and `npm run vitals -- --site <url>`. Production
 * answers 404 like any unknown path.
 */
export const beaconTestRoutes = new Hono<AppEnv>().get('/vitals', async (c) => {
  if (c.env.ENVIRONMENT === 'production' || !c.env.ORIGIN || c.env.COLLECT_URL !== 'service:ORIGIN') return c.notFound();
  const query = new URLSearchParams();
  for (const key of ['uuid', 'since'] as const) {
    const value = c.req.query(key);
    if (value !== undefined) query.set(key, value.slice(0, 128));
  }
  const res = await c.env.ORIGIN.fetch(`https://origin/collect/vitals?${query}`);
  const body = (await res.json()) as { rows?: unknown };
  c.header('Cache-Control', 'no-store');
  return c.json({ rows: Array.isArray(body.rows) ? body.rows : [] }, res.ok ? 200 : 502);
});

beaconTestRoutes.get('/collect-count', async (c) => {
  if (c.env.ENVIRONMENT === 'production' || !c.env.ORIGIN || c.env.COLLECT_URL !== 'service:ORIGIN') return c.notFound();
  const query = new URLSearchParams();
  for (const key of ['uuid', 'action'] as const) {
    const value = c.req.query(key);
    if (value !== undefined) query.set(key, value.slice(0, 128));
  }
  const res = await c.env.ORIGIN.fetch(`https://origin/collect/count?${query}`);
  const body = (await res.json()) as { count?: unknown; with_edge?: unknown };
  const number = (value: unknown) => (typeof value === 'number' ? value : 0);
  c.header('Cache-Control', 'no-store');
  return c.json({ count: number(body.count), with_edge: number(body.with_edge) }, res.ok ? 200 : 502);
});
