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

/** The page CSP, given this response's nonce. No 'unsafe-inline' or 'unsafe-eval' for scripts. */
export function pageCsp(nonce: string, extra: { connect?: string[]; script?: string[]; img?: string[] } = {}): string {
  const join = (list: string[]) => list.join(' ');
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' ${join(['https:', ...(extra.script ?? [])])}`.trim(),
    "style-src 'self'",
    `img-src ${join(["'self'", 'data:', 'blob:', ...(extra.img ?? [])])}`,
    "font-src 'self'",
    `connect-src ${join(["'self'", ...(extra.connect ?? [])])}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The text of public/_headers. */
export function staticHeadersFile(): string {
  const lines = ['/*', ...Object.entries({ ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': STATIC_CSP }).map(([k, v]) => `  ${k}: ${v}`)];
  lines.push('', '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', '');
  return lines.join('\n');
}
