// A small closed-loop load generator on loopback: `connections` workers each send the next
// request as soon as the previous answer is fully read, for `durationMs`.
// `urlFor(i)` / `headersFor(i)` (optional) vary the URL and headers per request i (0, 1, 2…),
// e.g. a fresh beacon uuid and a fresh visitor IP each time; `url` and `headers` are used otherwise.
import { Agent } from 'node:http';
import http from 'node:http';

export async function measureThroughput(url, { connections = 8, durationMs = 4000, headers = {}, urlFor, headersFor } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const deadline = Date.now() + durationMs;
  const latencies = [];
  const statuses = {};
  let bytes = 0;
  let sent = 0;
  const once = () =>
    new Promise((resolve, reject) => {
      const i = sent++;
      const started = performance.now();
      const target = urlFor ? urlFor(i) : url;
      const requestHeaders = headersFor ? { ...headers, ...headersFor(i) } : headers;
      const req = http.get(target, { agent, headers: requestHeaders }, (res) => {
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => {
          latencies.push(performance.now() - started);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          resolve();
        });
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) await once();
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), statuses, bytes };
}
