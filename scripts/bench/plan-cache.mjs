// The /buy plan-cache budget: N requests for the buy page in one currency (the country picked with
// the non-production X-Debug-Country header), a few at a time; each answer's X-Plan-Source
// (kv-fresh | kv-stale | upstream | fallback) is counted, and the Worker's own list_group call
// counter (X-Plan-Cache-Stats, outside production) is read before and after. The budget: at most
// one upstream call per currency per 5 minutes, so 'upstream' at most once in the run.
import http from 'node:http';

function get(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer from ${url} within 30 s`)));
    req.on('error', reject);
  });
}

/** 'upstream-calls=3, kv-fresh=…' → { 'upstream-calls': 3, … } */
export function parseStats(header) {
  const out = {};
  for (const part of String(header ?? '').split(',')) {
    const [key, value] = part.split('=').map((s) => s.trim());
    if (key && value !== undefined && /^\d+$/.test(value)) out[key] = Number(value);
  }
  return out;
}

/**
 * Runs the check against a running site. `country` picks the currency (SG → SGD by default, a
 * currency no other bench phase asks for, so its first request is a real miss).
 */
export async function measurePlanCache(siteUrl, { requests = 1000, concurrency = 4, country = 'SG', path = '/buy' } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const headers = { cookie: 'locale=en-US', 'x-debug-country': country };
  // The counter before the run, read on a page that never asks for plans.
  const before = parseStats((await get(`${siteUrl}${path}`, { cookie: 'locale=en-US', 'x-debug-country': 'US' }, agent)).headers['x-plan-cache-stats']);
  const sources = {};
  const statuses = {};
  let last = null;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        const res = await get(`${siteUrl}${path}`, headers, agent);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const source = String(res.headers['x-plan-source'] ?? 'none');
        sources[source] = (sources[source] ?? 0) + 1;
        last = res.headers['x-plan-cache-stats'];
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const after = parseStats(last);
  const upstreamCalls = (after['upstream-calls'] ?? 0) - (before['upstream-calls'] ?? 0);
  const fromKv = (sources['kv-fresh'] ?? 0) + (sources['kv-stale'] ?? 0);
  return {
    path,
    country,
    requests,
    seconds,
    statuses,
    sources,
    kvHitRatio: fromKv / requests,
    upstreamCalls,
    statsAvailable: last !== null && last !== undefined,
  };
}
