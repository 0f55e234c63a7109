// Mixed visitor traffic for `npm run soak`, closed-loop: each kind of request (pages, API form
// posts, beacons, installer downloads with ranges) has its own pool of connections, so a slow
// upstream stalls the API pool without starving the others. Every answer is read to the end and
// classified; nothing is retried.
import http from 'node:http';
import { beaconPath, visitorIp } from '../bench/beacon.mjs';

const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const INSTALLER_PATH = '/download/mt-recover_setup_16_1.exe';

const PAGES = [
  ['/', 'en-US', DESKTOP_UA],
  ['/buy', 'en-US', DESKTOP_UA],
  ['/mt-recover', 'en-US', DESKTOP_UA],
  ['/license-code', 'en-US', DESKTOP_UA],
  ['/feedback', 'en-US', DESKTOP_UA],
  ['/about', 'en-US', DESKTOP_UA],
  ['/ja-JP', 'ja-JP', DESKTOP_UA],
  ['/zh-CN/buy', 'zh-CN', DESKTOP_UA],
  ['/fr-FR/mt-kt', 'fr-FR', DESKTOP_UA],
  ['/ja-JP/trial-code', 'ja-JP', DESKTOP_UA],
  ['/mobile', 'en-US', PHONE_UA],
  ['/mobile/buy', 'en-US', PHONE_UA],
  ['/no-such-page', 'en-US', DESKTOP_UA],
];

/** Form and page calls with the reference origin's seeded accounts (docs/UPSTREAM.md). */
const CALLS = [
  ['/api/pay/send_cdkey_order_mail', { email: 'paid@example.com' }],
  ['/api/pay/send_cdkey_order_mail', { email: 'paying@example.com' }],
  ['/api/feedback/captcha', {}],
  ['/api/paypackagebase/list_group', { currency: 'USD' }],
  ['/api/mingtingvip/payv2/stripe/order/query', { order_id: 'MTSEEDPAID0000001' }],
  ['/api/pay/get_cd_key', { order_id: 'MTSEEDPAID0000001', email: 'paid@example.com' }],
  ['/api/activity/receive', { activity_id: 1, email: 'claimed@example.com' }],
];

const pick = (list, i) => list[i % list.length];

/** The i-th request of a kind: { method, path, headers, body?, expectBytes? }. */
function requestFor(kind, i, { installerSize }) {
  const ip = visitorIp(i + { page: 0, api: 4_000_000, beacon: 8_000_000, download: 12_000_000 }[kind]);
  if (kind === 'page') {
    const [path, locale, ua] = pick(PAGES, i);
    return { method: 'GET', path, headers: { 'user-agent': ua, cookie: `locale=${locale}`, 'cf-connecting-ip': ip } };
  }
  if (kind === 'api') {
    const [path, body] = pick(CALLS, i);
    return {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', 'x-site-locale': 'en-US', 'sec-fetch-site': 'same-origin', 'user-agent': DESKTOP_UA, 'cf-connecting-ip': ip },
      body: JSON.stringify(body),
    };
  }
  if (kind === 'beacon') return { method: 'GET', path: beaconPath(i, 'soak'), headers: { 'user-agent': DESKTOP_UA, 'cf-connecting-ip': ip }, beacon: true };
  // Downloads: mostly a 64 KiB range somewhere in the file (a resumed or segmented download), a
  // suffix range now and then, and every 16th the whole file.
  const headers = { 'user-agent': DESKTOP_UA, 'cf-connecting-ip': ip };
  if (i % 16 === 15 || !installerSize) return { method: 'GET', path: INSTALLER_PATH, headers, expectBytes: installerSize || undefined };
  if (i % 8 === 7) return { method: 'GET', path: INSTALLER_PATH, headers: { ...headers, range: 'bytes=-4096' }, expectBytes: 4096 };
  const start = Math.floor(((i * 2654435761) % 1_000_003) / 1_000_003 * Math.max(1, installerSize - 65_536));
  return { method: 'GET', path: INSTALLER_PATH, headers: { ...headers, range: `bytes=${start}-${start + 65_535}` }, expectBytes: 65_536 };
}

