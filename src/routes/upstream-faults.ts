import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** The switch bodies are a few fields; anything longer is not one. */
const MAX_BODY_BYTES = 1024;

/**
 * Outside production, with the reference origin as the upstream: GET/POST /__test/upstream-faults
 * reads or sets the origin's fault switches (POST /__faults there: latency_ms, fail_api,
 * collect_down; docs/UPSTREAM.md), which only the service binding can reach. `npm run soak` uses
 * it to make the upstream slow, then failing, then healthy again. Production answers 404 like
 * any unknown path, and so does a site whose upstream is not the ORIGIN binding.
 */
export const upstreamFaultRoutes = new Hono<AppEnv>().on(['GET', 'POST'], '/upstream-faults', async (c) => {
  const env = c.env;
  if (env.ENVIRONMENT === 'production' || !env.ORIGIN || env.UPSTREAM_RELEASE !== 'service:ORIGIN') return c.notFound();
  c.header('Cache-Control', 'no-store');
  let init: RequestInit = {};
  if (c.req.method === 'POST') {
    const body = await c.req.text();
    if (new TextEncoder().encode(body).byteLength > MAX_BODY_BYTES) return c.json({ error: 'body too large' }, 413);
    init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body };
  }
  const res = await env.ORIGIN.fetch(new Request('https://origin.internal/__faults', init));
  // The origin's envelope as is; a 400 names the bad field.
  return new Response(await res.text(), { status: res.status, headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' } });
});
