// The plan lists the buy page shows, cached in KV (PLAN_CACHE) per currency and package table.
//
//   fresh  (< 5 min)      served from KV                                   X-Plan-Source: kv-fresh
//   stale  (< 24 h)       served from KV at once, refreshed in waitUntil   X-Plan-Source: kv-stale
//   miss                  one upstream call per key per isolate            X-Plan-Source: upstream
//   upstream down + miss  the bundled plans (USD)                          X-Plan-Source: fallback
//
// Each isolate keeps the entry it last read or fetched in memory for PLAN_MEMO_MS, so the buy page
// does no storage work on most requests: a hit is judged fresh or stale by its own age exactly as
// a KV read would be; misses, unreadable values and KV errors are never kept. A price change at the
// upstream therefore appears within PLAN_FRESH_MS (when the entry is refreshed) plus PLAN_MEMO_MS
// (other isolates' memos), plus KV's own propagation (up to 60 s) for isolates in other locations.
//
// One refresh at a time per key: an in-isolate in-flight map, plus a short-lived KV lock key that
// other isolates see. KV failures (get or put throwing) are logged and never break the page. A miss
// waits at most the upstream client's deadline (UPSTREAM_TIMEOUT_MS, the proxy's timeout); after a
// failed miss the isolate serves the fallback at once for PLAN_FAILURE_BACKOFF_MS.
//
// Decided: the fallback is priced in USD only (the reference prices). A visitor whose currency cannot
// be loaded sees USD prices in USD with a note saying so, and checks out in USD; showing amounts in
// their currency that the upstream has not confirmed, or converting, would quote a price nobody set.
import { lazySchema } from '../domain/zod-config';
import * as z from 'zod/mini';
import type { CodeTable, ListGroupData } from '../domain/api-schemas';
import { API_ERRORS, SUCCESS_CODE } from '../domain/api-errors';
import { FALLBACK_CURRENCY, fallbackPlans, planListSchema, planSchema, sortPlans, type Plan } from '../domain/plans';
import { callUpstream } from './upstream';

export const LIST_GROUP_PATH = '/paypackagebase/list_group';
export const PLAN_FRESH_MS = 5 * 60 * 1000;
export const PLAN_STALE_MS = 24 * 60 * 60 * 1000;
/** KV's shortest expiration: long enough for one refresh, short enough that a crashed one is retried soon. */
export const PLAN_LOCK_TTL_S = 60;
/** After a failed miss, an isolate serves the fallback at once for this long instead of waiting on a dead upstream again. */
export const PLAN_FAILURE_BACKOFF_MS = 30 * 1000;
/** How long an isolate serves a plan entry from memory before reading KV again. */
export const PLAN_MEMO_MS = 5 * 1000;

export type PlanSource = 'kv-fresh' | 'kv-stale' | 'upstream' | 'fallback';

export interface PlanLookup {
  source: PlanSource;
  /** The currency of `list`: the one asked for, or USD for the fallback. */
  currency: string;
  table: CodeTable;
  /** null: the upstream has no prices in this currency (4590007); ask again in USD. */
  list: Plan[] | null;
  /** Changes whenever the entry does (its fetch time; 'bundled' for the fallback): part of the page cache key. */
  version: string;
}

/** What is stored under a plan key. `list: null` remembers that the currency is not priced. */
export interface PlanCacheEntry {
  v: 1;
  fetchedAt: number;
  currency: string;
  table: CodeTable;
  list: Plan[] | null;
}

const entrySchema = lazySchema(() =>
  z.object({
    v: z.literal(1),
    fetchedAt: z.number().check(z.int(), z.nonnegative()),
    currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
    table: z.enum(['A', 'B']),
    list: z.nullable(z.array(planSchema)),
  }),
);

export function planCacheKey(currency: string, table: CodeTable): string {
  return `plans:v1:${table}:${currency}`;
}

export function planLockKey(currency: string, table: CodeTable): string {
  return `${planCacheKey(currency, table)}:lock`;
}

/** Per-isolate counters, exposed outside production in X-Plan-Cache-Stats for the bench (KV hit ratio, upstream calls). */
export const planCacheStats = { upstreamCalls: 0, kvFresh: 0, kvStale: 0, upstream: 0, fallback: 0, kvErrors: 0, memoHits: 0 };

export function planCacheStatsHeader(): string {
  const s = planCacheStats;
  return `upstream-calls=${s.upstreamCalls}, kv-fresh=${s.kvFresh}, kv-stale=${s.kvStale}, upstream=${s.upstream}, fallback=${s.fallback}, kv-errors=${s.kvErrors}, memo-hits=${s.memoHits}`;
}

const inflight = new Map<string, Promise<PlanCacheEntry | null>>();
const failedAt = new Map<string, number>();
/** The last good entry per key and until when it may be served without reading KV (one per currency and table: bounded). */
const memo = new Map<string, { entry: PlanCacheEntry; until: number }>();

