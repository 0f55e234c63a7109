import { Hono, type MiddlewareHandler } from 'hono';
import { reactRenderer } from '@hono/react-renderer';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { setCookie, getCookie } from 'hono/cookie';
import type { AppContext, AppEnv } from '../../env';
import { onSitePath, readsAsOtherHost } from '../../domain/paths';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_ENTRIES, LOCALES, localizePath, negotiateLocale, splitLocale, type Locale } from '../../domain/locales';
import { Document, type HeadInfo } from '../../components/Document';
import { Layout } from '../../components/Layout';
import { IslandStylesheets } from '../../components/Island';
import { loadMessages, messagesReady, translatorFor } from '../../services/messages';
import { I18nProvider, type I18n } from '../../i18n/translator';
import { tagIdsFrom, tagMetaContent } from '../../domain/tracking';
import { PageContextProvider, type PageRenderFacts } from './page-context';
import { pageFromHtml, withNonce, noncePlaceholder } from './render';
import { pageCache } from './page-cache';
import { htmlSearch, pageCacheKey } from './page-cache-key';
import { fillPath, mobilePath, NOT_FOUND_ROUTE, ROUTES } from './route-table';
import type { PageRoute } from './types';
import { headFor } from './head';
import { legalHref, siteLinks, withCampaignLinks } from './links';
import type { NavLanguage } from '../../../client/islands/NavBar';

const ONE_YEAR = 60 * 60 * 24 * 365;

declare module '@hono/react-renderer' {
  interface Props {
    head: HeadInfo;
    facts: PageRenderFacts;
    i18n: I18n;
  }
}

/**
 * The document around every page, rendered to one string (`stream: false`) on a page-cache miss.
 * Components read the page context (nonce placeholder, tag ids, consent variant) and the
 * translator, never the request (no `useRequestContext`): the HTML is cached per isolate and
 * served to every request with the same key.
 */
const documentRenderer = reactRenderer(
  ({ children, head, facts, i18n }) => (
    <PageContextProvider value={facts}>
      <I18nProvider value={i18n}>
        <Document head={head}>{children}</Document>
      </I18nProvider>
    </PageContextProvider>
  ),
  { stream: false, docType: true },
);

/**
 * The same page in every locale, for the language switcher (query kept, campaign keys included;
 * keys only the browser reads are added back from the address bar on click: `carryQuery`).
 */
function languagesFor(route: PageRoute | null, rest: string, current: Locale, search: string): NavLanguage[] {
  const carryQuery = route?.clientQuery ? true : undefined;
  return LOCALE_ENTRIES.map((entry) => {
    let href: string;
    if (route?.legal) {
      href = legalHref(route.legal, entry.legalLang);
    } else {
      href = localizePath(entry.code, onSitePath(rest)) + search;
    }
    return { code: entry.code, name: entry.name, href, current: entry.code === current, ...(carryQuery && { carryQuery }) };
  });
}

interface RenderOptions {
  route: PageRoute;
  locale: Locale;
  mobile: boolean;
  params: Record<string, string>;
  /** The unprefixed path, for the language switcher. */
  rest: string;
  /** false: render fresh and store nothing (the 404 of an arbitrary path, the error page). */
  cacheable?: boolean;
}

export type PageCacheStatus = 'hit' | 'miss' | 'bypass';

/**
 * One page answer: the page's `load` step (per request: it reads storage and sets headers), then
 * the rendered bytes from the isolate's page cache, or a fresh render that goes into it, with this
 * request's nonce spliced in. Status, headers and cookies are always this request's own.
 */
export async function renderRoute(c: AppContext, { route, locale, mobile, params, rest, cacheable = true }: RenderOptions) {
  const url = new URL(c.req.url);
  const query = url.searchParams;
  // The legal pages take their locale from `?lang=`, so it may not be the URL's.
  await loadMessages(c.env, locale);
  const i18n = translatorFor(locale);
  c.set('locale', locale);
  c.set('i18n', i18n);
  c.status((route.status ?? 200) as ContentfulStatusCode);
  const Page = route.page;
  const loaded = Page.load ? await Page.load({ c, locale, mobile, params, query }) : undefined;
  // The consent middleware's per-request ids (fake ones in tests outside production), else the deployment's.
  const analyticsTags = tagMetaContent(c.get('tagIds') ?? tagIdsFrom(c.env)) ?? '';
  const search = htmlSearch(route, url.search);
  const key = cacheable && messagesReady(locale) ? pageCacheKey(c, { route, locale, mobile, rest, search, loaded, analyticsTags }) : null;
  let page = key === null ? undefined : pageCache.get(key);
  const status: PageCacheStatus = key === null ? 'bypass' : page ? 'hit' : 'miss';
  if (!page) {
    const head = headFor({ siteUrl: c.env.SITE_URL, route, i18n, params, query, mobile, production: c.env.ENVIRONMENT === 'production' });
    const jsonLd = typeof loaded?.jsonLd === 'function' ? loaded.jsonLd() : loaded?.jsonLd;
    if (jsonLd?.length) head.jsonLd = [...(head.jsonLd ?? []), ...jsonLd];
    // The landing page's links carry the campaign keys, which are in the cache key (the query).
    const links = route.campaignLinks ? withCampaignLinks(siteLinks(locale, mobile), query) : siteLinks(locale, mobile);
    const facts: PageRenderFacts = { nonce: noncePlaceholder(), analyticsTags, consent: c.get('consent') ?? 'none', modules: new Set() };
    // Installed here, on a miss only: the 404 and error handlers (outside pageRoutes) render the
    // same way, and a cache hit pays nothing for it.
    await documentRenderer(c, async () => {});
    const rendered = await c.render(
      <Layout links={links} languages={languagesFor(route, rest, locale, route.localized ? search : '')}>
        {route.islandStyles ? <IslandStylesheets of={route.islandStyles} /> : null}
        <Page locale={locale} mobile={mobile} params={params} query={query} data={loaded?.data} />
      </Layout>,
      { head, facts, i18n },
    );
    page = pageFromHtml(await rendered.text());
    if (key === null) pageCache.stats.bypasses++;
    else pageCache.set(key, page);
  }
  c.header('Content-Type', 'text/html; charset=UTF-8');
  c.header('X-Page-Cache', status);
  return c.body(withNonce(page, c.get('secureHeadersNonce') ?? ''));
}

