import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/pages/machinery/route-table';
import { LOCALES, localizePath } from '../../src/domain/locales';
import { ARTICLE_LIST_IDS } from '../../src/domain/articles';
import { get, ORIGIN } from './helpers';

interface SitemapUrl {
  loc: string;
  alternates: Record<string, string>;
}

function parseSitemap(xml: string): SitemapUrl[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = '']) => ({
    loc: /<loc>([^<]*)<\/loc>/.exec(body)?.[1] ?? '',
    alternates: Object.fromEntries([...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang, href]) => [lang, href])),
  }));
}

// Expected independently of src/pages/machinery/head.ts: the indexable pages, from the route table's flags.
const indexable = ROUTES.filter((route) => route.indexable);
const localizedPaths = indexable
  .filter((route) => route.localized)
  .flatMap((route) => (route.path.includes(':id') ? ARTICLE_LIST_IDS.map((id) => route.path.replace(':id', id)) : [route.path]));
const expectedLocs = [
  ...localizedPaths.flatMap((path) => LOCALES.map((locale) => ORIGIN + localizePath(locale, path))),
  ...['/mtdr_user_agreement.html', '/mtdr_privacy.html'].flatMap((path) => ['en', 'fr', 'ja', 'zh', 'de', 'es', 'it', 'pt', 'ko', 'zh-TW'].map((lang) => `${ORIGIN}${path}?lang=${lang}`)),
];

describe('/sitemap.xml', () => {
  it('is XML', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  });

  it('lists every indexable page in every locale, once', async () => {
    const urls = parseSitemap(await (await get('/sitemap.xml')).text());
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect([...locs].sort()).toEqual([...expectedLocs].sort());
  });

  it('includes the indexable pages of the short sitemap list, in en-US and ja-JP', async () => {
    const locs = parseSitemap(await (await get('/sitemap.xml')).text()).map((u) => u.loc);
    for (const path of ['/', '/buy', '/license-code', '/trial-code', '/query-steps', '/do-not-sell-my-info']) {
      expect(locs).toContain(ORIGIN + path);
      expect(locs).toContain(ORIGIN + localizePath('ja-JP', path));
    }
  });

  it('gives every URL hreflang alternates for every locale and x-default', async () => {
    const urls = parseSitemap(await (await get('/sitemap.xml')).text());
    for (const url of urls) {
      expect(Object.keys(url.alternates).sort(), url.loc).toEqual([...LOCALES, 'x-default'].sort());
      expect(Object.values(url.alternates), url.loc).toContain(url.loc);
    }
  });

  it('points the alternates of a page at that page in each locale', async () => {
    const urls = parseSitemap(await (await get('/sitemap.xml')).text());
    const buy = urls.find((u) => u.loc === `${ORIGIN}/zh-CN/buy`);
    expect(buy?.alternates).toEqual({
      'en-US': `${ORIGIN}/buy`,
      'fr-FR': `${ORIGIN}/fr-FR/buy`,
      'ja-JP': `${ORIGIN}/ja-JP/buy`,
      'zh-CN': `${ORIGIN}/zh-CN/buy`,
      'de-DE': `${ORIGIN}/de-DE/buy`,
      'es-ES': `${ORIGIN}/es-ES/buy`,
      'it-IT': `${ORIGIN}/it-IT/buy`,
      'pt-BR': `${ORIGIN}/pt-BR/buy`,
      'ko-KR': `${ORIGIN}/ko-KR/buy`,
      'zh-TW': `${ORIGIN}/zh-TW/buy`,
      'x-default': `${ORIGIN}/buy`,
    });
  });

  it('leaves out test, demo, checkout, mobile and 404 pages', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    for (const fragment of ['/test', '/text-checkout', '/components/', '/404', '/checkout', '/mobile']) expect(xml).not.toContain(fragment);
  });

  it('lists only pages that answer 200', async () => {
    const urls = parseSitemap(await (await get('/sitemap.xml')).text());
    for (const { loc } of urls) {
      const res = await get(loc.slice(ORIGIN.length), { headers: { cookie: 'locale=en-US' } });
      expect(res.status, loc).toBe(200);
      await res.body?.cancel();
    }
  });
});

describe('/robots.txt', () => {
  it('references the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(new RegExp(`^Sitemap: ${ORIGIN}/sitemap\\.xml$`, 'm'));
  });

  it('allows crawling the pages', async () => {
    const text = await (await get('/robots.txt')).text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/\s*$/m);
  });
});

describe('/favicon.ico', () => {
  // (The icon itself is a static asset, served before the Worker runs; the browser tests load it.)
  it('leads browsers and crawlers that ask for it to the site icon', async () => {
    const res = await get('/favicon.ico');
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location')!, ORIGIN).pathname).toBe('/favicon.svg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });
});

describe('page head', () => {
  it('links hreflang alternates for every locale and x-default', async () => {
    const html = await (await get('/fr-FR/buy')).text();
    for (const locale of LOCALES) expect(html).toContain(`<link rel="alternate" hrefLang="${locale}" href="${ORIGIN}${localizePath(locale, '/buy')}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${ORIGIN}/buy"/>`);
  });

  it('marks test and demo pages noindex', async () => {
    for (const path of ['/test', '/components/Copy', '/ja-JP/text-checkout']) {
      const html = await (await get(path)).text();
      expect(html, path).toMatch(/<meta name="robots" content="noindex/);
    }
  });

  it('gives a /mobile/ page the desktop URL as canonical', async () => {
    const html = await (await get('/ja-JP/mobile/buy', { headers: { 'sec-ch-ua-mobile': '?1' } })).text();
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/ja-JP/buy"/>`);
  });
});
