import fc from 'fast-check';
import { LOCALES, localizePath } from '../../src/domain/locales';
import { ROUTES, fillPath, mobilePath } from '../../src/pages/machinery/route-table';
import { ORIGIN, UA, isSameSitePath } from './helpers';

// Shared pieces of the property-based fuzz suites (tests/worker/fuzz-*.test.ts): hostile input
// carrying a per-run marker, request arbitraries, and the checks every answer must pass.
//
// VITE_FUZZ_SEED=<n> replays a failing run (fast-check prints the seed and the shrunk
// counterexample); VITE_FUZZ_RUNS=<x> scales every property's run count (default 1 = the CI
// budget). VITE_-prefixed because only those reach workerd (through import.meta.env).

const fuzzEnv = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};
const seedValue = fuzzEnv['VITE_FUZZ_SEED'] ? Number(fuzzEnv['VITE_FUZZ_SEED']) : Number.NaN;
const scale = Number(fuzzEnv['VITE_FUZZ_RUNS']);
export const FUZZ_SEED = Number.isInteger(seedValue) ? seedValue : undefined;

/** fast-check parameters for a property meant to run `runs` times in CI. */
export function fuzzParams(runs: number): fc.Parameters<unknown> {
  return { numRuns: Math.max(1, Math.round(runs * (Number.isFinite(scale) && scale > 0 ? scale : 1))), ...(FUZZ_SEED === undefined ? {} : { seed: FUZZ_SEED }), endOnFailure: false };
}

/** Per-test timeout of the fuzz suites: far above their usual few seconds, so only a hang trips it. */
export const FUZZ_TEST_TIMEOUT_MS = 60_000;

/** A marker unique to this run, so a hit can only come from this run's input. */
export const MARK = `x-fuzz-${crypto.randomUUID().slice(0, 8)}`;

/** Input that breaks out of text, attributes, scripts or URLs if echoed raw. */
export const HOSTILE = [
  `<${MARK}>`,
  `"onmouseover=${MARK} x="`,
  `'onmouseover=${MARK} x='`,
  `"><${MARK}>`,
  `</script><${MARK}>`,
  `</title><${MARK}>`,
  `javascript:${MARK}`,
  `//evil.example/${MARK}`,
  `\\\\evil.example\\${MARK}`,
  `%3C${MARK}%3E`,
  `{{${MARK}}}`,
  `\u2028${MARK}\u2029`,
];

/** What must never appear in an HTML body: the marker as an element, or an attribute break-out. */
export const RAW_MARKERS = [`<${MARK}`, `"onmouseover=${MARK}`, `'onmouseover=${MARK}`];

const hostile = fc.constantFrom(...HOSTILE);
/** The hostile strings a header value can carry (printable ASCII only). */
const hostileHeader = fc.constantFrom(...HOSTILE.filter((h) => /^[\x20-\x7e]*$/.test(h)));
/** Printable ASCII: what a header value can carry. */
const headerText = fc.string({ maxLength: 40, unit: 'grapheme-ascii' });
const anyText = fc.string({ maxLength: 24, unit: 'grapheme' });

/** Every page path the route table serves (params filled), in every locale, with mobile variants. */
export const PAGE_PATHS: string[] = ROUTES.flatMap((route) => {
  const path = fillPath(route.path, { id: '2' });
  const variants = route.mobile ? [path, mobilePath(path)] : [path];
  return (route.localized ? LOCALES : (['en-US'] as const)).flatMap((locale) => variants.map((v) => localizePath(locale, v)));
});

/** Edge paths, plus spellings that must redirect or 404. */
export const EDGE_PATHS = [
  '/health',
  '/sitemap.xml',
  '/robots.txt',
  '/api/geo',
  '/beacon',
  '/download/mt-recover_setup_16_1.exe',
  '/download/..%2f..%2fwrangler.toml',
  '/__bench/render',
  '/__test/collect-count',
  '/en-US',
  '/en-US/buy',
  '/en-US//evil.example',
  '/mtdr_privacy.html',
  '/mtdr_user_agreement.html',
  '/mobile',
];

const segment = fc.oneof(
  { weight: 3, arbitrary: fc.webSegment() },
  { weight: 2, arbitrary: hostile.map(encodeURIComponent) },
  { weight: 1, arbitrary: hostile },
  { weight: 1, arbitrary: anyText.map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.constantFrom('', '.', '..', '%2e%2e', '%2F', '%5C', '%00', '%', '%ZZ', 'mobile', 'fr-FR', 'en-US', 'buy', 'api', 'index.html') },
);