/** Forgets the isolate's in-flight refreshes, failure backoffs, memorised entries and counters (tests only). */
export function resetPlanCacheIsolate(): void {
  inflight.clear();
  failedAt.clear();
  memo.clear();
  for (const key of Object.keys(planCacheStats) as (keyof typeof planCacheStats)[]) planCacheStats[key] = 0;
}

export type WaitUntil = (promise: Promise<unknown>) => void;

/** The request's waitUntil (Hono's `c.executionCtx` throws when there is none, e.g. a bare app.fetch in a test). */
export function waitUntilOf(c: { readonly executionCtx: Pick<ExecutionContext, 'waitUntil'> }): WaitUntil {
  try {
    const ctx = c.executionCtx;
    return (promise) => ctx.waitUntil(promise);
  } catch {
    return (promise) => void promise.catch(() => undefined);
  }
}

// ── The upstream call ───────────────────────────────────────────────────────────────────────

export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

/**
 * POST /paypackagebase/list_group for one currency and package table (docs/UPSTREAM.md), through
 * the shared upstream client (same headers, timeout and fault handling as the /api proxy).
 * Resolves to the validated list, or 'unsupported' when the upstream has no prices in the
 * currency; throws UpstreamError on anything else (timeout, unreachable, 5xx, bad envelope or data).
 */
export async function fetchPlanGroup(env: Env, currency: string, table: CodeTable): Promise<ListGroupData | 'unsupported'> {
  planCacheStats.upstreamCalls++;
  const answer = await callUpstream(env, LIST_GROUP_PATH, { currency, code_table: table });
  if (!answer.ok) throw new UpstreamError(`list_group ${answer.fault}: ${answer.detail}`);
  if (answer.code === API_ERRORS.CURRENCY_NOT_SUPPORTED.code) return 'unsupported';
  if (answer.code !== SUCCESS_CODE) throw new UpstreamError(`list_group answered ${answer.code} ${answer.msg}`);
  const data = planListSchema.safeParse(answer.body);
  if (!data.success) throw new UpstreamError(`list_group data is invalid: ${data.error.issues[0]?.message ?? ''}`);
  if (data.data.currency !== currency || data.data.code_table !== table) throw new UpstreamError('list_group answered another currency or table');
  return data.data;
}

// ── KV, never throwing ──────────────────────────────────────────────────────────────────────

async function kvRead(kv: KVNamespace, key: string): Promise<PlanCacheEntry | null> {
  try {
    const parsed = entrySchema.safeParse(await kv.get(key, 'json'));
    return parsed.success ? parsed.data : null;
  } catch (error) {
    planCacheStats.kvErrors++;
    console.warn('plan cache: KV read failed', key, error);
    return null;
  }
}

async function kvWrite(kv: KVNamespace, key: string, value: string, expirationTtl: number): Promise<void> {
  try {
    await kv.put(key, value, { expirationTtl });
  } catch (error) {
    planCacheStats.kvErrors++;
    console.warn('plan cache: KV write failed', key, error);
  }
}

async function lockHeld(kv: KVNamespace, lockKey: string): Promise<boolean> {
  try {
    return (await kv.get(lockKey)) !== null;
  } catch (error) {
    planCacheStats.kvErrors++;
    console.warn('plan cache: KV lock read failed', lockKey, error);
    return false;
  }
}

/** Keeps a good entry in memory for PLAN_MEMO_MS; an entry too old to serve is not kept. */
function remember(key: string, entry: PlanCacheEntry, now = Date.now()): void {
  const age = now - entry.fetchedAt;
  if (age >= 0 && age < PLAN_STALE_MS) memo.set(key, { entry, until: now + PLAN_MEMO_MS });
  else memo.delete(key);
}

/** The entry from memory while it is memorised, else from KV (and then memorised when it is good). */
async function readEntry(kv: KVNamespace, key: string): Promise<PlanCacheEntry | null> {
  const kept = memo.get(key);
  if (kept && Date.now() < kept.until) {
    planCacheStats.memoHits++;
    return kept.entry;
  }
  const entry = await kvRead(kv, key);
  if (entry) remember(key, entry);
  else memo.delete(key);
  return entry;
}

// ── Fetching, coalesced ─────────────────────────────────────────────────────────────────────

/** Calls the upstream and stores the answer; null when the upstream failed. */
async function fetchAndStore(env: Env, waitUntil: WaitUntil, currency: string, table: CodeTable): Promise<PlanCacheEntry | null> {
  const key = planCacheKey(currency, table);
  try {
    const data = await fetchPlanGroup(env, currency, table);
    const entry: PlanCacheEntry = { v: 1, fetchedAt: Date.now(), currency, table, list: data === 'unsupported' ? null : sortPlans(data.list) };
    failedAt.delete(key);
    remember(key, entry);
    // The page does not wait for the write; KV drops the entry once it is too old to serve.
    waitUntil(kvWrite(env.PLAN_CACHE, key, JSON.stringify(entry), Math.ceil(PLAN_STALE_MS / 1000)));
    return entry;
  } catch (error) {
    failedAt.set(key, Date.now());
    console.warn('plan cache: upstream list_group failed', key, error instanceof Error ? error.message : error);
    return null;
  }
}

