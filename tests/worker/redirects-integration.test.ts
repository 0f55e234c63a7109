import { describe, expect, it } from 'vitest';
import { ROUTES, fillPath, mobilePath } from '../../src/pages/machinery/route-table';
import { LOCALES, localizePath } from '../../src/domain/locales';
import { get, isSameSitePath, setCookieValue, UA } from './helpers';

const QUERY = '?from=ad&isSem=1&bd_vid=abc';
const agentRoutes = ROUTES.filter((route) => route.agentRedirect);
const agentCases = agentRoutes.flatMap((route) =>
  LOCALES.map((locale) => ({
    desktop: localizePath(locale, fillPath(route.path, {})),
    mobile: localizePath(locale, mobilePath(fillPath(route.path, {}))),
  })),
);

describe('device redirects', () => {
  it('apply to home, the three product pages, buy, checkout, licence-code, trial-code, withdraw and the ad-landing page', () => {
    expect(agentRoutes.map((route) => route.path).sort()).toEqual(['/', '/buy', '/checkout', '/license-code', '/lp/mt-recover', '/mt-convert', '/mt-kt', '/mt-recover', '/trial-code', '/withdraw']);
  });

  it.each(agentCases)('an iPhone on $desktop is sent to $mobile with the query kept', async ({ desktop, mobile }) => {
    const res = await get(desktop + QUERY, { ua: UA.iphone, headers: { cookie: 'locale=en-US' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(mobile + QUERY);
  });

  it.each(agentCases)('a desktop on $mobile is sent back to $desktop with the query kept', async ({ desktop, mobile }) => {
    const res = await get(mobile + QUERY, { ua: UA.desktop, headers: { cookie: 'locale=en-US' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(desktop + QUERY);
  });

  it('an Android phone is sent to the /mobile/ variant', async () => {
    const res = await get('/ja-JP/buy', { ua: UA.android });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ja-JP/mobile/buy');
  });

  it('Sec-CH-UA-Mobile ?1 sends a desktop user agent to the /mobile/ variant', async () => {
    const res = await get('/trial-code', { ua: UA.desktop, headers: { 'sec-ch-ua-mobile': '?1' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/mobile/trial-code');
  });

  it('Sec-CH-UA-Mobile ?0 keeps a phone user agent on the desktop page', async () => {
    const res = await get('/trial-code', { ua: UA.iphone, headers: { 'sec-ch-ua-mobile': '?0' } });
    expect(res.status).toBe(200);
  });

  it.each([
    ['an iPad', UA.ipad],
    ['an Android tablet', UA.androidTablet],
    ['Googlebot', UA.googlebot],
    ['Googlebot smartphone', UA.googlebotSmartphone],
    ['bingbot', UA.bingbot],
  ])('%s stays on the desktop page', async (_name, ua) => {
    const res = await get('/fr-FR/mt-recover', { ua });
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
  });

  it.each([
    ['Googlebot', UA.googlebot],
    ['bingbot', UA.bingbot],
  ])('%s stays on a /mobile/ page too', async (_name, ua) => {
    const res = await get('/mobile/buy', { ua });
    expect(res.status).toBe(200);
  });

  it('leave pages without an agent redirect alone', async () => {
    const res = await get('/about', { ua: UA.iphone });
    expect(res.status).toBe(200);
  });

  it.each([
    ['a redirect', '/buy', UA.iphone],
    ['a desktop page', '/buy', UA.desktop],
    ['a mobile page', '/mobile/buy', UA.iphone],
  ])('%s of a route with an agent redirect varies on User-Agent', async (_kind, path, ua) => {
    const res = await get(path, { ua, headers: { cookie: 'locale=en-US' } });
    const vary = (res.headers.get('vary') ?? '').toLowerCase().split(/\s*,\s*/);
    expect(vary).toContain('user-agent');
  });
});

describe('redirects never leave the site', () => {
  const attempts = [
    '//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%5C%5Cevil.example',
    '/en-US//evil.example',
    '/en-US/%2F%2Fevil.example',
    '/en-US/%5Cevil.example',
    '/en-US/%5C%5Cevil.example',
    '/en-US/%2F/evil.example',
    '/en-US/%09/evil.example',
    '/en-US/%0A/evil.example',
    '/en-US/%00/evil.example',
    '/en-US/\\/evil.example',
    '/en-US//evil.example/buy',
    '/mobile//evil.example',
    '/mobile/%2F%2Fevil.example',
    '/mobile/\\evil.example',
    '/fr-FR//evil.example',
    '/fr-FR/mobile//evil.example',
    '//evil.example/mobile/buy',
    '/buy//evil.example',
    '/mobile/buy?next=//evil.example',
    '/en-US?next=//evil.example',
  ];
  const cases = attempts.flatMap((path) => [
    { path, device: 'phone', ua: UA.iphone },
    { path, device: 'desktop', ua: UA.desktop },
  ]);

  it.each(cases)('$path ($device) answers without a 5xx and any Location is a same-site path', async ({ path, ua }) => {
    const res = await get(path, { ua, headers: { cookie: 'locale=en-US' } });
    expect(res.status).toBeLessThan(500);
    const location = res.headers.get('location');
    if (location !== null) expect(isSameSitePath(location), location).toBe(true);
  });
});

describe('the default locale spelled out', () => {
  it.each([
    ['/en-US', '/'],
    ['/en-US/', '/'],
    ['/en-US/buy', '/buy'],
    ['/en-US/buy?isSem=2', '/buy?isSem=2'],
    ['/en-US/mobile/license-code', '/mobile/license-code'],
    ['/en-US/article-list/3', '/article-list/3'],
  ])('%s redirects 301 to the unprefixed %s', async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(to);
  });
});

describe('first visit to the home page', () => {
  it('with Accept-Language ja and no cookie redirects 302 to /ja-JP and records the locale', async () => {
    const res = await get('/', { headers: { 'accept-language': 'ja' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ja-JP');
    expect(setCookieValue(res, 'locale')).toBe('ja-JP');
  });

  it.each([
    ['fr-CA,fr;q=0.9,en;q=0.5', '/fr-FR'],
    ['zh-TW,zh;q=0.9', '/zh-TW'],
    ['zh-Hans,zh;q=0.9', '/zh-CN'],
    ['de-DE,ja;q=0.7,en;q=0.3', '/de-DE'],
    ['sv-SE,ja;q=0.7,en;q=0.3', '/ja-JP'],
  ])('with Accept-Language %s redirects to %s', async (acceptLanguage, target) => {
    const res = await get('/', { headers: { 'accept-language': acceptLanguage } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(target);
  });

  it('keeps the query string in the redirect', async () => {
    const res = await get('/?isSem=2&bd_vid=xyz', { headers: { 'accept-language': 'ja-JP' } });
    expect(res.headers.get('location')).toBe('/ja-JP?isSem=2&bd_vid=xyz');
  });

  it('with a locale cookie stays on / (200, no redirect)', async () => {
    const res = await get('/', { headers: { 'accept-language': 'ja', cookie: 'locale=en-US' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
  });

  it('with an English or unsupported Accept-Language stays on /', async () => {
    for (const acceptLanguage of ['en-US,en;q=0.9', 'sv-SE', '']) {
      const res = await get('/', { headers: { 'accept-language': acceptLanguage } });
      expect(res.status, acceptLanguage).toBe(200);
    }
  });

  it.each([
    ['Googlebot', UA.googlebot],
    ['bingbot', UA.bingbot],
  ])('never redirects %s', async (_name, ua) => {
    const res = await get('/', { ua, headers: { 'accept-language': 'ja' } });
    expect(res.status).toBe(200);
  });

  it('only happens on the home page', async () => {
    const res = await get('/buy', { headers: { 'accept-language': 'ja' } });
    expect(res.status).toBe(200);
  });

  it('on a phone goes to the localized /mobile home', async () => {
    const res = await get('/mobile', { ua: UA.iphone, headers: { 'accept-language': 'ja' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ja-JP/mobile');
  });

  it('varies on Accept-Language and Cookie', async () => {
    const res = await get('/', { headers: { 'accept-language': 'ja' } });
    const vary = (res.headers.get('vary') ?? '').toLowerCase();
    expect(vary).toContain('accept-language');
    expect(vary).toContain('cookie');
  });
});

describe('the locale cookie', () => {
  it.each(LOCALES.map((locale) => [locale, localizePath(locale, '/buy')]))('is set to %s on %s', async (locale, path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(setCookieValue(res, 'locale')).toBe(locale);
  });

  it('lasts a year for the whole site, SameSite=Lax', async () => {
    const res = await get('/zh-CN/feedback');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('locale='));
    expect(cookie).toMatch(/Path=\/(;|$)/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('is updated when the visitor opens another locale', async () => {
    const res = await get('/fr-FR/about', { headers: { cookie: 'locale=ja-JP' } });
    expect(setCookieValue(res, 'locale')).toBe('fr-FR');
  });

  it('is not set again when it already matches', async () => {
    const res = await get('/fr-FR/about', { headers: { cookie: 'locale=fr-FR' } });
    expect(setCookieValue(res, 'locale')).toBeUndefined();
  });
});
