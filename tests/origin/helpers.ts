import { env, exports } from 'cloudflare:workers';
import { PRODUCT_ID, PRODUCT_ID_HEADER, type ApiPath } from '../../src/domain/api-schemas';
import type { OriginBindings } from '../../origin/src/env';
import app from '../../origin/src/index';

// Calls into the origin Worker. `call` goes through the Worker's real fetch with its wrangler.toml
// vars; `callWith` runs the same app with overridden vars (limits, production) via app.request.

export const BASE = 'http://origin.test';

/** The origin's bindings (the global Env of this program is the site's). */
export const originEnv = env as unknown as OriginBindings & {
  TEST_MIGRATIONS: { name: string; queries: string[] }[];
  TEST_SEED_SQL: string;
  TEST_WRANGLER_TOML: string;
};
export const db = originEnv.DB;

export type Json = Record<string, any>;

export interface CallOptions {
  /** Visitor IP as the site's proxy forwards it; each test file uses its own to stay clear of limits. */
  ip?: string;
  headers?: Record<string, string>;
  /** Vars to override (runs through app.request instead of the Worker's fetch). */
  vars?: Partial<Record<keyof OriginBindings, string>>;
  method?: string;
}

export function apiRequest(path: string, body: unknown, { ip, headers = {}, method = 'POST' }: CallOptions = {}): Request {
  return new Request(BASE + path, {
    method,
    headers: {
      'content-type': 'application/json',
      [PRODUCT_ID_HEADER]: PRODUCT_ID,
      ...(ip ? { 'CF-Connecting-IP': ip } : {}),
      ...headers,
    },
    body: method === 'GET' || method === 'HEAD' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function send(request: Request, vars?: CallOptions['vars']): Promise<Response> {
  return vars ? app.request(request, undefined, { ...originEnv, ...vars }) : exports.default.fetch(request);
}

/** POSTs `body` (a string is sent as is) and returns the status and the parsed JSON. */
export async function call(path: ApiPath | string, body: unknown, options: CallOptions = {}): Promise<{ status: number; body: Json }> {
  const res = await send(apiRequest(path, body, options), options.vars);
  return { status: res.status, body: (await res.json()) as Json };
}

/** The envelope code of either style. */
export function codeOf(body: Json): number {
  return body.resp_common?.ret ?? body.result?.status;
}

export const common = (lang = 'en-US') => ({ app_id: 81, lang });

/** A fresh address per test, so files and tests never share state. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export async function getJson(path: string, vars?: CallOptions['vars']): Promise<{ status: number; body: Json }> {
  const res = await send(new Request(BASE + path), vars);
  return { status: res.status, body: (await res.json()) as Json };
}

export async function postJson(path: string, body: unknown, vars?: CallOptions['vars']): Promise<{ status: number; body: Json }> {
  const res = await send(
    new Request(BASE + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    vars,
  );
  return { status: res.status, body: (await res.json()) as Json };
}
