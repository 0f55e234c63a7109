import type { MiddlewareHandler } from 'hono';
import { COMMON_SECURITY_HEADERS, mergeCspSources, PAYMENT_CSP_SOURCES, PAYMENT_PAGE_COOP, PAYMENT_PAGE_PERMISSIONS_POLICY, pageCsp } from '../domain/security-headers';
import type { AppEnv } from '../env';
import { mutableHeaders } from './response-headers';
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
  // Responses from fetch() or the assets binding have immutable headers: copied before setting.
  const headers = mutableHeaders(c);
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) headers.set(name, value);
  // Configured analytics tags (GTM_ID, GOOGLE_ADS_ID, BING_UET_ID) add exactly their hosts.
  const tagSources = tagCspSources(c.get('tagIds') ?? tagIdsFrom(c.env ?? {}));
  if (c.get('paymentPage')) {
    // Checkout pages only (route-table `payments: true`): Stripe's and PayPal's frames, scripts and
    // calls, Stripe's wallets, PayPal's popup. Every other page keeps the strict policy.
    headers.set('Content-Security-Policy', pageCsp(nonce, mergeCspSources(tagSources, PAYMENT_CSP_SOURCES)));
    headers.set('Permissions-Policy', PAYMENT_PAGE_PERMISSIONS_POLICY);
    headers.set('Cross-Origin-Opener-Policy', PAYMENT_PAGE_COOP);
  } else {
    headers.set('Content-Security-Policy', pageCsp(nonce, tagSources));
  }
  headers.delete('X-Powered-By');
};
