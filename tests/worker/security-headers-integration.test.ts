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

  it('is on every modulepreload link', async () => {
    const res = await get('/buy', { headers: { cookie: 'locale=en-US' } });
    const nonce = nonceOf(res.headers.get('content-security-policy') ?? '');
    const html = await res.text();
    const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads.length).toBeGreaterThan(0);
    for (const link of preloads) expect(link).toContain(`nonce="${nonce}"`);
  });
});
