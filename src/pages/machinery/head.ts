import type { I18n } from '../../i18n/translator';
import { DEFAULT_LOCALE, LOCALE_ENTRIES, LOCALES, localizePath, type Locale } from '../../domain/locales';
import type { HeadInfo } from '../../components/Document';
import { fillPath, mobilePath, ROUTES, SPEC_SITEMAP_LIST } from './route-table';
import type { PageRoute } from './types';
import { legalHref } from './links';
import { ARTICLE_LIST_IDS } from '../../domain/articles';

/** Absolute URL of a route in a locale (desktop variant unless `mobile`). */
export function routeUrl(siteUrl: string, route: PageRoute, locale: Locale, params: Record<string, string> = {}, mobile = false): string {
  const path = fillPath(mobile ? mobilePath(route.path) : route.path, params);
  return new URL(route.localized ? localizePath(locale, path) : path, siteUrl).href;
}

/** hreflang alternates of a page: every locale, plus x-default (en-US). */
export function alternatesFor(siteUrl: string, route: PageRoute, params: Record<string, string>, mobile = false): Record<string, string> {
  if (route.legal) {
    const kind = route.legal;
    const out: Record<string, string> = {};
    for (const entry of LOCALE_ENTRIES) out[entry.code] = new URL(legalHref(kind, entry.legalLang), siteUrl).href;
    out['x-default'] = new URL(legalHref(kind, 'en'), siteUrl).href;
    return out;
  }
  const out: Record<string, string> = {};
  for (const locale of LOCALES) out[locale] = routeUrl(siteUrl, route, locale, params, mobile);
  out['x-default'] = routeUrl(siteUrl, route, DEFAULT_LOCALE, params, mobile);
  return out;
}

export function headFor(opts: {
  siteUrl: string;
  route: PageRoute;
  i18n: I18n;
  params: Record<string, string>;
  query: URLSearchParams;
  mobile: boolean;
  production: boolean;
}): HeadInfo {
  const { siteUrl, route, i18n, params, query, mobile, production } = opts;
  const { t, locale } = i18n;
  const keys = route.headKeys?.(params) ?? { title: `pages.${route.id}.title`, description: `pages.${route.id}.description` };
  const pageTitle = t(keys.title, { id: params.id ?? '' });
  const siteTitle = t('site.title');
  const canonical = route.localized
    ? routeUrl(siteUrl, route, locale, params)
    : new URL(`${route.path}?lang=${query.get('lang') ?? 'en'}`, siteUrl).href;
  return {
    title: route.siteTitle ? siteTitle : `${pageTitle} | ${t('site.name')}`,
    description: route.siteTitle ? t('site.description') : t(keys.description),
    canonical,
    alternates: alternatesFor(siteUrl, route, params, mobile),
    mobileAlternate: route.mobile && !mobile ? routeUrl(siteUrl, route, locale, params, true) : undefined,
    robots: route.indexable ? 'index,follow' : route.status === 404 ? 'noindex,nofollow' : 'noindex,follow',
    sitemapList: production ? undefined : SPEC_SITEMAP_LIST,
    clientNamespaces: route.clientNamespaces,
  };
}

/** Every indexable page in every locale, for /sitemap.xml. */
export function sitemapEntries(siteUrl: string): { loc: string; alternates: Record<string, string> }[] {
  const entries: { loc: string; alternates: Record<string, string> }[] = [];
  for (const route of ROUTES) {
    if (!route.indexable) continue;
    const paramSets = route.path.includes(':id') ? ARTICLE_LIST_IDS.map((id) => ({ id })) : [{}];
    for (const params of paramSets) {
      const alternates = alternatesFor(siteUrl, route, params);
      const locs = route.localized ? LOCALES.map((l) => alternates[l]!) : [...new Set(LOCALE_ENTRIES.map((e) => alternates[e.code]!))];
      for (const loc of locs) entries.push({ loc, alternates });
    }
  }
  return entries;
}
