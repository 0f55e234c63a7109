import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROUTES } from '../../src/pages/machinery/route-table';
import { LOCALES, localePrefix, localizePath, splitLocale, type Locale } from '../../src/domain/locales';
import { attributeValues, get, h1Of, htmlLang, isSameSitePath, message, ORIGIN } from './helpers';

// First path segments that belong to something: pages, edge routes (present and planned), locales.
const RESERVED = new Set(
  [
    ...ROUTES.map((route) => route.path.split('/')[1] ?? ''),
    'mobile',
    'health',
    'sitemap.xml',
    'robots.txt',
    '__bench',
    'api',
    'beacon',
    'download',
    'assets',
    'favicon.svg',
    ...LOCALES,
  ].map((s) => s.toLowerCase()),
);

/** True when a normalized path is not a page or an edge route, so it must be the 404 page. */
function isUnknown(pathname: string): boolean {
  const { rest } = splitLocale(pathname);
  const first = rest.split('/').find((segment) => segment !== '');
  if (first === undefined) return false;
  let decoded = first;
  try {
    decoded = decodeURIComponent(first);
  } catch {
    /* malformed escapes stay as they are */
  }
  return !RESERVED.has(first.toLowerCase()) && !RESERVED.has(decoded.toLowerCase());
}

const HOSTILE = ['<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', "'-alert(1)-'", '</script><script>alert(1)</script>', 'javascript:alert(1)', '\\', '%', '%00', '..%2f', '{{year}}'];
// Any of these in the HTML would mean request input was echoed without escaping.
const RAW_MARKERS = ['<img src=x', '<svg onload', '<script>alert', "'-alert"];

/** What is wrong with a 404 response for `locale`, as short readable strings (empty when all is well). */
function notFoundProblems(status: number, html: string, locale: Locale): string[] {
  const problems: string[] = [];
  if (status !== 404) problems.push(`status ${status}`);
  if (htmlLang(html) !== locale) problems.push(`html lang ${htmlLang(html)}`);
  if (h1Of(html) !== message(locale, 'pages.404.heading')) problems.push(`heading ${h1Of(html)}`);
  const links = attributeValues(html, 'a', 'href');
  if (!links.includes(localizePath(locale, '/'))) problems.push('no link home');
  for (const marker of RAW_MARKERS) if (html.includes(marker)) problems.push(`unescaped ${marker}`);
  for (const href of offSiteLinks(links)) problems.push(`off-site link ${href}`);
  return problems;
}

/** Links that leave the site: anything but a same-site path, an in-page anchor or an absolute URL on ORIGIN. */
function offSiteLinks(links: string[]): string[] {
  return links.filter((href) => !(href.startsWith('#') || isSameSitePath(href) || (/^https?:/.test(href) && new URL(href).origin === ORIGIN)));
}

const segment = fc.oneof(
  { weight: 4, arbitrary: fc.webSegment() },
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.constant('') },
);
const unknownRequest = fc.record({
  prefix: fc.constantFrom('', ...LOCALES.filter((l) => l !== 'en-US').map((l) => localePrefix(l))),
  segments: fc.array(segment, { minLength: 1, maxLength: 4 }),
  query: fc.option(fc.oneof(fc.webQueryParameters(), fc.constantFrom(...HOSTILE)), { nil: undefined }),
});

describe('unknown paths', () => {
  it('answer the localized 404 page, never a 5xx, with a link home and no reflected markup', async () => {
    await fc.assert(
      fc.asyncProperty(unknownRequest, async ({ prefix, segments, query }) => {
        const raw = `${prefix}/${segments.join('/')}${query === undefined ? '' : `?${query}`}`;
        const url = new URL(ORIGIN + raw);
        fc.pre(url.origin === ORIGIN && isUnknown(url.pathname));
        const locale: Locale = splitLocale(url.pathname).locale;

        const res = await get(url.pathname + url.search);
        expect(notFoundProblems(res.status, await res.text(), locale), url.pathname + url.search).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it.each(LOCALES.map((locale) => [locale, `${localePrefix(locale)}/no-such-page`]))('in %s show the message from pages.404.heading', async (locale, path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(htmlLang(html)).toBe(locale);
    expect(h1Of(html)).toBe(message(locale, 'pages.404.heading'));
    expect(attributeValues(html, 'a', 'href')).toContain(localizePath(locale, '/'));
  });

  it("show 'This page could not be found' in en-US", async () => {
    const res = await get('/definitely/not/here');
    expect(h1Of(await res.text())).toBe('This page could not be found');
  });

  it('are marked noindex', async () => {
    const html = await (await get('/nope')).text();
    expect(html).toMatch(/<meta name="robots" content="noindex,nofollow"/);
  });

  it.each(['//evil.example', '/\\evil.example', '/fr-FR//evil.example', '/ja-JP/\\evil.example', '/mobile//evil.example'])(
    '%s links only to this site (the language switcher must not echo a protocol-relative path)',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(offSiteLinks(attributeValues(await res.text(), 'a', 'href'))).toEqual([]);
    },
  );
});
