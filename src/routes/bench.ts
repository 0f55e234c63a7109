import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ROUTES, mobilePath } from '../pages/machinery/route-table';
import { pageCache } from '../pages/machinery/page-cache';
import { ARTICLE_LIST_IDS } from '../domain/articles';
import { PACKAGE_ID_TABLES } from '../domain/package-ids';
import type { PageRoute } from '../pages/machinery/types';

const MAX_ITERATIONS = 2000;

/**
 * A path that renders each route (not its 404): params and query a route needs, by route id. A
 * route that needs more than its bare path adds its sample here.
 */
const SAMPLES: Record<string, { params?: Record<string, string>; query?: string }> = {
  'article-list': { params: { id: ARTICLE_LIST_IDS[0] } },
  agreement: { query: '?lang=en' },
  privacy: { query: '?lang=en' },
  // A plan of the buy list (table A, plan 4): the page buyers pay on (without one it lists the plans).
  checkout: { query: `?product_id=${PACKAGE_ID_TABLES.A[4]}` },
  // A new order every iteration ({i}): one cached rendering serves them all (the route's clientQuery).
  'checkout-result': { query: `?order_id=MTBENCHORDER{i}&pay_type=1&product_id=${PACKAGE_ID_TABLES.A[4]}` },
};

function samplePath(route: PageRoute): string {
  const sample = SAMPLES[route.id] ?? {};
  return route.path.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(sample.params?.[name] ?? '')) + (sample.query ?? '');
}

/**
 * Bench-only: local runs only, never on a deployed host (production or staging), where it would
 * let anyone make the Worker render a page 2,000 times per request.
 *
 * GET /render renders a page N times inside the Worker and reports the mean server cost, so
 * `npm run bench` measures rendering without network noise. Timers in workerd only advance across
 * I/O, so each iteration reads the whole body. `{i}` in the path is replaced by the iteration
 * number (a fresh beacon event each time), and `ip=each` gives every iteration its own
 * CF-Connecting-IP (a fresh visitor each time). `warmup` iterations (default n / 10) run first,
 * untimed, so the JIT is warm for every target alike. `cache=cold` empties the page cache before
 * every iteration: the cost of a page's first render in an isolate. `compare=/health` requests that
 * path after each iteration and times it apart (`compareMsPerRender`): both see the same moments
 * of a shared, drifting machine, so their difference is the page's own cost.
 *
 * GET /routes lists every page of the route table with a path that renders it (and its /mobile/
 * variant), so the bench measures each page without keeping its own list.
 */
export function benchRoutes(app: Pick<Hono<AppEnv>, 'fetch'>) {
  return new Hono<AppEnv>()
    .get('/routes', (c) => {
      if (c.env.ENVIRONMENT !== 'development') return c.notFound();
      c.header('Cache-Control', 'no-store');
      return c.json(ROUTES.map((route) => ({ id: route.id, path: samplePath(route), mobilePath: route.mobile ? mobilePath(samplePath(route)) : null })));
    })
    .get('/render', async (c) => {
      if (c.env.ENVIRONMENT !== 'development') return c.notFound();
      const path = c.req.query('path') ?? '/';
      if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/__bench')) return c.json({ error: 'path must be a site path' }, 400);
      const n = Math.max(1, count(c.req.query('n'), 200));
      const warmup = count(c.req.query('warmup'), Math.ceil(n / 10));
      const ipEach = c.req.query('ip') === 'each';
      const cold = c.req.query('cache') === 'cold';
      const compare = c.req.query('compare');
      if (compare !== undefined && (!compare.startsWith('/') || compare.startsWith('//') || compare.startsWith('/__bench'))) return c.json({ error: 'compare must be a site path' }, 400);
      const base = c.req.url;
      let bytes = 0;
      let status = 0;
      let pageCacheStatus: string | null = null;
      const request = (target: string, i: number) => {
        const headers: Record<string, string> = { 'user-agent': c.req.header('user-agent') ?? 'bench', cookie: 'locale=en-US' };
        if (ipEach) headers['cf-connecting-ip'] = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
        return new Request(new URL(target.replaceAll('{i}', String(i)), base), { headers });
      };
      let elapsed = 0;
      let compareElapsed = 0;
      const once = async (i: number) => {
        if (cold) pageCache.clear();
        const started = performance.now();
        const res = await app.fetch(request(path, i), c.env, c.executionCtx);
        status = res.status;
        pageCacheStatus = res.headers.get('x-page-cache');
        bytes = (await res.arrayBuffer()).byteLength;
        const done = performance.now();
        elapsed += done - started;
        if (compare !== undefined) {
          await (await app.fetch(request(compare, i), c.env, c.executionCtx)).arrayBuffer();
          compareElapsed += performance.now() - done;
        }
      };
      for (let i = 0; i < warmup; i++) await once(MAX_ITERATIONS + i);
      elapsed = 0;
      compareElapsed = 0;
      for (let i = 0; i < n; i++) await once(i);
      c.header('Cache-Control', 'no-store');
      return c.json({
        path,
        n,
        warmup,
        status,
        pageCache: pageCacheStatus,
        htmlBytes: bytes,
        msPerRender: elapsed / n,
        totalMs: elapsed,
        ...(compare === undefined ? {} : { compare, compareMsPerRender: compareElapsed / n }),
      });
    });
}

/** A whole number of iterations from the query, 0 … MAX_ITERATIONS. */
function count(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Math.min(MAX_ITERATIONS, Math.max(0, Number.isFinite(parsed) ? parsed : fallback));
}
