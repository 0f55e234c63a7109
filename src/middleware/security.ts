import type { MiddlewareHandler } from 'hono';
import { COMMON_SECURITY_HEADERS, pageCsp } from '../domain/security-headers';
import type { AppEnv } from '../env';
import { tagCspSources, tagIdsFrom } from '../domain/tracking';

function makeNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Security headers on every Worker response, including errors and redirects. The nonce is fresh
 * per request; pages put it on their inline theme script and module scripts.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const nonce = makeNonce();
  c.set('secureHeadersNonce', nonce);
  await next();
  // Responses from fetch() or the assets binding have immutable headers: copy before setting.
  c.res = new Response(c.res.body, c.res);
  const headers = c.res.headers;
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) headers.set(name, value);
  // Configured analytics tags (GTM_ID, GOOGLE_ADS_ID, BING_UET_ID) add exactly their hosts.
  headers.set('Content-Security-Policy', pageCsp(nonce, tagCspSources(c.get('tagIds') ?? tagIdsFrom(c.env ?? {}))));
  headers.delete('X-Powered-By');
};