/** One upstream call per key at a time in this isolate: concurrent callers share it. */
function coalesced(key: string, work: () => Promise<PlanCacheEntry | null>): Promise<PlanCacheEntry | null> {
  let promise = inflight.get(key);
  if (!promise) {
    promise = work().finally(() => inflight.delete(key));
    inflight.set(key, promise);
  }
  return promise;
}

/** Stale copy served: refresh in the background, unless a refresh for this key is already running here or elsewhere. */
function revalidate(env: Env, waitUntil: WaitUntil, currency: string, table: CodeTable): void {
  const key = planCacheKey(currency, table);
  if (inflight.has(key)) return;
  const refresh = coalesced(key, async () => {
    const lockKey = planLockKey(currency, table);
    if (await lockHeld(env.PLAN_CACHE, lockKey)) return null;
    await kvWrite(env.PLAN_CACHE, lockKey, String(Date.now()), PLAN_LOCK_TTL_S);
    // The lock is left to expire: a failed refresh is then retried at most once a minute.
    return fetchAndStore(env, waitUntil, currency, table);
  });
  waitUntil(refresh);
}

function lookup(source: PlanSource, entry: Pick<PlanCacheEntry, 'currency' | 'table' | 'list'> & { fetchedAt?: number }): PlanLookup {
  planCacheStats[source === 'kv-fresh' ? 'kvFresh' : source === 'kv-stale' ? 'kvStale' : source === 'upstream' ? 'upstream' : 'fallback']++;
  return { source, currency: entry.currency, table: entry.table, list: entry.list, version: entry.fetchedAt === undefined ? 'bundled' : String(entry.fetchedAt) };
}

/**
 * The plan list for one currency and package table, from KV when it can be. Never throws: with
 * the upstream down and nothing cached it answers the bundled plans (in USD).
 */
export async function getPlanList(env: Env, waitUntil: WaitUntil, currency: string, table: CodeTable): Promise<PlanLookup> {
  const key = planCacheKey(currency, table);
  const now = Date.now();
  const entry = await readEntry(env.PLAN_CACHE, key);
  if (entry && entry.currency === currency && entry.table === table) {
    const age = now - entry.fetchedAt;
    if (age >= 0 && age < PLAN_FRESH_MS) return lookup('kv-fresh', entry);
    if (age >= 0 && age < PLAN_STALE_MS) {
      revalidate(env, waitUntil, currency, table);
      return lookup('kv-stale', entry);
    }
  }
  const failed = failedAt.get(key);
  const backingOff = failed !== undefined && now - failed < PLAN_FAILURE_BACKOFF_MS && !inflight.has(key);
  const fetched = backingOff ? null : await coalesced(key, () => fetchAndStore(env, waitUntil, currency, table));
  if (fetched) return lookup('upstream', fetched);
  return lookup('fallback', { currency: FALLBACK_CURRENCY, table, list: fallbackPlans(table) });
}

export interface VisitorPlans extends PlanLookup {
  list: Plan[];
  /** The currency the visitor should have seen. */
  requestedCurrency: string;
  /**
   * Why `currency` differs from `requestedCurrency`: 'unavailable' when the upstream could not be
   * reached (bundled USD prices), 'unsupported' when it has no prices in that currency.
   */
  currencyFallback: 'unavailable' | 'unsupported' | null;
}

/** The buy list in the visitor's currency, or in USD when that currency cannot be shown (and why). */
export async function plansForVisitor(env: Env, waitUntil: WaitUntil, currency: string, table: CodeTable): Promise<VisitorPlans> {
  const first = await getPlanList(env, waitUntil, currency, table);
  if (first.list && first.source !== 'fallback') return { ...first, list: first.list, requestedCurrency: currency, currencyFallback: null };
  if (first.source === 'fallback') {
    return { ...first, list: first.list ?? fallbackPlans(table), requestedCurrency: currency, currencyFallback: currency === FALLBACK_CURRENCY ? null : 'unavailable' };
  }
  // The upstream does not price this currency: show USD.
  const usd = currency === FALLBACK_CURRENCY ? null : await getPlanList(env, waitUntil, FALLBACK_CURRENCY, table);
  if (usd?.list) {
    return { ...usd, list: usd.list, requestedCurrency: currency, currencyFallback: usd.source === 'fallback' ? 'unavailable' : 'unsupported' };
  }
  planCacheStats.fallback++;
  return { source: 'fallback', currency: FALLBACK_CURRENCY, table, list: fallbackPlans(table), version: 'bundled', requestedCurrency: currency, currencyFallback: currency === FALLBACK_CURRENCY ? null : 'unavailable' };
}
