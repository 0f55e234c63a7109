// Security headers on every kind of answer the site gives: pages, API answers, static assets,
// redirects and errors. What they must be comes from src/domain/security-headers.ts (the same
// module the Worker and public/_headers are built from), loaded through Vite.
import { importProjectModule } from './pages.mjs';

const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Directives of a CSP: { 'script-src': ["'nonce-…'", …], … } */
export function parseCsp(value) {
  const out = {};
  for (const part of String(value ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = sources;
  }
  return out;
}

/**
 * What is wrong with the headers of one answer (empty when all is well). `kind` is 'worker'
 * (anything the Worker answers) or 'static' (Workers Static Assets, headers from public/_headers).
 */
export function headerProblems(headers, kind, expected, body = '') {
  const problems = [];
  const get = (name) => headers.get(name);
  const csp = get('content-security-policy');
  if (!csp) problems.push('no Content-Security-Policy');
  else if (kind === 'static') {
    if (csp !== expected.STATIC_CSP) problems.push(`CSP is not the static policy: ${csp}`);
  } else {
    const d = parseCsp(csp);
    const script = d['script-src'] ?? d['default-src'] ?? [];
    const nonces = script.filter((s) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(s));
    if (nonces.length !== 1) problems.push(`script-src has ${nonces.length} nonces`);
    for (const bad of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'http:']) if (script.includes(bad)) problems.push(`script-src allows ${bad}`);
    if ((d['frame-ancestors'] ?? []).join(' ') !== "'none'") problems.push(`frame-ancestors is ${(d['frame-ancestors'] ?? ['(absent)']).join(' ')}`);
    if ((d['object-src'] ?? []).join(' ') !== "'none'") problems.push('object-src is not none');
    if (!d['base-uri']) problems.push('no base-uri');
    if ((d['style-src'] ?? []).includes("'unsafe-inline'")) problems.push("style-src allows 'unsafe-inline'");
    // A page's scripts must all carry this response's nonce (and nothing else can run).
    if (body && nonces.length === 1) {
      const nonce = nonces[0].slice("'nonce-".length, -1);
      for (const tag of body.match(/<script\b[^>]*>/gi) ?? []) {
        if (/type="application\/(ld\+)?json"/i.test(tag) && !/\snonce=/.test(tag)) continue;
        if (!tag.includes(`nonce="${nonce}"`)) problems.push(`a <script> without this response's nonce: ${tag.slice(0, 80)}`);
      }
      if (/\sstyle="/i.test(body)) problems.push('an inline style attribute (blocked by style-src)');
    }
  }
  const hsts = get('strict-transport-security') ?? '';
  const maxAge = Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? 0);
  if (maxAge < 31_536_000) problems.push(`HSTS max-age ${maxAge || '(absent)'} < 1 year`);
  if (!/includesubdomains/i.test(hsts)) problems.push('HSTS without includeSubDomains');
  if ((get('x-content-type-options') ?? '').toLowerCase() !== 'nosniff') problems.push(`X-Content-Type-Options ${get('x-content-type-options') ?? '(absent)'}`);
  const referrer = (get('referrer-policy') ?? '').toLowerCase();
  if (!['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer)) problems.push(`Referrer-Policy ${referrer || '(absent)'}`);
  const permissions = get('permissions-policy') ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation']) if (!new RegExp(`(^|[ ,])${feature}=\\(\\)`).test(permissions)) problems.push(`Permissions-Policy does not disable ${feature}`);
  if ((get('x-frame-options') ?? '').toUpperCase() !== 'DENY') problems.push(`X-Frame-Options ${get('x-frame-options') ?? '(absent)'}`);
  if (get('x-powered-by')) problems.push('X-Powered-By is sent');
  return problems;
}

/** The answers to check: [label, kind, request], with what each must be besides its headers. */
async function targets(baseUrl) {
  const home = await (await fetch(`${baseUrl}/`, { headers: { cookie: 'locale=en-US', 'user-agent': DESKTOP_UA } })).text();
  const script = /\ssrc="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
  const style = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1];
  const page = (path, extra = {}) => ({ path, init: { headers: { cookie: 'locale=en-US', 'user-agent': DESKTOP_UA, ...extra } } });
  const postJson = (path, body) => ({ path, init: { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': DESKTOP_UA }, body: JSON.stringify(body) } });
  return [
    ['page: home', 'worker', page('/'), { status: 200, html: true }],
    ['page: /ja-JP/buy', 'worker', page('/ja-JP/buy'), { status: 200, html: true }],
    ['page: /license-code', 'worker', page('/license-code'), { status: 200, html: true }],
    ['page: /mobile (phone)', 'worker', { path: '/mobile', init: { headers: { cookie: 'locale=en-US', 'user-agent': PHONE_UA } } }, { status: 200, html: true }],
    ['page: /mtdr_privacy.html?lang=ja', 'worker', page('/mtdr_privacy.html?lang=ja'), { status: 200, html: true }],
    ['API: POST /api/feedback/captcha', 'worker', postJson('/api/feedback/captcha', {}), { status: 200 }],
    ['API: POST /api/pay/send_cdkey_order_mail (invalid)', 'worker', postJson('/api/pay/send_cdkey_order_mail', { email: 'nope' }), { status: 400 }],
    ['API: POST /api/nope (404)', 'worker', postJson('/api/nope', {}), { status: 404 }],
    ['API: GET /api/pay/send_cdkey_order_mail (405)', 'worker', { path: '/api/pay/send_cdkey_order_mail', init: {} }, { status: 405 }],
    ['API: GET /api/geo', 'worker', { path: '/api/geo', init: {} }, { status: 200 }],
    ['beacon: GET /beacon (invalid)', 'worker', { path: '/beacon?uuid=x', init: {} }, { status: 400 }],
    ['health: GET /health', 'worker', { path: '/health', init: {} }, { status: 200 }],
    ['SEO: GET /sitemap.xml', 'worker', { path: '/sitemap.xml', init: {} }, { status: 200 }],
    ['SEO: GET /robots.txt', 'worker', { path: '/robots.txt', init: {} }, { status: 200 }],
    ['download: unknown installer name (404)', 'worker', page('/download/nope.exe'), { status: 404 }],
    ...(script ? [[`static: ${script}`, 'static', { path: script, init: {} }, { status: 200 }]] : []),
    ...(style ? [[`static: ${style}`, 'static', { path: style, init: {} }, { status: 200 }]] : []),
    ['static: /favicon.svg', 'static', { path: '/favicon.svg', init: {} }, { status: 200 }],
    ['redirect: /en-US/buy (301)', 'worker', page('/en-US/buy'), { status: 301, location: '/buy' }],
    ['redirect: /buy on a phone (302 → /mobile/buy)', 'worker', { path: '/buy', init: { headers: { cookie: 'locale=en-US', 'user-agent': PHONE_UA } } }, { status: 302, location: '/mobile/buy' }],
    ['redirect: /mobile/buy on a desktop (302 → /buy)', 'worker', page('/mobile/buy'), { status: 302, location: '/buy' }],
    ['redirect: form page POST (303)', 'worker', { path: '/license-code', init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': DESKTOP_UA }, body: 'email=a%40example.com' } }, { status: 303 }],
    ['error: unknown path (404 page)', 'worker', page('/no/such/page'), { status: 404, html: true }],
    ['error: /fr-FR/unknown (404 page)', 'worker', page('/fr-FR/unknown'), { status: 404, html: true }],
    ['error: /article-list/99 (validate → 404)', 'worker', page('/article-list/99'), { status: 404, html: true }],
  ].map(([label, kind, request, expect]) => ({ label, kind, request, expect }));
}

/** Fetches each target (redirects not followed) and checks it. Resolves to rows { label, status, problems }. */
export async function checkHeaders(baseUrl) {
  const expected = await importProjectModule('src/domain/security-headers.ts');
  const rows = [];
  for (const { label, kind, request, expect } of await targets(baseUrl)) {
    let res;
    try {
      res = await fetch(baseUrl + request.path, { ...request.init, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      rows.push({ label, kind, path: request.path, status: 0, problems: [`no answer: ${error.message}`] });
      continue;
    }
    const body = await res.text();
    const problems = headerProblems(res.headers, kind, expected, expect.html ? body : '');
    if (expect.status && res.status !== expect.status) problems.unshift(`status ${res.status}, expected ${expect.status}`);
    if (expect.location && !String(res.headers.get('location') ?? '').startsWith(expect.location)) problems.push(`Location ${res.headers.get('location')}, expected ${expect.location}`);
    rows.push({ label, kind, path: request.path, status: res.status, problems });
  }
  return rows;
}
