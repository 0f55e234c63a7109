// One source for the security headers: the Worker sets them on every response it makes, and
// public/_headers (checked against this module by a unit test) gives static assets the same.

export const HSTS = 'max-age=63072000; includeSubDomains; preload';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(self), publickey-credentials-get=(), serial=(), usb=()';

/** Headers shared by Worker responses and static assets (everything but the CSP). */
export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': HSTS,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': REFERRER_POLICY,
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Static files run no script of their own: the tightest policy that still lets an SVG or image render. */
export const STATIC_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

/** Hosts a page adds to its CSP on top of 'self' (analytics tags, payment providers). */
export interface CspSources {
  script?: string[];
  connect?: string[];
  img?: string[];
  frame?: string[];
  style?: string[];
}

/** The page CSP, given this response's nonce. No 'unsafe-inline' or 'unsafe-eval' for scripts. */
export function pageCsp(nonce: string, extra: CspSources = {}): string {
  const join = (list: string[]) => list.join(' ');
  const directives = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' ${join(['https:', ...(extra.script ?? [])])}`.trim(),
    // A provider's styles come with the page's nonce (PayPal's data-csp-nonce), never 'unsafe-inline'.
    `style-src ${join(["'self'", ...(extra.style?.length ? [`'nonce-${nonce}'`, ...extra.style] : [])])}`,
    `img-src ${join(["'self'", 'data:', 'blob:', ...(extra.img ?? [])])}`,
    "font-src 'self'",
    `connect-src ${join(["'self'", ...(extra.connect ?? [])])}`,
  ];
  if (extra.frame?.length) directives.push(`frame-src ${join(extra.frame)}`);
  directives.push("object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'");
  return directives.join('; ');
}

/**
 * What Stripe.js (Payment Element, 3-D Secure, wallets) and PayPal's JS SDK (buttons, popup,
 * card fields) need, per the providers' CSP guides. Only pages whose route says `payments: true`
 * get these; scripts still load through the nonce and 'strict-dynamic', the hosts are the
 * fallback for browsers without CSP3.
 */
export const PAYMENT_CSP_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
  connect: ['https://api.stripe.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
  img: ['https://*.stripe.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
  style: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
} satisfies Required<CspSources>;

/** Both lists of hosts, without repeats (a page may have analytics tags and payments). */
export function mergeCspSources(a: CspSources, b: CspSources): CspSources {
  const out: CspSources = {};
  for (const key of ['script', 'connect', 'img', 'frame', 'style'] as const) {
    const list = [...new Set([...(a[key] ?? []), ...(b[key] ?? [])])];
    if (list.length) out[key] = list;
  }
  return out;
}

/** Stripe's Payment Element (Apple Pay, Google Pay) runs the Payment Request API inside its frame. */
export const PAYMENT_PAGE_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace('payment=(self)', 'payment=(self "https://js.stripe.com")');

/** PayPal's checkout opens a popup that must be able to message its opener. */
export const PAYMENT_PAGE_COOP = 'same-origin-allow-popups';

/** The text of public/_headers. */
export function staticHeadersFile(): string {
  const lines = ['/*', ...Object.entries({ ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': STATIC_CSP }).map(([k, v]) => `  ${k}: ${v}`)];
  lines.push('', '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', '');
  return lines.join('\n');
}
