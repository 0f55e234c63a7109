// The one place the site talks to the upstream API (docs/UPSTREAM.md). The /api proxy,
// the plan cache and the beacon consumer all go through here, so every call gets the same
// treatment:
//
//   target    UPSTREAM_RELEASE, or UPSTREAM_SV / UPSTREAM_JB for the host keys 'sv' / 'jb'. The
//             mapping is configuration only: a visitor's key picks one of these values, never a URL.
//             A value "service:NAME" means the service binding env.NAME (locally the reference
//             origin, "service:ORIGIN"); anything else must be an absolute http(s) URL.
//   headers   X-Cf-Productid: 81, Content-Type/Accept JSON, the visitor's IP (CF-Connecting-IP) and
//             country (CF-IPCountry) when known, and the signature headers when a secret is set.
//             Nothing else: no visitor cookies, no User-Agent, no Referer.
//   body      the caller's object with common.app_id = 81 and common.lang set.
//   signing   with the optional secret UPSTREAM_SIGNING_SECRET: X-Timestamp (epoch seconds) and
//             X-Signature = hex HMAC-SHA256(secret, `${timestamp}\n${path}\n${body}`).
//   faults    a deadline of UPSTREAM_TIMEOUT_MS (default 8 s) over the whole exchange → 504;
//             a connection failure, a 5xx, a redirect, a non-JSON, non-envelope or over-1-MB answer
//             → 502. Each as an envelope with an EDGE_ERRORS code; nothing ever hangs or throws.
import { localeEntry, type Locale } from '../domain/locales';
import { APP_ID, PRODUCT_ID, PRODUCT_ID_HEADER, envelopeStyle, readEnvelope } from '../domain/api-schemas';
import { EDGE_ERRORS, type EdgeErrorName, type HostKey } from '../domain/api-handlers';
import { readCappedBytes } from '../domain/bodies';
import type { UpstreamHealth, UpstreamHealthState } from '../domain/upstream-health';

/** What callUpstream reads from the Worker's env (tests pass fakes for any of it). */
export interface UpstreamEnv {
  UPSTREAM_RELEASE: string;
  UPSTREAM_SV: string;
  UPSTREAM_JB: string;
  UPSTREAM_TIMEOUT_MS?: string;
  /** Optional Worker secret; when set, every call is signed. */
  UPSTREAM_SIGNING_SECRET?: string;
  // Plus the service bindings that "service:NAME" targets name (ORIGIN locally), looked up by name.
}

export const DEFAULT_TIMEOUT_MS = 8000;
const MAX_TIMEOUT_MS = 60_000;
/** The most the edge reads of an upstream answer; beyond it the answer counts as bad. */
export const MAX_UPSTREAM_RESPONSE_BYTES = 1024 * 1024;
export const SIGNATURE_HEADER = 'X-Signature';
export const TIMESTAMP_HEADER = 'X-Timestamp';
export const CLIENT_IP_HEADER = 'CF-Connecting-IP';
export const COUNTRY_HEADER = 'CF-IPCountry';

/** What the origin expects in common.lang (docs/UPSTREAM.md: BCP 47 tags such as 'en-US', 'zh-CN'). */
export function upstreamLang(locale: Locale): string {
  return localeEntry(locale).upstreamLang;
}

export interface UpstreamCallOptions {
  /** 'sv' / 'jb' pick UPSTREAM_SV / UPSTREAM_JB; null or absent: UPSTREAM_RELEASE. */
  hostKey?: HostKey | null;
  /** The visitor's IP (the request's CF-Connecting-IP), forwarded for the upstream's limits. */
  clientIp?: string | null;
  /** The visitor's country (cf.country), ISO alpha-2. */
  country?: string | null;
  /** The page's locale, sent as common.lang. */
  lang?: Locale | null;
  /** Set common.app_id/lang (default true). The collection host's batches have no common block. */
  common?: boolean;
}

export type UpstreamFault = 'timeout' | 'unreachable' | 'failed' | 'bad_answer';

const FAULT_ERRORS: Record<UpstreamFault, Exclude<EdgeErrorName, 'NETWORK_FAILURE'>> = {
  timeout: 'UPSTREAM_TIMEOUT',
  unreachable: 'UPSTREAM_UNREACHABLE',
  failed: 'UPSTREAM_FAILED',
  bad_answer: 'UPSTREAM_BAD_ANSWER',
};

export type UpstreamResult =
  /** The upstream answered an envelope (its code may still be an error code). */
  | { ok: true; status: number; body: Record<string, unknown>; code: number; msg: string }
  /** The exchange failed: `body` is the edge's envelope to answer with, `status` 502 or 504. */
  | { ok: false; fault: UpstreamFault; status: 502 | 504; body: Record<string, unknown>; code: number; upstreamStatus?: number; detail: string };

