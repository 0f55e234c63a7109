import { describe, expect, it } from 'vitest';
import { attributeValues, get, UA } from './helpers';

const SAMPLES: [string, string, string][] = [
  ['a page', '/buy', UA.desktop],
  ['a localized page', '/ja-JP', UA.desktop],
  ['a 404', '/no-such-page', UA.desktop],
  ['a device redirect', '/buy', UA.iphone],
  ['a canonical redirect', '/en-US/buy', UA.desktop],
  ['/health', '/health', UA.desktop],
  ['/sitemap.xml', '/sitemap.xml', UA.desktop],
  ['/robots.txt', '/robots.txt', UA.desktop],
];

/** The CSP's directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name.toLowerCase(), values]),
  );
}

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

describe.each(SAMPLES)('security headers on %s (%s)', (_kind, path, ua) => {
  it('include a CSP with a nonce and no unsafe script sources', async () => {
    const res = await get(path, { ua, headers: { cookie: 'locale=en-US' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    const d = directives(csp);
    const scriptSrc = d.get('script-src') ?? d.get('default-src') ?? [];
    expect(scriptSrc.some((source) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(source))).toBe(true);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
  });

  it('include HSTS, nosniff, the referrer policy and a permissions policy', async () => {
    const res = await get(path, { ua, headers: { cookie: 'locale=en-US' } });
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=(\d{8,})/);
    expect(Number(/max-age=(\d+)/.exec(res.headers.get('strict-transport-security') ?? '')?.[1])).toBeGreaterThanOrEqual(31536000);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('the CSP nonce', () => {
  it('differs on every request', async () => {
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 5; i++) nonces.add(nonceOf((await get('/')).headers.get('content-security-policy') ?? ''));
    expect(nonces.size).toBe(5);
    expect(nonces.has(undefined)).toBe(false);
  });

  it.each(['/', '/fr-FR/buy', '/no-such-page'])('on %s is the nonce attribute of every script on the page', async (path) => {
    const res = await get(path, { headers: { cookie: 'locale=en-US' } });
    const nonce = nonceOf(res.headers.get('content-security-policy') ?? '');
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    expect(attributeValues(html, 'script', 'nonce')).toEqual(scripts.map(() => nonce));
  });
});

describe('checkout pages (route-table payments: true) and only they', () => {
  const PAYMENT_PAGES = ['/checkout', '/fr-FR/checkout', '/ja-JP/test-checkout', '/zh-CN/components/Paypal'];
  const OTHER_PAGES = ['/', '/buy', '/ja-JP/license-code', '/components/Copy'];
  const headersOf = async (path: string) => (await get(path, { headers: { cookie: 'locale=en-US' } })).headers;
  const withoutNonce = (csp: string) => csp.replace(/'nonce-[^']+'/g, "'nonce'");

  it.each(PAYMENT_PAGES)('%s lets Stripe and PayPal in, allows Stripe wallets and PayPal popups', async (path) => {
    const headers = await headersOf(path);
    const d = directives(headers.get('content-security-policy') ?? '');
    expect(d.get('frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.paypal.com']));
    expect(d.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://api.stripe.com', 'https://*.paypal.com']));
    expect(d.get('img-src')).toEqual(expect.arrayContaining(['https://*.stripe.com', 'https://*.paypal.com']));
    expect(d.get('script-src')).toEqual(expect.arrayContaining(["'strict-dynamic'", 'https://js.stripe.com', 'https://www.paypal.com']));
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
    expect(d.get('style-src')).not.toContain("'unsafe-inline'");
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(headers.get('x-frame-options')).toBe('DENY');
  });

  it.each(OTHER_PAGES)('%s keeps the strict headers: no provider host, no frames, COOP same-origin', async (path) => {
    const headers = await headersOf(path);
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).not.toMatch(/stripe|paypal/);
    expect(directives(csp).has('frame-src')).toBe(false);
    expect(headers.get('permissions-policy')).toMatch(/payment=\(self\)/);
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('differ from another page exactly by the payment sources, the permissions policy and COOP', async () => {
    const [pay, other] = await Promise.all([headersOf('/checkout'), headersOf('/buy')]);
    const payD = directives(withoutNonce(pay.get('content-security-policy') ?? ''));
    const otherD = directives(withoutNonce(other.get('content-security-policy') ?? ''));
    for (const [name, values] of otherD) expect(payD.get(name), name).toEqual(expect.arrayContaining(values));
    const added = [...payD].flatMap(([name, values]) => values.filter((v) => !(otherD.get(name) ?? []).includes(v)).map((v) => `${name} ${v}`));
    expect(added.every((entry) => /stripe\.com|paypal(objects)?\.com|^style-src 'nonce'$/.test(entry)), added.join(', ')).toBe(true);
    const rest = (h: Headers) => [...h].filter(([k]) => !['content-security-policy', 'permissions-policy', 'cross-origin-opener-policy', 'date', 'set-cookie', 'x-request-id', 'content-length', 'x-plan-source', 'vary', 'link', 'etag'].includes(k));
    expect(new Map(rest(pay)).get('x-frame-options')).toBe(new Map(rest(other)).get('x-frame-options'));
    expect(new Map(rest(pay)).get('strict-transport-security')).toBe(new Map(rest(other)).get('strict-transport-security'));
  });
});
