import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { withinRateLimit } from '../services/rate-limit';
import { parseHostKey } from '../domain/api-handlers';
import { checkUpstreamHealth } from '../services/upstream';
import { messageForBrowser } from '../services/messages';

/** The upstream gets this long: the check is for someone waiting on the phone with support. */
export const UPSTREAM_HEALTH_TIMEOUT_MS = 1500;

/**
 * GET /health: for ops, 'ok: <ENVIRONMENT>' as uncached text, so production answers exactly
 * 'ok: production'.
 *
 * GET /health/upstream?host=sv|jb: the licence and payment server's /health as this edge sees it,
 * `{ state, status, answer, timeoutMs }` (UpstreamHealth), for the /test diagnostics page and for
 * ops. One upstream call per request with a 1.5 s deadline, so it is rate-limited per client like
 * the forms; nothing from the visitor is forwarded and no address is shown.
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
  });
