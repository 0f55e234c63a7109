// Valid tracking beacons for the bench and the soak: GET /beacon?<report fields>, each
// with its own uuid/time_ (so the edge's dedupe and the host's UNIQUE index never merge two), and
// a visitor IP per request for the per-client beacon rate limiter (120 a minute per client).
// wrangler dev passes a CF-Connecting-IP header through unchanged (Cloudflare's edge would set it),
// so distinct values stand for distinct visitors; one value is one visitor.

const RUN = Date.now().toString(36);
const T0 = 1_763_700_000_000;

/** The query of beacon number `i` of this process (prefix names the tool, e.g. 'bench'). */
export function beaconQuery(i, prefix = 'bench') {
  return new URLSearchParams({
    uuid: `${prefix}-${RUN}-${i}`,
    time_: String(T0 + i),
    action: 'download',
    business_index: '8109',
    cid: '81',
    tid1: '16',
    tid2: '1',
    page_id: 'home',
    btn_id: 'download',
  }).toString();
}

export function beaconPath(i, prefix = 'bench') {
  return `/beacon?${beaconQuery(i, prefix)}`;
}

/**
 * The beacon path for GET /__bench/render: `{i}` in the uuid becomes the iteration number there,
 * so every iteration is a fresh event (with `ip=each`, from a fresh visitor), as real traffic is.
 */
export function beaconPathTemplate(prefix = 'bench') {
  const uuid = `${prefix}-${RUN}-`;
  return beaconPath(0, prefix).replace(`uuid=${encodeURIComponent(uuid)}0`, `uuid=${uuid}{i}`);
}

/** A distinct visitor address per i (10.0.0.0/8; wraps after 16.7 million). */
export function visitorIp(i) {
  const n = (i % 0xfffffe) + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** The uuid prefix of this process's beacons, to count them at the collection host. */
export function beaconRunPrefix(prefix = 'bench') {
  return `${prefix}-${RUN}-`;
}

/** Events the collection host holds (the site's non-production GET /__test/collect-count). */
export async function collectedCount(siteUrl) {
  const res = await fetch(`${siteUrl}/__test/collect-count`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`GET /__test/collect-count answered ${res.status}`);
  return (await res.json()).count;
}

/**
 * Polls the host's count until it reaches `expected` or `timeoutMs` passes (the queue delivers
 * in batches every couple of seconds, with retries). Resolves to { count, drained, seconds }.
 */
export async function waitForCollected(siteUrl, expected, { timeoutMs = 90_000, intervalMs = 1000 } = {}) {
  const started = Date.now();
  let count = await collectedCount(siteUrl);
  while (count < expected && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    count = await collectedCount(siteUrl);
  }
  return { count, drained: count === expected, seconds: (Date.now() - started) / 1000 };
}
