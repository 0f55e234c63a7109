import type { MiddlewareHandler } from 'hono';
import { lazySchema } from '../domain/zod-config';
import * as z from 'zod/mini';
import type { AppEnv } from '../env';
import { chooseCurrency, normalizeCountry } from '../domain/currency';

/**
 * Where the visitor is, from the edge: Cloudflare's `cf.country` picks the country and, through
 * country-to-currency data, the currency the plans are shown in (USD when the plan list has no
 * price in it, or when the country is unknown). Outside production the `X-Debug-Country` header or
 * the `debug_country` query parameter simulates any country; production ignores both.
 */

export const DEBUG_COUNTRY_HEADER = 'X-Debug-Country';
export const DEBUG_COUNTRY_PARAM = 'debug_country';

export type GeoSource = 'cf' | 'debug' | 'none';

export interface Geo {
  /** ISO 3166-1 alpha-2, or null when unknown. */
  country: string | null;
  /** The currency to show prices in (one of the plan currencies). */
  currency: string;
  source: GeoSource;
  /** A debug override was given but is not two letters (it was ignored). */
  invalidOverride: boolean;
}

declare module 'hono' {
  interface ContextVariableMap {
    geo: Geo;
    country: string | null;
    currency: string;
  }
}

/** Two ASCII letters, any case (e.g. `jp`, `FR`). */
export const debugCountrySchema = lazySchema(() =>
  z.pipe(
    z.string().check(z.trim(), z.regex(/^[A-Za-z]{2}$/)),
    z.transform((value: string) => value.toUpperCase()),
  ),
);

type CfRequest = Request & { cf?: { country?: unknown } };

/** The geo facts of a request. Pure apart from reading the request, so tests can call it directly. */
export function resolveGeo(request: Request, production: boolean, available?: readonly string[]): Geo {
  let invalidOverride = false;
  if (!production) {
    const raw = request.headers.get(DEBUG_COUNTRY_HEADER) ?? new URL(request.url).searchParams.get(DEBUG_COUNTRY_PARAM);
    if (raw !== null) {
      const parsed = debugCountrySchema.safeParse(raw);
      if (parsed.success) {
        const country = normalizeCountry(parsed.data);
        return { country, currency: chooseCurrency(country, available), source: 'debug', invalidOverride: false };
      }
      invalidOverride = true;
    }
  }
  const country = normalizeCountry((request as CfRequest).cf?.country);
  return { country, currency: chooseCurrency(country, available), source: country ? 'cf' : 'none', invalidOverride };
}

export const geo: MiddlewareHandler<AppEnv> = async (c, next) => {
  const facts = resolveGeo(c.req.raw, c.env.ENVIRONMENT === 'production');
  c.set('geo', facts);
  c.set('country', facts.country);
  c.set('currency', facts.currency);
  await next();
};
