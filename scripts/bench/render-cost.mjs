// The in-Worker cost of every page of the route table (GET /__bench/render), next to /health and
// the beacon: n requests in a row inside the Worker after n / 10 untimed ones. "warm" is the
// steady state (the page cache holds the page: the load step, the key, the nonce splice);
// "cold" empties the page cache before each request (a page's first render in an isolate).
// Pages and the beacon are measured alternating with /health request by request (`compare`), so
// the budgets' margins over /health compare two costs taken at the same moments of a shared machine.

/** Every page of the route table with a path that renders it: { id: path } (GET /__bench/routes). */
export async function routeTablePages(siteUrl) {
  const res = await fetch(`${siteUrl}/__bench/routes`);
  if (!res.ok) throw new Error(`GET /__bench/routes answered ${res.status}`);
  return Object.fromEntries((await res.json()).map((route) => [route.id, route.path]));
}

async function renderCost(siteUrl, path, query) {
  const res = await fetch(`${siteUrl}/__bench/render?path=${encodeURIComponent(path)}&${query}`);
  if (!res.ok) throw new Error(`GET /__bench/render ${path} answered ${res.status}`);
  return res.json();
}

/**
 * { name: { path, status, htmlBytes, msPerRender (warm), pageCache, cold: { msPerRender, n } } };
 * targets without `cold` (health, beacon) are measured warm only.
 */
export async function measureRenderCosts(siteUrl, targets, { n, coldN, coldTargets }) {
  const out = {};
  for (const [name, path] of Object.entries(targets)) {
    out[name] = await renderCost(siteUrl, path, `n=${n}&ip=each${path === '/health' ? '' : '&compare=%2Fhealth'}`);
    if (coldTargets.has(name)) {
      const cold = await renderCost(siteUrl, path, `n=${coldN}&cache=cold`);
      out[name].cold = { msPerRender: cold.msPerRender, n: cold.n, pageCache: cold.pageCache };
    }
  }
  return out;
}
