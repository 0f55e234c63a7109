import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/pages/machinery/route-table';
import { LOCALES, localizePath, type Locale } from '../../src/domain/locales';
import { MOBILE_PATHS } from '../../src/pages/machinery/links';
import { attributeValues, get, ORIGIN, titleOf, UA } from './helpers';

/** Same-site page links of a page: `<a href>` only, resolved against the page's URL, no fragment. */
function pageLinks(html: string, base: string): string[] {
  const out: string[] = [];
  for (const href of attributeValues(html, 'a', 'href')) {
    const url = new URL(href, base);
    if (url.origin !== ORIGIN || /^\/(?:download|api|beacon)\//.test(url.pathname)) continue;
    out.push(url.pathname + url.search);
  }
  return out;
}

/**
 * Follows links the way a crawler does, from `starts`: every page once, redirects followed,
 * nothing but `<a href>` (no sitemap, no hreflang, no <link>). Returns every URL reached with 200.
 */
async function crawl(starts: string[], ua: string = UA.desktop): Promise<Set<string>> {
  const seen = new Set<string>(starts);
  const reached = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const res = await get(path, { ua });
    const location = res.headers.get('location');
    const next: string[] = [];
    if (res.status >= 300 && res.status < 400 && location) {
      next.push(new URL(location, ORIGIN + path).pathname + new URL(location, ORIGIN + path).search);
    } else if (res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('text/html')) {
      reached.add(path);
      next.push(...pageLinks(await res.text(), ORIGIN + path));
    } else {
      await res.body?.cancel();
    }
    for (const link of next) {
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  }
  return reached;
}

const LOCALE_ROOTS = LOCALES.map((locale) => localizePath(locale, '/'));

describe('every page is reachable by links', () => {
  it('from / and each locale root, a crawler reaches every URL of /sitemap.xml', { timeout: 120_000 }, async () => {
    const xml = await (await get('/sitemap.xml')).text();
    const sitemap = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc = '']) => {
      const url = new URL(loc.replace(/&amp;/g, '&'));
      return url.pathname + url.search;
    });
    expect(sitemap.length).toBeGreaterThan(60);
    const reached = await crawl(LOCALE_ROOTS);
    const missing = sitemap.filter((path) => !reached.has(path));
    expect(missing).toEqual([]);
  });

  it('on a phone, the /mobile/ home of each locale links the mobile variants of every page that has one', { timeout: 60_000 }, async () => {
    for (const locale of LOCALES) {
      const home = localizePath(locale, '/mobile');
      const res = await get(home, { ua: UA.iphone, headers: { cookie: `locale=${locale}` } });
      expect(res.status).toBe(200);
      const links = new Set(pageLinks(await res.text(), ORIGIN + home));
      for (const path of ['/mt-recover', '/mt-kt', '/mt-convert', '/buy', '/license-code', '/trial-code']) {
        expect(links, `${home} → ${path}`).toContain(localizePath(locale, `/mobile${path}`));
        expect(links, `${home} links no desktop ${path}`).not.toContain(localizePath(locale, path));
      }
      // Pages without a mobile variant keep their one URL, in the page's locale.
      expect(links).toContain(localizePath(locale, '/about'));
      expect(links).toContain(localizePath(locale, '/query-steps'));
    }
  });

  it('the links module knows exactly the pages the route table gives a mobile variant', () => {
    const fromTable = ROUTES.filter((route) => route.mobile).map((route) => route.path);
    expect([...MOBILE_PATHS].sort()).toEqual([...fromTable].sort());
  });
});

describe('page titles', () => {
  const pages = ROUTES.filter((route) => route.localized && route.id !== 'article-list').map((route) => ({ id: route.id, path: route.path }));
  pages.push(...['2', '3', '6'].map((id) => ({ id: `article-list-${id}`, path: `/article-list/${id}` })));

  async function titles(locale: Locale): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const page of pages) {
      const res = await get(localizePath(locale, page.path), { headers: { cookie: `locale=${locale}` } });
      out.set(page.id, titleOf(await res.text()) ?? '');
    }
    return out;
  }

  it('every page of a locale has its own title, and each locale its own wording', { timeout: 120_000 }, async () => {
    const byLocale = new Map<Locale, Map<string, string>>();
    for (const locale of LOCALES) byLocale.set(locale, await titles(locale));
    for (const [locale, map] of byLocale) {
      const values = [...map.values()];
      expect(values.every(Boolean), `${locale}: every page has a title`).toBe(true);
      const duplicates = values.filter((title, i) => values.indexOf(title) !== i);
      expect(duplicates, `${locale}: titles shared by two pages`).toEqual([]);
      // The page's own part names the page, not the site again ("MT Data Recovery | MT Data Recovery").
      for (const [id, title] of map) expect(title.split(' | ')[0], `${locale} ${id}`).not.toBe('MT Data Recovery');
    }
    const english = byLocale.get('en-US')!;
    for (const locale of LOCALES.filter((l) => l !== 'en-US')) {
      const same = [...byLocale.get(locale)!].filter(([id, title]) => english.get(id) === title).map(([id]) => id);
      expect(same, `${locale}: titles left in English`).toEqual([]);
    }
  });
});