/** The 404 page in the locale of the requested path. */
export function renderNotFound(c: AppContext) {
  const { locale, rest } = splitLocale(c.req.path);
  // Any path can end here: caching each would let random URLs push real pages out of the cache.
  return renderRoute(c, { route: NOT_FOUND_ROUTE, locale, mobile: false, params: {}, rest, cacheable: false });
}

/** Where a phone or a desktop belongs for this route, or null when it is already there. */
function agentRedirectTarget(c: AppContext, route: PageRoute, locale: Locale, mobile: boolean): string | null {
  if (!route.agentRedirect || !route.mobile) return null;
  const device = c.get('device');
  if (device.bot || device.mobile === mobile) return null;
  // Built from the route table, never from the request path, so it cannot leave the site.
  const path = localizePath(locale, device.mobile ? mobilePath(route.path) : route.path);
  return path + new URL(c.req.url).search;
}

function handler(route: PageRoute, locale: Locale, mobile: boolean) {
  return async (c: AppContext) => {
    const params = c.req.param() as Record<string, string>;
    const query = new URL(c.req.url).searchParams;
    if (route.validate && !route.validate(params, query)) return renderNotFound(c);
    if (route.payments) c.set('paymentPage', true);

    const effectiveLocale = route.localeFromQuery ? route.localeFromQuery(query) : locale;
    if (route.agentRedirect) c.header('Vary', 'User-Agent, Sec-CH-UA-Mobile');
    const target = agentRedirectTarget(c, route, locale, mobile);
    if (target) return c.redirect(target, 302);

    const rest = fillPath(mobile ? mobilePath(route.path) : route.path, params);
    // First visit at the default locale with no recorded choice: offer the visitor's language, once.
    const cookieLocale = getCookie(c, LOCALE_COOKIE);
    if (route.offerLanguage && locale === DEFAULT_LOCALE && !cookieLocale && !c.get('device').bot) {
      c.header('Vary', 'Accept-Language, Cookie, User-Agent, Sec-CH-UA-Mobile');
      const preferred = negotiateLocale(c.req.header('accept-language'));
      if (preferred && preferred !== DEFAULT_LOCALE) {
        setLocaleCookie(c, preferred);
        return c.redirect(localizePath(preferred, rest) + new URL(c.req.url).search, 302);
      }
    }
    if (route.localized && cookieLocale !== locale) setLocaleCookie(c, locale);
    return renderRoute(c, { route, locale: effectiveLocale, mobile, params, rest });
  };
}

/**
 * The no-JS fallback of a page's form (`formPost`): the islands send through /api/ and never let
 * the browser submit, so a POST that still arrives (no JavaScript, or a submit before hydration the
 * disabled button did not stop) goes back to the page at the form, and nothing is sent anywhere.
 */
function formFallback(pagePath: string, anchor: string) {
  return (c: AppContext) => {
    c.header('Cache-Control', 'no-store');
    // Built from the route table and the request's own query: it cannot leave this page.
    return c.redirect(`${pagePath}${new URL(c.req.url).search}#${anchor}`, 303);
  };
}

/** Appends the route's `vary` headers to every GET answer of the page, whatever it turned out to be (a redirect, the error page). */
function varyOn(names: readonly string[]): MiddlewareHandler<AppEnv> {
  const value = names.join(', ');
  return async (c, next) => {
    await next();
    c.res.headers.append('Vary', value);
  };
}

function setLocaleCookie(c: AppContext, locale: Locale) {
  setCookie(c, LOCALE_COOKIE, locale, {
    path: '/',
    maxAge: ONE_YEAR,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
  });
}

/** Every page of the route table, unprefixed and under each locale prefix, with /mobile/ variants. */
export function pageRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  // '/en-US/...' is the default locale spelled out: send it to the one canonical, unprefixed URL.
  // From the pathname as sent (percent-encoded), not c.req.path (decoded): the Location keeps
  // '%0d%0a' and '%20' encoded instead of carrying raw controls or spaces.
  app.get('/en-US/*', (c) => {
    const url = new URL(c.req.url);
    const rest = url.pathname.slice('/en-US'.length);
    // '/en-US/%2f%2fevil.example' names no page: a 404, never a redirect whose target could be
    // read (decoded, or by a browser) as another host.
    if (readsAsOtherHost(rest)) return renderNotFound(c);
    return c.redirect(onSitePath(rest) + url.search, 301);
  });
  app.get('/en-US', (c) => c.redirect('/' + new URL(c.req.url).search, 301));
  for (const route of ROUTES) {
    const locales: readonly Locale[] = route.localized ? LOCALES : [DEFAULT_LOCALE];
    const variants = route.mobile ? [false, true] : [false];
    for (const locale of locales) {
      for (const mobile of variants) {
        const path = localizePath(locale, mobile ? mobilePath(route.path) : route.path);
        if (route.vary) app.get(path, varyOn(route.vary), handler(route, locale, mobile));
        else app.get(path, handler(route, locale, mobile));
        if (route.formPost) app.post(path, formFallback(path, route.formPost));
      }
    }
  }
  return app;
}