/** A site path: a known page or edge path, possibly with random segments after it, or random segments. */
export const pathArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PAGE_PATHS, ...EDGE_PATHS) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...PAGE_PATHS, ...EDGE_PATHS), fc.array(segment, { minLength: 1, maxLength: 3 })).map(([base, rest]) => `${base.replace(/\/$/, '')}/${rest.join('/')}`) },
  { weight: 2, arbitrary: fc.array(segment, { minLength: 1, maxLength: 4 }).map((rest) => `/${rest.join('/')}`) },
);

/** Query keys the site reads somewhere, plus random ones. */
const queryKey = fc.oneof(
  fc.constantFrom('lang', 'host', 'from', 'isSem', 'group_tid', 'bd_vid', 'uuid', 'debug_country', 'product_id', 'currency', 'path', 'n', 'id', 'redirect', 'next', 'url', 'theme', 'locale', 'order_id', 'email', 'utm_source'),
  fc.webSegment(),
  hostile,
);
const queryValue = fc.oneof(hostile, fc.webSegment(), anyText, fc.constantFrom('zh', 'en', 'ja', 'fr', 'sv', 'jb', '1', '2', '11', 'US', 'JP', 'FR', 'XX', '', '-1', '1e9', 'https://evil.example/'));

/** A query string: URL-encoded pairs (sometimes repeated keys), or raw hostile text. */
export const queryArb = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.tuple(queryKey, queryValue), { maxLength: 5 }).map((pairs) => new URLSearchParams(pairs).toString()) },
  { weight: 1, arbitrary: hostile },
  { weight: 1, arbitrary: fc.constant('') },
);

/** Request headers a visitor controls: device, language, cookies, the site's own API headers, debug overrides. */
export const headersArb = fc.record(
  {
    'user-agent': fc.oneof(fc.constantFrom(...Object.values(UA)), headerText, hostileHeader),
    'accept-language': fc.oneof(fc.constantFrom('fr-FR,fr;q=0.9', 'ja', 'zh-CN', 'en-US', 'de;q=0.1', '*', 'xx-YY;q=abc'), headerText, hostileHeader),
    cookie: fc.oneof(
      fc.tuple(fc.constantFrom('locale', 'theme', 'host', 'session'), fc.oneof(hostileHeader, headerText, fc.constantFrom(...LOCALES))).map(([k, v]) => `${k}=${v}`),
      headerText,
    ),
    'sec-ch-ua-mobile': fc.constantFrom('?0', '?1', 'yes', ''),
    'x-debug-country': fc.oneof(fc.constantFrom('US', 'JP', 'FR', 'DE', 'HK', 'SG', 'CN', 'XX', 'usa', ''), hostileHeader),
    'x-site-locale': fc.oneof(fc.constantFrom(...LOCALES), headerText, hostileHeader),
    'x-upstream-host': fc.oneof(fc.constantFrom('sv', 'jb', 'release', 'https://evil.example', 'service:ORIGIN', 'SV'), hostileHeader),
    referer: fc.oneof(fc.constant(`${ORIGIN}/buy`), fc.constant('https://evil.example/'), hostileHeader),
    'sec-fetch-site': fc.constantFrom('same-origin', 'same-site', 'cross-site', 'none'),
    'x-forwarded-host': fc.oneof(fc.constant('evil.example'), hostileHeader),
    'sec-gpc': fc.constantFrom('1', '0'),
  },
  { requiredKeys: ['user-agent'] },
);

let ipCounter = 0;
/** A fresh visitor IP per request, so per-client rate limits never mask a behaviour. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A Location that keeps the visitor on this site: a same-site path or an absolute URL on ORIGIN. */
export function isOnSiteLocation(location: string): boolean {
  if (isSameSitePath(location)) return true;
  try {
    const url = new URL(location);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === ORIGIN;
  } catch {
    return false;
  }
}

/**
 * What is wrong with one answer, as readable strings (empty when all is well): a 5xx, an HTML
 * body with the raw marker, an off-site redirect.
 */
export async function answerProblems(res: Response): Promise<string[]> {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`status ${res.status}`);
  const location = res.headers.get('location');
  if (location !== null && !isOnSiteLocation(location)) problems.push(`off-site Location ${JSON.stringify(location)}`);
  const body = await res.text();
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('text/html') || /^\s*</.test(body)) {
    for (const marker of RAW_MARKERS) if (body.includes(marker)) problems.push(`unescaped ${JSON.stringify(marker)} in ${type || 'an untyped body'}`);
  }
  return problems;
}