/** The envelope of `code`/`msg` in the style the path uses (resp_common, or result for /mingtingvip/payv2/). */
export function envelopeFor(path: string, code: number, msg: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const head = envelopeStyle(path) === 'result' ? { result: { status: code, msg } } : { resp_common: { ret: code, msg } };
  return { ...head, ...extra };
}

/** The configured target of a host key: the value of UPSTREAM_SV / UPSTREAM_JB / UPSTREAM_RELEASE. */
export function upstreamTarget(env: UpstreamEnv, hostKey: HostKey | null | undefined): string {
  if (hostKey === 'sv') return env.UPSTREAM_SV;
  if (hostKey === 'jb') return env.UPSTREAM_JB;
  return env.UPSTREAM_RELEASE;
}

export function timeoutOf(env: Pick<UpstreamEnv, 'UPSTREAM_TIMEOUT_MS'>): number {
  const value = Number(env.UPSTREAM_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 && value <= MAX_TIMEOUT_MS ? value : DEFAULT_TIMEOUT_MS;
}

type Sender = (request: Request) => Promise<Response>;

const SERVICE_PREFIX = 'service:';

/** How to reach a target: a service binding's fetch, or the global fetch to a URL. Null when misconfigured. */
function senderFor(env: UpstreamEnv, target: string, path: string): { send: Sender; url: string } | null {
  if (target.startsWith(SERVICE_PREFIX)) {
    const name = target.slice(SERVICE_PREFIX.length);
    const bindings = env as unknown as Record<string, Fetcher | undefined>;
    const binding = /^[A-Z][A-Z0-9_]*$/.test(name) ? bindings[name] : undefined;
    if (!binding || typeof binding.fetch !== 'function') return null;
    // The host is irrelevant to a service binding; the path is what the upstream routes on.
    return { send: (request) => binding.fetch(request), url: `https://upstream.internal${path}` };
  }
  let base: URL;
  try {
    base = new URL(target);
  } catch {
    return null;
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') return null;
  const prefix = base.pathname.replace(/\/+$/, '');
  return { send: (request) => fetch(request), url: `${base.origin}${prefix}${path}` };
}

const IP_PATTERN = /^[0-9A-Fa-f:.]{2,45}$/;
const COUNTRY_PATTERN = /^[A-Z0-9]{2}$/;

const signingKeys = new Map<string, Promise<CryptoKey>>();

function signingKey(secret: string): Promise<CryptoKey> {
  let key = signingKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    signingKeys.set(secret, key);
  }
  return key;
}

/** hex HMAC-SHA256(secret, `${timestamp}\n${path}\n${body}`): what X-Signature carries. */
export async function signRequest(secret: string, timestamp: string, path: string, body: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await signingKey(secret), new TextEncoder().encode(`${timestamp}\n${path}\n${body}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function parseEnvelope(bytes: Uint8Array): { body: Record<string, unknown>; code: number; msg: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const head = readEnvelope(value);
  return head ? { body: value as Record<string, unknown>, code: head.code, msg: head.msg } : null;
}

function fault(path: string, kind: UpstreamFault, detail: string, upstreamStatus?: number): UpstreamResult {
  const error = EDGE_ERRORS[FAULT_ERRORS[kind]];
  return {
    ok: false,
    fault: kind,
    status: error.status,
    code: error.code,
    body: envelopeFor(path, error.code, error.message),
    detail,
    ...(upstreamStatus === undefined ? {} : { upstreamStatus }),
  };
}

/** The body with common.app_id = 81 and, when given, common.lang (whatever the caller sent there). */
export function withCommon(body: Record<string, unknown>, lang: string | null | undefined): Record<string, unknown> {
  const given = body['common'];
  const common = typeof given === 'object' && given !== null && !Array.isArray(given) ? { ...(given as Record<string, unknown>) } : {};
  common['app_id'] = APP_ID;
  if (lang) common['lang'] = lang;
  return { ...body, common };
}

/**
 * Calls `path` (an allowlisted API path, or /collect) on the upstream chosen by
 * `options.hostKey`, and resolves — never rejects — with the envelope or the fault.
 */
export function callUpstream(env: UpstreamEnv, path: string, body: Record<string, unknown>, options: UpstreamCallOptions = {}): Promise<UpstreamResult> {
  return callUpstreamAt(env, upstreamTarget(env, options.hostKey), path, body, options);
}

/** The same, at an explicit target from configuration ("service:NAME" or a URL), e.g. env.COLLECT_URL. */
export async function callUpstreamAt(
  env: UpstreamEnv,
  target: string,
  path: string,
  body: Record<string, unknown>,
  options: UpstreamCallOptions = {},
): Promise<UpstreamResult> {
  const sender = senderFor(env, target, path);
  if (!sender) return fault(path, 'unreachable', `no upstream configured for target ${JSON.stringify(target)}`);

  const payload = options.common === false ? body : withCommon(body, options.lang ? upstreamLang(options.lang) : undefined);
  const text = JSON.stringify(payload);
  const headers = new Headers({
    'Content-Type': 'application/json',
    Accept: 'application/json',
    [PRODUCT_ID_HEADER]: PRODUCT_ID,
  });
  if (options.clientIp && IP_PATTERN.test(options.clientIp)) headers.set(CLIENT_IP_HEADER, options.clientIp);
  if (options.country && COUNTRY_PATTERN.test(options.country)) headers.set(COUNTRY_HEADER, options.country);
  const secret = env.UPSTREAM_SIGNING_SECRET;
  if (typeof secret === 'string' && secret !== '') {
    const timestamp = String(Math.floor(Date.now() / 1000));
    headers.set(TIMESTAMP_HEADER, timestamp);
    headers.set(SIGNATURE_HEADER, await signRequest(secret, timestamp, path, text));
  }

  const exchange = async (signal: AbortSignal): Promise<UpstreamResult> => {
    let response: Response;
    try {
      // redirect: 'manual': a 3xx is a bad answer, never a hop to wherever it points.
      response = await sender.send(new Request(sender.url, { method: 'POST', headers, body: text, redirect: 'manual', signal }));
    } catch (error) {
      return fault(path, 'unreachable', `fetch failed: ${String(error)}`);
    }
    if (response.status >= 500) {
      await response.body?.cancel().catch(() => {});
      return fault(path, 'failed', `upstream answered HTTP ${response.status}`, response.status);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => {});
      return fault(path, 'bad_answer', `upstream answered a redirect (HTTP ${response.status})`, response.status);
    }
    let bytes: Uint8Array | null;
    try {
      bytes = await readCappedBytes(response, MAX_UPSTREAM_RESPONSE_BYTES);
    } catch (error) {
      return fault(path, 'unreachable', `reading the answer failed: ${String(error)}`, response.status);
    }
    if (!bytes) return fault(path, 'bad_answer', `answer larger than ${MAX_UPSTREAM_RESPONSE_BYTES} bytes`, response.status);
    const envelope = parseEnvelope(bytes);
    if (!envelope) return fault(path, 'bad_answer', `answer is not a JSON envelope (HTTP ${response.status}, ${response.headers.get('content-type') ?? 'no content type'})`, response.status);
    return { ok: true, status: response.status, ...envelope };
  };

  const timeoutMs = timeoutOf(env);
  return withDeadline(timeoutMs, exchange, () => fault(path, 'timeout', `no answer within ${timeoutMs} ms`));
}

/**
 * `work`'s result, or `onTimeout()`'s once `ms` have passed (its signal is aborted then). The
 * deadline covers the whole exchange (a slow body too) and does not rely on the fetch honouring
 * the abort signal: whichever settles first wins.
 */
async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>, onTimeout: () => T): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(onTimeout());
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export type { UpstreamHealth, UpstreamHealthState };

/**
 * GET <upstream>/health with its own short deadline, for the /test diagnostics page: one call,
 * no signing, nothing from the visitor forwarded. A slow upstream turns into 'timeout' instead of
 * holding the page for the proxy's 8 s.
 */
export async function checkUpstreamHealth(env: UpstreamEnv, hostKey: HostKey | null | undefined, timeoutMs: number): Promise<UpstreamHealth> {
  const sender = senderFor(env, upstreamTarget(env, hostKey), '/health');
  if (!sender) return { state: 'unreachable', status: null, answer: null };
  const exchange = async (signal: AbortSignal): Promise<UpstreamHealth> => {
    try {
      const response = await sender.send(new Request(sender.url, { method: 'GET', headers: { [PRODUCT_ID_HEADER]: PRODUCT_ID }, redirect: 'manual', signal }));
      const bytes = await readCappedBytes(response, 4096).catch(() => null);
      const line = bytes ? new TextDecoder().decode(bytes).split('\n')[0]!.trim().slice(0, 40) : '';
      const ok = response.status >= 200 && response.status < 300;
      return { state: ok ? 'ok' : 'failing', status: response.status, answer: ok && /^[\x20-\x7e]*$/.test(line) ? line : null };
    } catch {
      return { state: 'unreachable', status: null, answer: null };
    }
  };
  return withDeadline(timeoutMs, exchange, () => ({ state: 'timeout', status: null, answer: null }));
}
