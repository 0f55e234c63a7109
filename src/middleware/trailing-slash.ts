import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { onSitePath } from '../domain/paths';

/**
 * One URL per page: '/buy/' answers 301 with '/buy' (the query kept), so a page is never served
 * twice under two addresses. Edge paths are not pages: '/api/…/' and '/download/…/' are 404
 * (rejectTrailingSlash, in their own sub-apps, so the API answers its JSON envelope).
 *
 * The target is built from the URL's pathname as the client sent it, still percent-encoded
 * (Hono's c.req.path is decoded), so a Location never carries raw spaces or control characters.
 */
export const trailingSlashRedirect: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const { pathname } = url;
  if (pathname.length <= 1 || !pathname.endsWith('/') || EDGE_PATH.test(pathname)) return next();
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
  // '/en-US/buy/' goes straight to '/buy' (the default locale is unprefixed), in one hop.
  const target = pathname.replace(/\/+$/, '').replace(/^\/en-US(?=\/|$)/, '');
  return c.redirect(onSitePath(target) + url.search, 301);
};

const EDGE_PATH = /^\/(?:api|download)\//;

/** '/api/pay/x/' or '/download/file.exe/': not a resource of this site. */
export const rejectTrailingSlash: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { pathname } = new URL(c.req.url);
  if (pathname.length > 1 && pathname.endsWith('/')) return c.notFound();
  return next();
};
