import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { withinRateLimit } from '../services/rate-limit';
import { parseHostKey } from '../domain/api-handlers';
import { checkUpstreamHealth } from '../services/upstream';
import { messageForBrowser } from '../services/messages';
import { checkReadiness, READINESS_DEADLINE_MS } from '../services/readiness';

/** The upstream gets this long: the check is for someone waiting on the phone with support. */
export const UPSTREAM_HEALTH_TIMEOUT_MS = 1500;

/**
 * How long /health/ready waits for the rate limiter (its own binding, which could hang too): past
 * this the check goes on, as it does when the limiter fails, and the rest of the 2 s is the checks'.
 */
export const READINESS_LIMITER_MS = 250;

/**
 * GET /health: for ops, 'ok: <ENVIRONMENT>' as uncached text, so production answers exactly
 * 'ok: production'.
 *
 * GET /health/upstream?host=sv|jb: the licence and payment server's /health as this edge sees it,
 * `{ state, status, answer, timeoutMs }` (UpstreamHealth), for the /test diagnostics page and for
 * ops. One upstream call per request with a 1.5 s deadline, so it is rate-limited per client like
 * the forms; nothing from the visitor is forwarded and no address is shown.
 *
 * GET /health/ready: for monitors, whether the Worker can do its work now (src/services/readiness.ts:
 * KV, the installer bucket, the beacon queue and the upstream, in parallel, within 2 s in all).
 * 200 with each check's state and time, or 503 with the same and `failed` naming the checks that
 * did not pass. Never cached; rate-limited per client like /health/upstream; answered even when
 * every dependency, the rate limiter included, hangs.
 */
export const health = new Hono<AppEnv>()
  .get('/', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.text(`ok: ${c.env.ENVIRONMENT}`);
  })
  .get('/upstream', async (c) => {
    c.header('Cache-Control', 'no-store');
    const message = (key: string) => messageForBrowser(c.env, c.req.header('accept-language'), key);
    const host = c.req.query('host');
    const hostKey = parseHostKey(host);
    if (host !== undefined && hostKey === null) return c.json({ error: { code: 'invalid_host', message: await message('diagnostics.upstream.invalidHost') } }, 400);
    // Without the limiter the check still has its own short deadline.
    if (!(await withinRateLimit(c.env.FORM_RATE_LIMITER, `${c.req.header('cf-connecting-ip') ?? 'unknown'}|/health/upstream`, 'form', c.get('requestId')))) {
      c.header('Retry-After', '60');
      return c.json({ error: { code: 'too_many_requests', message: await message('diagnostics.upstream.tooMany') } }, 429);
    }
    const result = await checkUpstreamHealth(c.env, hostKey, UPSTREAM_HEALTH_TIMEOUT_MS);
    return c.json({ ...result, timeoutMs: UPSTREAM_HEALTH_TIMEOUT_MS });
  })
  .get('/ready', async (c) => {
    const started = Date.now();
    c.header('Cache-Control', 'no-store');
    let limiterTimer: ReturnType<typeof setTimeout> | undefined;
    const limiterLate = new Promise<'late'>((resolve) => {
      limiterTimer = setTimeout(() => resolve('late'), READINESS_LIMITER_MS);
    });
    const allowed = await Promise.race([withinRateLimit(c.env.FORM_RATE_LIMITER, `${c.req.header('cf-connecting-ip') ?? 'unknown'}|/health/ready`, 'form', c.get('requestId')), limiterLate]);
    clearTimeout(limiterTimer);
    if (allowed === 'late') console.warn(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), msg: `form rate limiter gave no answer within ${READINESS_LIMITER_MS} ms` }));
    if (allowed === false) {
      c.header('Retry-After', '60');
      return c.json({ error: { code: 'too_many_requests', message: 'Too many readiness checks from this client: try again in a minute.' } }, 429);
    }
    const deadlineMs = Math.max(0, READINESS_DEADLINE_MS - (Date.now() - started));
    const readiness = await checkReadiness(c.env, deadlineMs);
    return c.json({ ...readiness, environment: c.env.ENVIRONMENT, deadlineMs: READINESS_DEADLINE_MS }, readiness.ready ? 200 : 503);
  });