function send(baseUrl, agent, request, timeoutMs) {
  return new Promise((resolve) => {
    const started = performance.now();
    const url = new URL(request.path, baseUrl);
    const req = http.request(url, { method: request.method, agent, headers: request.headers }, (res) => {
      const chunks = [];
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
        // Only small bodies are kept (JSON envelopes, to classify a 5xx).
        if (bytes <= 64 * 1024) chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, bytes, body: bytes <= 64 * 1024 ? Buffer.concat(chunks).toString('utf8') : '', contentType: String(res.headers['content-type'] ?? '') }));
      res.on('error', (error) => resolve({ status: 0, ms: performance.now() - started, error: `body: ${error.message}` }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error) => resolve({ status: 0, ms: performance.now() - started, error: error.message, timedOut: /no answer within/.test(error.message) }));
    if (request.body) req.write(request.body);
    req.end();
  });
}

/** The code of an envelope body ({resp_common: {ret}} or {result: {status}}), or null. */
function envelopeCode(body) {
  try {
    const value = JSON.parse(body);
    return value?.resp_common?.ret ?? value?.result?.status ?? null;
  } catch {
    return null;
  }
}

function newStats() {
  return { requests: 0, latencies: [], statuses: {}, byKind: {}, siteErrors: [], upstreamEnvelopes: {}, devRestarts: 0, noAnswer: 0, connectionErrors: [], shortBodies: 0, beaconsAccepted: 0, beaconsRefused: {} };
}

function record(stats, kind, request, result, edgeCodes) {
  stats.requests++;
  stats.latencies.push(result.ms);
  const k = (stats.byKind[kind] ??= { requests: 0, statuses: {}, latencies: [] });
  k.requests++;
  k.latencies.push(result.ms);
  const status = result.status || (result.timedOut ? 'no answer' : 'error');
  stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
  k.statuses[status] = (k.statuses[status] ?? 0) + 1;
  if (result.timedOut) stats.noAnswer++;
  else if (!result.status) stats.connectionErrors.push(`${request.method} ${request.path}: ${result.error}`);
  if (result.status >= 500) {
    const code = envelopeCode(result.body);
    // The proxy's own answers to a slow or failing upstream: 502/504 with an edge code (by design).
    if (kind === 'api' && (result.status === 502 || result.status === 504) && edgeCodes.has(code)) {
      const key = `${result.status} ${code}`;
      stats.upstreamEnvelopes[key] = (stats.upstreamEnvelopes[key] ?? 0) + 1;
    } else if (result.status === 503 && result.body.includes('Your worker restarted mid-request')) {
      // wrangler dev's own answer when its file watcher reloads the Worker (a file under it changed).
      stats.devRestarts++;
    } else {
      stats.siteErrors.push(`${result.status} ${request.method} ${request.path}: ${result.body.slice(0, 160)}`);
    }
  }
  if (request.beacon) {
    if (result.status === 200) stats.beaconsAccepted++;
    else stats.beaconsRefused[status] = (stats.beaconsRefused[status] ?? 0) + 1;
  }
  if (request.expectBytes && (result.status === 200 || result.status === 206) && result.bytes !== request.expectBytes) stats.shortBodies++;
}

/**
 * Runs the traffic until `shouldStop()` says so. `phaseOf()` answers { name, epoch }: a request
 * is filed under the phase it started in, or under `switching` when the epoch changed while it
 * was in flight. `pools` is { page: n, api: n, beacon: n, download: n }.
 * Resolves to { [phase]: stats } once every pool has finished its last request.
 */
export async function runTraffic(baseUrl, { pools, phaseOf, switching = 'switching', shouldStop, installerSize = 0, timeoutMs, edgeCodes }) {
  const byPhase = {};
  const counters = {};
  const workers = [];
  const agents = [];
  for (const [kind, connections] of Object.entries(pools)) {
    if (!connections) continue;
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    agents.push(agent);
    counters[kind] = 0;
    for (let w = 0; w < connections; w++) {
      workers.push(
        (async () => {
          while (!shouldStop()) {
            const request = requestFor(kind, counters[kind]++, { installerSize });
            const { name, epoch } = phaseOf();
            const result = await send(baseUrl, agent, request, timeoutMs);
            // A request in flight while the phase changed may see either side: filed apart.
            const bucket = phaseOf().epoch === epoch ? name : switching;
            record((byPhase[bucket] ??= newStats()), kind, request, result, edgeCodes);
          }
        })(),
      );
    }
  }
  await Promise.all(workers);
  for (const agent of agents) agent.destroy();
  return byPhase;
}

export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
