import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { onSitePath } from '../domain/paths';
import { LOCALES, DEFAULT_LOCALE, localizePath } from '../domain/locales';
import { mobilePath, ROUTES } from '../pages/machinery/route-table';
import type { PageRoute } from '../pages/machinery/types';

type PagePattern = { pattern: RegExp; names: string[]; route: PageRoute };

/**
 * Every page URL shape of the route table (locale prefixes and /mobile/ variants), as regexes
 * with their route. Built on the first URL with a trailing slash, not when the isolate starts.
 */
let pagePatterns: PagePattern[] | null = null;
const buildPagePatterns = (): PagePattern[] => ROUTES.flatMap((route) => {
  const locales = route.localized ? LOCALES : [DEFAULT_LOCALE];
  const paths = locales.flatMap((locale) => [localizePath(locale, route.path), ...(route.mobile ? [localizePath(locale, mobilePath(route.path))] : [])]);
  return paths.map((path) => {
    const names: string[] = [];
    const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([a-zA-Z]+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { pattern: new RegExp(`^${source}$`), names, route };
  });
});

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Whether `pathname` (percent-encoded, no trailing slash) is a page that would answer. */
function isPage(pathname: string, query: URLSearchParams): boolean {
  for (const { pattern, names, route } of (pagePatterns ??= buildPagePatterns())) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    for (const [i, name] of names.entries()) {
      const value = safeDecode(match[i + 1]!);
      if (value === null) return false;
      params[name] = value;
    }
    return !route.validate || route.validate(params, query);
  }
  return false;
}

/**
 * One URL per page: '/buy/' answers 301 with '/buy' (the query kept), so a page is never served
 * twice under two addresses. Only pages of the route table are redirected: any other path with a
 * trailing slash is routed as it is. Edge paths are not pages: '/api/…/' and
 * '/download/…/' are 404 (rejectTrailingSlash, in their own sub-apps, so the API answers its JSON
 * envelope).
 *
 * The target is built from the URL's pathname as the client sent it, still percent-encoded
 * (Hono's c.req.path is decoded), so a Location never carries raw spaces or control characters.
 */
export const trailingSlashRedirect: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const { pathname } = url;
  if (pathname.length <= 1 || !pathname.endsWith('/') || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
  // '/en-US/buy/' goes straight to '/buy' (the default locale is unprefixed), in one hop.
  const target = onSitePath(pathname.replace(/\/+$/, '').replace(/^\/en-US(?=\/|$)/, ''));
  // Not a page: routed as it is (an unknown path is the 404 page; '/api/…/' and '/download/…/'
  // are refused by their sub-apps).
  if (!isPage(target, url.searchParams)) return next();
  return c.redirect(target + url.search, 301);
};

/** '/api/pay/x/' or '/download/file.exe/': not a resource of this site. */
export const rejectTrailingSlash: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { pathname } = new URL(c.req.url);
  if (pathname.length > 1 && pathname.endsWith('/')) return c.notFound();
  return next();
};
