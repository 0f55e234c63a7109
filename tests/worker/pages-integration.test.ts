import { describe, expect, it } from 'vitest';
import { ROUTES, fillPath, mobilePath } from '../../src/pages/machinery/route-table';
import { LOCALES, localizePath, type Locale } from '../../src/domain/locales';
import { expectedTitle, get, h1Of, htmlLang, message, titleOf, UA } from './helpers';

const SAMPLE_PARAMS: Record<string, string> = { id: '2' };
/** Pages that need a query to be more than their 404 (the checkout's product, the result's order). */
const SAMPLE_QUERY: Record<string, string> = { checkout: '?product_id=81901', 'checkout-result': '?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903' };

interface Case {
  routeId: string;
  locale: Locale;
  path: string;
  status: number;
  ua: string;
}

// Every entry of the route table, in every locale it is served in, desktop and /mobile/.
const cases: Case[] = ROUTES.filter((route) => route.localized).flatMap((route) =>
  LOCALES.flatMap((locale) => {
    const path = fillPath(route.path, SAMPLE_PARAMS);
    const query = SAMPLE_QUERY[route.id] ?? '';
    const status = route.status ?? 200;
    const desktop: Case = { routeId: route.id, locale, path: localizePath(locale, path) + query, status, ua: UA.desktop };
    if (!route.mobile) return [desktop];
    // A phone asks for the /mobile/ variant, so the agent redirect leaves it there.
    return [desktop, { ...desktop, path: localizePath(locale, mobilePath(path)) + query, ua: UA.iphone }];
  }),
);

/**
 * The pages the site must serve, written out by hand from the product's route list (not derived
 * from the route table): unprefixed, then under each locale prefix.
 */
const EXPECTED_PAGES = [
  '/', '/mt-recover', '/mt-kt', '/mt-convert', '/about', '/buy', '/checkout', '/checkout/result', '/feedback',
  '/license-code', '/trial-code', '/query-steps', '/do-not-sell-my-info', '/article-list/2', '/lp/mt-recover', '/404',
  '/withdraw', '/tokushoho', '/accessibility',
  '/test', '/test-checkout', '/text-checkout',
  '/components/Copy', '/components/GlareHover', '/components/MoreSave', '/components/Paypal', '/components/UploadImage',
];
/** The pages with a /mobile/ variant: home, the three products, buy, checkout, the two code forms, the withdrawal form, the ad landing page. */
const EXPECTED_MOBILE = ['/', '/mt-recover', '/mt-kt', '/mt-convert', '/buy', '/checkout', '/license-code', '/trial-code', '/withdraw', '/lp/mt-recover'];

describe('every page of the route table', () => {
  it('covers each page the site must serve, in every locale, and each /mobile/ variant', () => {
    expect(LOCALES).toEqual(['en-US', 'fr-FR', 'ja-JP', 'zh-CN', 'de-DE', 'es-ES', 'it-IT', 'pt-BR', 'ko-KR', 'zh-TW']);
    const prefixes = ['', '/fr-FR', '/ja-JP', '/zh-CN', '/de-DE', '/es-ES', '/it-IT', '/pt-BR', '/ko-KR', '/zh-TW'];
    const at = (prefix: string, path: string) => (path === '/' ? prefix || '/' : prefix + path);
    const expected = prefixes.flatMap((prefix) => [...EXPECTED_PAGES.map((path) => at(prefix, path)), ...EXPECTED_MOBILE.map((path) => (path === '/' ? `${prefix}/mobile` : `${prefix}/mobile${path}`))]);
    const covered = cases.map((c) => c.path.split('?')[0]);
    expect([...covered].sort()).toEqual([...expected].sort());
  });

  it.each(cases)('$path answers $status in $locale with its localized title', async ({ routeId, locale, path, status, ua }) => {
    const res = await get(path, { ua, headers: { cookie: `locale=${locale}` } });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(htmlLang(html)).toBe(locale);
    expect(titleOf(html)).toBe(expectedTitle(locale, routeId, SAMPLE_PARAMS));
  });

  it('renders the page heading from pages.<id>.heading', async () => {
    const res = await get('/ja-JP/license-code');
    expect(h1Of(await res.text())).toBe(message('ja-JP', 'pages.license-code.heading'));
  });

  it('sends a page with a trailing slash to its one URL (301, query kept)', async () => {
    const res = await get('/fr-FR/buy/?from=ad');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/fr-FR/buy?from=ad');
  });

  it('treats a locale prefix case-sensitively: /fr-fr is not a locale', async () => {
    const res = await get('/fr-fr/buy');
    expect(res.status).toBe(404);
  });

  it('does not serve a /mobile/ variant for a route that has none', async () => {
    const res = await get('/mobile/about', { ua: UA.iphone });
    expect(res.status).toBe(404);
  });
});

describe('the static legal pages', () => {
  const legal = ROUTES.filter((route) => !route.localized);

  it('are the user agreement and the privacy page', () => {
    expect(legal.map((route) => route.path).sort()).toEqual(['/mtdr_privacy.html', '/mtdr_user_agreement.html']);
  });

  const langs: [string, Locale][] = [
    ['zh', 'zh-CN'],
    ['en', 'en-US'],
    ['ja', 'ja-JP'],
  ];
  const legalCases = legal.flatMap((route) => langs.map(([lang, locale]) => ({ routeId: route.id, path: `${route.path}?lang=${lang}`, locale })));

  it.each(legalCases)('$path renders in $locale', async ({ routeId, path, locale }) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(htmlLang(html)).toBe(locale);
    expect(titleOf(html)).toBe(expectedTitle(locale, routeId));
  });

  it.each(legal.map((route) => route.path))('%s without ?lang renders in en-US', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(htmlLang(await res.text())).toBe('en-US');
  });

  const invalid = ['fr-FR', 'xx', 'EN', 'zh-CN', '', 'en%00', 'toString', 'constructor', '__proto__', 'hasOwnProperty'];
  const invalidCases = legal.flatMap((route) => invalid.map((lang) => `${route.path}?lang=${lang}`));

  it.each(invalidCases)('%s is the 404 page', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(message('en-US', 'pages.404.heading'));
  });

  it('are not served under a locale prefix (their language is ?lang=)', async () => {
    const res = await get('/ja-JP/mtdr_privacy.html?lang=ja');
    expect(res.status).toBe(404);
  });
});

describe('article lists', () => {
  it.each(['2', '3', '6'])('/article-list/%s is a page', async (id) => {
    const res = await get(`/article-list/${id}`);
    expect(res.status).toBe(200);
    expect(titleOf(await res.text())).toBe(expectedTitle('en-US', 'article-list', { id }));
  });

  it.each(['1', 'abc', '2x', '02', '4', '-2', '2.0'])('/article-list/%s is the 404 page (validate step)', async (id) => {
    const res = await get(`/article-list/${id}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(message('en-US', 'pages.404.heading'));
  });

  it('validates in every locale: /zh-CN/article-list/1 is a localized 404', async () => {
    const res = await get('/zh-CN/article-list/1');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(htmlLang(html)).toBe('zh-CN');
    expect(h1Of(html)).toBe(message('zh-CN', 'pages.404.heading'));
  });
});
