// The origin's bindings. Hand-written rather than generated: `wrangler types` emits global
// declarations (Env, Cloudflare.Env, StringifyValues) that collide with the site's generated
// worker-configuration.d.ts when the root tsconfig type-checks tests/origin. The names here are
// checked against origin/wrangler.toml by tests/origin/config-unit.test.ts.

export interface OriginBindings {
  /** Plans, orders, codes, tickets, opt-outs, beacon events and the too-frequent counters. */
  DB: D1Database;
  /** 'production' hides the test endpoints (test payments, reset, faults, counts). */
  ENVIRONMENT: string;
  /** 'true': create the schema and seed on the first request (the site's tests start empty). */
  AUTO_SEED?: string;
  /** Requests per client per burst window before 6919992. */
  RATE_BURST_LIMIT?: string;
  RATE_BURST_WINDOW_SECONDS?: string;
  /** Requests per client per UTC day before 6919993. */
  RATE_DAILY_LIMIT?: string;
  /** How long a feedback captcha stays valid. */
  CAPTCHA_TTL_SECONDS?: string;
  /** 'true': POST /collect answers 503, as if the collection host were down. */
  COLLECT_DOWN?: string;
}

/** The vars origin/wrangler.toml must define (DB is the D1 binding). */
export const ORIGIN_VARS = [
  'ENVIRONMENT',
  'AUTO_SEED',
  'RATE_BURST_LIMIT',
  'RATE_BURST_WINDOW_SECONDS',
  'RATE_DAILY_LIMIT',
  'CAPTCHA_TTL_SECONDS',
  'COLLECT_DOWN',
] as const satisfies readonly (keyof OriginBindings)[];

export interface OriginVariables {
  /** Who the too-frequent limits count: CF-Connecting-IP, or one shared key without it. */
  clientKey: string;
}

export type OriginEnv = { Bindings: OriginBindings; Variables: OriginVariables };
