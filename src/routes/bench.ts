import { Hono } from 'hono';
import type { AppEnv } from '../env';

const MAX_ITERATIONS = 2000;

/**
 * Bench-only (never in production): renders a page N times inside the Worker and reports the mean
 * server cost, so `npm run bench` measures rendering without network noise. Timers in workerd
 * only advance across I/O, so each iteration reads the whole streamed body.
 */
export function benchRoutes(app: Pick<Hono<AppEnv>, 'fetch'>) {
  return new Hono<AppEnv>().get('/render', async (c) => {
    if (c.env.ENVIRONMENT === 'production') return c.notFound();
    const path = c.req.query('path') ?? '/';
    if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/__bench')) return c.json({ error: 'path must be a site path' }, 400);
    const n = Math.min(MAX_ITERATIONS, Math.max(1, Number.parseInt(c.req.query('n') ?? '200', 10) || 200));
    const url = new URL(path, c.req.url);
    const headers = { 'user-agent': c.req.header('user-agent') ?? 'bench', cookie: 'locale=en-US' };
    let bytes = 0;
    let status = 0;
    const started = performance.now();
    for (let i = 0; i < n; i++) {
      const res = await app.fetch(new Request(url, { headers }), c.env, c.executionCtx);
      status = res.status;
      bytes = (await res.arrayBuffer()).byteLength;
    }
    const elapsed = performance.now() - started;
    c.header('Cache-Control', 'no-store');
    return c.json({ path, n, status, htmlBytes: bytes, msPerRender: elapsed / n, totalMs: elapsed });
  });
}
