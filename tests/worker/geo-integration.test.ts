import { env, exports } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { resolveGeo } from '../../src/middleware/geo';
import { message, ORIGIN } from './helpers';

type Init = RequestInit & { cf?: { country?: string } };

/** GET through the Worker's real fetch, optionally as Cloudflare would see it from `country`. */
async function geo(path = '/api/geo', init: Init = {}) {
  const res = await exports.default.fetch(new Request(ORIGIN + path, init as RequestInit));
  return { res, body: (await res.json()) as Record<string, unknown> };
}

/** The same request through the Worker with a changed env (production here). */
async function geoWithEnv(overrides: Partial<Env>, path: string, init: Init = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(new Request(ORIGIN + path, init as RequestInit) as Parameters<NonNullable<typeof worker.fetch>>[0], { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { res, body: (await res.json()) as Record<string, unknown> };
}

describe('GET /api/geo', () => {
  it.each([
    ['US', 'USD'],
    ['JP', 'JPY'],
    ['HK', 'HKD'],
    ['SG', 'SGD'],
    ['FR', 'EUR'],
    ['DE', 'EUR'],
    ['IT', 'EUR'],
    ['GB', 'GBP'],
    ['KR', 'KRW'],
    ['BR', 'BRL'],
    ['TW', 'TWD'],
    ['CH', 'CHF'],
    ['IN', 'INR'],
  ])('gives a visitor whose cf.country is %s the currency %s', async (country, currency) => {
    const { res, body } = await geo('/api/geo', { cf: { country } });
    expect(res.status).toBe(200);
    expect(body).toEqual({ country, currency });
  });

  it('gives USD to a country whose currency the plan list has no prices in', async () => {
    expect((await geo('/api/geo', { cf: { country: 'CN' } })).body).toEqual({ country: 'CN', currency: 'USD' });
    expect((await geo('/api/geo', { cf: { country: 'ZA' } })).body).toEqual({ country: 'ZA', currency: 'USD' });
  });

  it('gives a visitor with no country (or Tor, or an unknown one) USD and a null country', async () => {
    expect((await geo()).body).toEqual({ country: null, currency: 'USD' });
    expect((await geo('/api/geo', { cf: { country: 'T1' } })).body).toEqual({ country: null, currency: 'USD' });
    expect((await geo('/api/geo', { cf: { country: 'XX' } })).body).toEqual({ country: null, currency: 'USD' });
  });

  it('is private and never cached', async () => {
    const { res } = await geo('/api/geo', { cf: { country: 'JP' } });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('lets the X-Debug-Country header simulate a country outside production', async () => {
    const { body } = await geo('/api/geo', { cf: { country: 'US' }, headers: { 'X-Debug-Country': 'jp' } });
    expect(body).toEqual({ country: 'JP', currency: 'JPY' });
  });

  it('lets the debug_country query parameter simulate a country outside production', async () => {
    expect((await geo('/api/geo?debug_country=SG')).body).toEqual({ country: 'SG', currency: 'SGD' });
    expect((await geo('/api/geo?debug_country=at', { cf: { country: 'US' } })).body).toEqual({ country: 'AT', currency: 'EUR' });
  });

  it('prefers the header to the query parameter when both are given', async () => {
    expect((await geo('/api/geo?debug_country=FR', { headers: { 'X-Debug-Country': 'HK' } })).body).toEqual({ country: 'HK', currency: 'HKD' });
  });

  it.each(['USA', 'J', '1P', '<script>alert(1)</script>', ''])('refuses the debug override %j with a localized 400', async (value) => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/geo?debug_country=${encodeURIComponent(value)}`));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'invalid_country', message: message('en-US', 'buy.geo.invalidCountry') } });
  });

  it('never echoes a rejected override back', async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/geo`, { headers: { 'X-Debug-Country': '<img src=x onerror=alert(1)>' } }));
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toContain('<img');
    expect(text).not.toContain('onerror');
  });

  it('explains a bad override in the language the browser asks for', async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/geo`, { headers: { 'X-Debug-Country': 'JPN', 'Accept-Language': 'ja-JP,ja;q=0.9' } }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message('ja-JP', 'buy.geo.invalidCountry'));
  });

  it('ignores both overrides in production and trusts cf.country', async () => {
    const production = { ENVIRONMENT: 'production' } as Partial<Env>;
    expect((await geoWithEnv(production, '/api/geo?debug_country=JP', { cf: { country: 'FR' }, headers: { 'X-Debug-Country': 'SG' } })).body).toEqual({ country: 'FR', currency: 'EUR' });
    // Even a malformed override is not an error there: it is simply not read.
    const { res, body } = await geoWithEnv(production, '/api/geo?debug_country=NOPE');
    expect(res.status).toBe(200);
    expect(body).toEqual({ country: null, currency: 'USD' });
  });

  it('answers other methods with 405 and the allowed ones', async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/geo`, { method: 'POST', body: '{}' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('resolveGeo', () => {
  const request = (url: string, country?: string, headers: Record<string, string> = {}) =>
    new Request(url, { headers, ...(country ? { cf: { country } } : {}) } as RequestInit);

  it('reports where the country came from', () => {
    expect(resolveGeo(request('https://x.test/', 'JP'), false)).toEqual({ country: 'JP', currency: 'JPY', source: 'cf', invalidOverride: false });
    expect(resolveGeo(request('https://x.test/?debug_country=fr'), false)).toEqual({ country: 'FR', currency: 'EUR', source: 'debug', invalidOverride: false });
    expect(resolveGeo(request('https://x.test/'), false)).toEqual({ country: null, currency: 'USD', source: 'none', invalidOverride: false });
  });

  it('falls back to cf.country when the override is malformed, and says so', () => {
    expect(resolveGeo(request('https://x.test/?debug_country=123', 'SG'), false)).toEqual({ country: 'SG', currency: 'SGD', source: 'cf', invalidOverride: true });
  });

  it('chooses only among the currencies it is told the plan list has', () => {
    expect(resolveGeo(request('https://x.test/', 'JP'), false, ['USD', 'EUR']).currency).toBe('USD');
  });
});
