import { describe, expect, it } from 'vitest';
import headersFile from '../../public/_headers?raw';
import {
  COMMON_SECURITY_HEADERS,
  HSTS,
  mergeCspSources,
  pageCsp,
  PAYMENT_CSP_SOURCES,
  PAYMENT_PAGE_PERMISSIONS_POLICY,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
  STATIC_CSP,
  staticHeadersFile,
} from '../../src/domain/security-headers';

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));

describe('pageCsp', () => {
  it('allows scripts only by nonce (strict-dynamic), never unsafe-inline or unsafe-eval', () => {
    const script = directives(pageCsp('abc123')).get('script-src') ?? [];
    expect(script).toContain("'nonce-abc123'");
    expect(script).toContain("'strict-dynamic'");
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
  });

  it('forbids framing, plugins and base-uri changes', () => {
    const d = directives(pageCsp('n'));
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
  });

  it('adds extra sources to their directive only', () => {
    const d = directives(pageCsp('n', { connect: ['https://api.example'], script: ['https://js.stripe.com'], img: ['https://img.example'] }));
    expect(d.get('connect-src')).toEqual(["'self'", 'https://api.example']);
    expect(d.get('script-src')).toContain('https://js.stripe.com');
    expect(d.get('img-src')).toContain('https://img.example');
    expect(d.get('default-src')).toEqual(["'self'"]);
  });

  it('has no frame-src and only self styles unless a page asks for them', () => {
    const d = directives(pageCsp('n'));
    expect(d.has('frame-src')).toBe(false);
    expect(d.get('style-src')).toEqual(["'self'"]);
  });

  it('admits extra styles only with the nonce, never unsafe-inline', () => {
    const d = directives(pageCsp('n', { style: ['https://*.paypal.com'], frame: ['https://js.stripe.com'] }));
    expect(d.get('style-src')).toEqual(["'self'", "'nonce-n'", 'https://*.paypal.com']);
    expect(d.get('frame-src')).toEqual(['https://js.stripe.com']);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('payment pages', () => {
  it('let Stripe and PayPal load their frames, calls and images', () => {
    const d = directives(pageCsp('n', PAYMENT_CSP_SOURCES));
    expect(d.get('frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.paypal.com']));
    expect(d.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://api.stripe.com', 'https://*.paypal.com']));
    expect(d.get('img-src')).toEqual(expect.arrayContaining(['https://*.stripe.com', 'https://*.paypalobjects.com']));
    expect(d.get('script-src')).toEqual(expect.arrayContaining(["'nonce-n'", "'strict-dynamic'", 'https://js.stripe.com', 'https://www.paypal.com']));
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('merge with the analytics hosts without repeats', () => {
    const merged = mergeCspSources({ script: ['https://a.example', 'https://js.stripe.com'], img: ['https://a.example'] }, { script: ['https://js.stripe.com'], frame: ['https://f.example'] });
    expect(merged).toEqual({ script: ['https://a.example', 'https://js.stripe.com'], img: ['https://a.example'], frame: ['https://f.example'] });
  });

  it('let js.stripe.com use the Payment Request API and change nothing else of the permissions policy', () => {
    expect(PAYMENT_PAGE_PERMISSIONS_POLICY).toMatch(/payment=\(self "https:\/\/js\.stripe\.com"\)/);
    expect(PAYMENT_PAGE_PERMISSIONS_POLICY.replace(/payment=\([^)]*\)/, '')).toBe(PERMISSIONS_POLICY.replace(/payment=\([^)]*\)/, ''));
  });
});

describe('COMMON_SECURITY_HEADERS', () => {
  it('carry HSTS for two years with subdomains, nosniff, the referrer policy, DENY framing and a permissions policy', () => {
    expect(COMMON_SECURITY_HEADERS).toMatchObject({
      'Strict-Transport-Security': HSTS,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': REFERRER_POLICY,
      'X-Frame-Options': 'DENY',
      'Permissions-Policy': PERMISSIONS_POLICY,
    });
    expect(HSTS).toMatch(/max-age=63072000; includeSubDomains/);
    expect(REFERRER_POLICY).toBe('strict-origin-when-cross-origin');
    expect(PERMISSIONS_POLICY).toMatch(/camera=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/payment=\(self\)/);
  });
});

describe('public/_headers', () => {
  it('is exactly staticHeadersFile() (run `npm run build` to regenerate it)', () => {
    expect(headersFile).toBe(staticHeadersFile());
  });

  it('gives every static file the common headers and the static CSP', () => {
    const text = staticHeadersFile();
    expect(text.startsWith('/*\n')).toBe(true);
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) expect(text).toContain(`  ${name}: ${value}\n`);
    expect(text).toContain(`  Content-Security-Policy: ${STATIC_CSP}\n`);
    expect(STATIC_CSP).not.toMatch(/script-src/);
    expect(STATIC_CSP).toMatch(/default-src 'none'/);
    expect(STATIC_CSP).toMatch(/frame-ancestors 'none'/);
  });

  it('caches hashed assets for a year, immutable', () => {
    expect(staticHeadersFile()).toMatch(/^\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
  });
});
